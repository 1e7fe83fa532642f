import { createExecutionContext } from 'cloudflare:test';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { completeCourse, createAdmin, createDomain, createUser, db, env, login, schema } from './helpers';

// WinAnsi differs from Latin-1 only in 0x80-0x9F (the Spanish labels use none of those).
const latin1 = (hex: string) => String.fromCharCode(...(hex.match(/../g) ?? []).map((byte) => parseInt(byte, 16)));
const reversed = (text: string) => [...text].reverse().join('');

/**
 * What a text extractor reads from the record, without a PDF renderer (none runs inside workerd):
 * `plain`, the strings drawn in the standard fonts; `actual`, the /ActualText of every span drawn
 * in an embedded Noto font (a right-to-left span's text is in drawing order: pdftotext puts it
 * back, test/unit/training-record-pdf.test.ts checks that with the real pdftotext).
 */
async function readRecord(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const fonts = new Set<string>();
  const plain: string[] = [];
  const actual: string[] = [];
  for (const page of doc.getPages()) {
    const dict = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [, ref] of dict?.entries() ?? [])
      fonts.add(String((doc.context.lookup(ref) as PDFDict).get(PDFName.of('BaseFont'))));
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const source = new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());
      let inSpan = false;
      for (const m of source.matchAll(/\/ActualText <([0-9A-Fa-f]+)>|<([0-9A-Fa-f]*)>\s*Tj|\bEMC\b/g)) {
        if (m[1] !== undefined) {
          actual.push(PDFHexString.of(m[1]).decodeText());
          inSpan = true;
        } else if (m[2] !== undefined) {
          // Inside a span the hex strings are glyph ids of the embedded font, not characters.
          if (!inSpan) plain.push(latin1(m[2]));
        } else inSpan = false;
      }
    }
  }
  return { fonts: [...fonts], plain, actual, title: doc.getTitle() };
}

let learners: Record<'zhang' | 'fatima' | 'anita', string>;
let admins: Record<'es' | 'ar' | 'none', string>;

beforeAll(async () => {
  const domainId = await createDomain();
  const courseId = crypto.randomUUID();
  await db.insert(schema.courses).values({
    id: courseId,
    title: 'Hazard Communication',
    domainId,
    status: 'PUBLISHED',
    hasBeenPublished: true,
    certificateValidityDays: 365,
    publishedAt: new Date().toISOString(),
  });
  const learner = async (firstName: string) => {
    const user = await createUser({ firstName, lastName: '', domainIds: [domainId] });
    await completeCourse(user.id, courseId);
    return user.id;
  };
  learners = { zhang: await learner('张伟'), fatima: await learner('فاطمة'), anita: await learner('अनीता') };
  admins = {
    es: await login(await createAdmin({ language: 'es' })),
    ar: await login(await createAdmin({ language: 'ar' })),
    none: await login(await createAdmin({ language: null })),
  };
});

async function download(userId: string, token: string, acceptLanguage?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (acceptLanguage) headers['accept-language'] = acceptLanguage;
  const response = await app.fetch(
    new Request(`http://localhost/api/v2/admin/users/${userId}/training-record.pdf`, { headers }),
    env,
    createExecutionContext(),
  );
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return {
    language: response.headers.get('content-language'),
    ...(await readRecord(new Uint8Array(await response.arrayBuffer()))),
  };
}

describe("the training record PDF in the reader's language", () => {
  it('a Spanish administrator gets Spanish labels (over a browser asking for Arabic), and 张伟 printed exactly', async () => {
    const record = await download(learners.zhang, admins.es, 'ar');
    expect(record.language).toBe('es');
    expect(record.title).toBe('Registro de formación - 张伟');
    for (const label of [
      'Registro de formación',
      'Formación obligatoria',
      'Certificados',
      'Historial de formación',
      'Exenciones',
      'Completado',
      'Página 1 de 1',
    ])
      expect(record.plain, label).toContain(label);
    expect(record.plain.join('\n')).not.toMatch(/Training record|Required training|Page 1 of/);
    // The name panel, the running header (none on a one-page record) and the footer.
    expect(record.actual).toContain('张伟');
    expect(record.fonts.some((font) => font.includes('NotoSansSC'))).toBe(true);
  });

  it('an Arabic administrator gets Arabic labels, shaped in the embedded Arabic font, and فاطمة printed exactly', async () => {
    const record = await download(learners.fatima, admins.ar);
    expect(record.language).toBe('ar');
    expect(record.title).toBe('سجل التدريب - فاطمة');
    for (const label of ['سجل التدريب', 'التدريب الإلزامي', 'الشهادات', 'سجل الدورات التدريبية', 'مكتمل'])
      expect(record.actual, label).toContain(reversed(label));
    expect(record.actual).toContain(reversed('فاطمة'));
    expect(record.fonts.some((font) => font.includes('NotoSansArabic'))).toBe(true);
    expect(record.plain.join('\n')).not.toMatch(/Training|Certificates|Page \d/);
  });

  it("an administrator with no preferred language gets the browser's language (Hindi for अनीता), else English", async () => {
    const hindi = await download(learners.anita, admins.none, 'hi-IN,hi;q=0.9,en;q=0.5');
    expect(hindi.language).toBe('hi');
    expect(hindi.title).toBe('प्रशिक्षण रिकॉर्ड - अनीता');
    for (const label of ['प्रशिक्षण रिकॉर्ड', 'अनिवार्य प्रशिक्षण', 'प्रशिक्षण इतिहास', 'अनीता'])
      expect(hindi.actual, label).toContain(label);
    expect(hindi.fonts.some((font) => font.includes('NotoSansDevanagari'))).toBe(true);

    const english = await download(learners.anita, admins.none);
    expect(english.language).toBe('en');
    expect(english.title).toBe('Training record - अनीता');
    for (const label of ['Training record', 'Required training', 'Training history', 'Completed', 'Page 1 of 1'])
      expect(english.plain, label).toContain(label);
    expect(english.actual).toContain('अनीता');
  });
});
