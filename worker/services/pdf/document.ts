import type { PDFDocument } from 'pdf-lib';
import type { Language } from '../../contract/language';

/** A4 portrait in points, the paper every PDF of the platform is printed on (a landscape page swaps the two). */
export const A4 = { width: 595.28, height: 841.89 } as const;

/** What a reader's PDF viewer shows about a document; the same fields for every PDF the platform makes. */
interface DocumentInfo {
  title: string;
  subject: string;
  keywords: string[];
  /** Author and creator: the platform's name. */
  appName: string;
  producer: string;
  language: Language;
  /** Creation and modification date: from the data (issue, generation), never the clock: a PDF is deterministic. */
  date: Date;
}

export function setDocumentInfo(doc: PDFDocument, info: DocumentInfo) {
  doc.setTitle(info.title, { showInWindowTitleBar: true });
  doc.setSubject(info.subject);
  doc.setKeywords(info.keywords);
  doc.setAuthor(info.appName);
  doc.setCreator(info.appName);
  doc.setProducer(info.producer);
  doc.setLanguage(info.language);
  doc.setCreationDate(info.date);
  doc.setModificationDate(info.date);
}
