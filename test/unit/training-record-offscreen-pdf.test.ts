import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { TrainingRecordEvaluation } from '../../worker/contract/training-record-offscreen';
import { renderTrainingRecordPdf } from '../../worker/services/training-record-pdf';
import { nodeFontLoader } from './pdf-fonts-node';
import { pdftotextLines } from './pdf-text';
import { record } from './training-record-fixture';

const options = { appName: 'SafeWork Academy', origin: 'https://training.example.com', fonts: nodeFontLoader };

/** The lines between a section's title and the next section's, as pdftotext reads them, wrapped lines joined. */
function section(lines: string[], title: string, next: string): string {
  const start = lines.indexOf(title);
  expect(start, `section "${title}"`).toBeGreaterThanOrEqual(0);
  const end = lines.indexOf(next, start + 1);
  return lines.slice(start, end < 0 ? undefined : end).join(' ');
}

/**
 * Issue 28: the training record lists practical evaluations (template and version, evaluator,
 * the trainee's acknowledgement, date, outcome, items not passed, the authorisation) and
 * credentials (type, issuer, number, dates, approval; pending and rejected ones marked) beside
 * the certificates, read back with poppler's pdftotext as an inspector's tools would.
 */
describe('training record PDF: evaluations and credentials', () => {
  it('lists each evaluation with its version, evaluator, acknowledgement, outcome, failed items and authorisation', async () => {
    const lines = pdftotextLines(await renderTrainingRecordPdf(record(), options));
    const text = section(lines, 'Practical evaluations', 'Credentials');
    expect(text).toContain('Reach truck practical evaluation');
    expect(text).toContain('Version 2 · grants Powered industrial truck — reach truck');
    expect(text).toContain('Version 1 · grants Powered industrial truck — reach truck');
    expect(text).toContain('Evaluated and signed by Dana Whitfield on 12 October 2026');
    expect(text).toContain('Acknowledged by José Ñúñez on 12 October 2026 (own password)');
    expect(text).toContain('Not yet acknowledged by the trainee');
    expect(text).toContain('Competent');
    expect(text).toContain('Not yet competent');
    expect(text).toContain('Items not passed:');
    expect(text).toContain('• Checks the rack beam height before raising the load');
    expect(text).toContain('• Looks in the direction of travel when reversing with a raised mast');
    expect(text).toContain('AUT-2026-481516');
    expect(text).toContain('Valid until 11 October 2029');
    expect(text).toContain('Scan a code to check the authorisation online');
  });

  it('lists each credential with issuer, number, dates and its approval, marking pending and rejected ones', async () => {
    const lines = pdftotextLines(await renderTrainingRecordPdf(record(), options));
    const text = section(lines, 'Credentials', 'Training history');
    expect(text).toContain('First aid certificate');
    expect(text).toContain('Issued by St John Ambulance');
    expect(text).toContain('No. FA-77120');
    expect(text).toContain('19 November 2029');
    expect(text).toContain('Waiting for approval');
    expect(text).toContain('Submitted 21 November 2026');
    expect(text).toContain('Approved');
    expect(text).toContain('Approved by Morgan Admin on 2 April 2026');
    expect(text).toContain('Rejected');
    expect(text).toContain(
      'Rejected by Morgan Admin on 2 April 2026: The photo is blurred; the licence number cannot be read.',
    );
  });

  it('says so when there are none', async () => {
    const lines = pdftotextLines(
      await renderTrainingRecordPdf(record({ evaluations: [], credentials: [] }), options),
    ).join('\n');
    expect(lines).toContain('No practical evaluations.');
    expect(lines).toContain('No credentials submitted.');
    expect(lines).not.toContain('Scan a code to check the authorisation online');
  });

  it('prints names, items and credentials in any script, in the reader language (Arabic, Hindi)', async () => {
    const base = record();
    const [evaluation] = base.evaluations;
    const thai: TrainingRecordEvaluation = {
      ...evaluation!,
      templateName: 'การประเมินรถยกแบบรีชทรัค',
      evaluatorName: 'สมชาย ใจดี',
      failedItems: ['ตรวจสอบความสูงของชั้นวาง'],
      outcome: 'NOT_YET_COMPETENT',
      authorisation: null,
    };
    const credential = {
      ...base.credentials[0]!,
      typeName: 'Сертификат первой помощи',
      issuer: 'Ελληνικός Ερυθρός Σταυρός',
    };
    const input = record({ evaluations: [thai], credentials: [credential] });
    const ar = pdftotextLines(await renderTrainingRecordPdf(input, { ...options, language: 'ar' })).join('\n');
    expect(ar).toContain('التقييمات العملية');
    expect(ar).toContain('ليس كفئًا بعد');
    expect(ar).toContain('بانتظار الاعتماد');
    for (const name of ['การประเมินรถยกแบบรีชทรัค', 'สมชาย ใจดี', 'ตรวจสอบความสูงของชั้นวาง', 'Сертификат первой помощи'])
      expect(ar).toContain(name);
    const hi = pdftotextLines(await renderTrainingRecordPdf(input, { ...options, language: 'hi' })).join('\n');
    expect(hi).toContain('व्यावहारिक मूल्यांकन');
    expect(hi).toContain('स्वीकृति की प्रतीक्षा में');
    expect(hi).toContain('Ελληνικός Ερυθρός Σταυρός');
  });

  it('flows many evaluations onto further pages, repeating the table header, every row whole', async () => {
    const [evaluation] = record().evaluations;
    const evaluations = Array.from({ length: 40 }, (_, i) => ({
      ...evaluation!,
      id: `ev-${i}`,
      templateName: `Evaluation ${i + 1}`,
      failedItems: i % 3 === 0 ? ['An item not passed', 'Another item not passed'] : [],
    }));
    const bytes = await renderTrainingRecordPdf(record({ evaluations }), options);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(3);
    const text = pdftotextLines(bytes);
    for (let i = 1; i <= 40; i++) expect(text).toContain(`Evaluation ${i}`);
    // The header row comes back on each page the table continues on.
    expect(text.filter((line) => line === 'AUTHORISATION').length).toBeGreaterThan(2);
  });
});
