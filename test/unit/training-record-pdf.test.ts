import { PDFDict, PDFDocument, PDFName, PDFString, StandardFonts, type PDFFont } from 'pdf-lib';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verificationUrl } from '../../worker/contract/certificates';
import { drawnWidth } from '../../worker/services/pdf/text-writer';
import { RECORD_PAGE_WIDTH, renderTrainingRecordPdf } from '../../worker/services/training-record-pdf';
import { nodeFontLoader } from './pdf-fonts-node';
import { readQrFromPdf } from './pdf-qr';
import { readPdfRuns, readPdfText, type TextRun } from './pdf-text';
import { HEIGHTS, heightsCourse, record } from './training-record-fixture';

const ORIGIN = 'https://training.example.com';
const options = { appName: 'SafeWork Academy', origin: ORIGIN };

async function linkUris(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().flatMap((page) =>
    (page.node.Annots()?.asArray() ?? []).map((ref) => {
      const action = doc.context.lookup(ref, PDFDict).lookup(PDFName.of('A'), PDFDict);
      return action.lookup(PDFName.of('URI'), PDFString).decodeText();
    }),
  );
}

/** Widths of every drawn string, measured with the same standard font: nothing may cross the margins. */
async function overflowing(pages: TextRun[][]): Promise<string[]> {
  const scratch = await PDFDocument.create();
  const fonts = new Map<string, PDFFont>();
  const out: string[] = [];
  for (const [index, runs] of pages.entries()) {
    // Runs in the standard fonts only: an embedded font's hex strings are glyph ids, not text.
    for (const run of runs.filter((r) => (Object.values(StandardFonts) as string[]).includes(r.font))) {
      if (!fonts.has(run.font)) fonts.set(run.font, await scratch.embedFont(run.font as StandardFonts));
      // As drawn: a plain Tj, without the kerning pdf-lib's widthOfTextAtSize would add.
      const right = run.x + drawnWidth(fonts.get(run.font)!, run.text, run.size);
      if (run.x < 45 || right > RECORD_PAGE_WIDTH - 45)
        out.push(`page ${index + 1}: "${run.text}" spans ${run.x.toFixed(1)}..${right.toFixed(1)}`);
    }
  }
  return out;
}

describe('training record PDF', () => {
  it('names the person and shows where they stand on each required course', async () => {
    const bytes = await renderTrainingRecordPdf(record(), options);
    const text = (await readPdfText(bytes)).join('\n');
    expect(text).toContain('Training record');
    expect(text).toContain('José Ñúñez');
    expect(text).toContain('jnunez');
    expect(text).toContain('jose.nunez@plant-7.example.com');
    expect(text).toContain('Warehouse & Logistics');
    expect(text).toContain('Forklift operator');
    expect(text).toContain('Generated 25 November 2026 at 08:49 UTC');
    expect(text).toContain('Due soon');
    expect(text).toContain('Overdue');
    expect(text).toContain('10 December 2026');
    for (const section of ['Required training', 'Certificates', 'Training history', 'Exemptions', 'Retraining events'])
      expect(text).toContain(section);
  });

  it('lists every certificate of every cycle, linked both ways, each with a code that opens its verification page', async () => {
    const bytes = await renderTrainingRecordPdf(record(), options);
    const text = (await readPdfText(bytes)).join('\n');
    expect(text).toContain('CERT-2024-118402');
    expect(text).toContain('CERT-2025-530917');
    expect(text).toContain('Superseded by CERT-2025-530917');
    expect(text).toContain('Renews CERT-2024-118402');
    expect(text).toContain('EXPIRED');
    expect(text).toContain('ACTIVE');
    expect(await linkUris(bytes)).toEqual([
      verificationUrl(ORIGIN, 'CERT-2024-118402'),
      verificationUrl(ORIGIN, 'CERT-2025-530917'),
      // The authorisation a practical evaluation granted has its own code.
      `${ORIGIN}/authorisation/verify/AUT-2026-481516`,
    ]);
  });

  it('says which language each cycle and certificate was delivered in', async () => {
    const bytes = await renderTrainingRecordPdf(record(), options);
    const text = (await readPdfText(bytes)).join('\n').replace(/\u00a0/g, ' ');
    // The fixture's renewal was taken in the Spanish version; everything else in English.
    expect(text).toContain('Delivery language: Spanish');
    expect(text).toContain('Delivery language: English');
    expect(text).toContain('Delivery language Spanish');
    expect(text).toContain('Delivery language English');
  });

  it('draws a QR code a phone reads as the verification URL', async () => {
    const course = heightsCourse();
    course.cycles = [course.cycles[1]];
    const bytes = await renderTrainingRecordPdf(
      record({ courses: [course], exemptions: [], events: [], evaluations: [] }),
      options,
    );
    expect(await readQrFromPdf(bytes)).toBe(verificationUrl(ORIGIN, 'CERT-2025-530917'));
  });

  it('leaves the codes out when the public address is unknown', async () => {
    const bytes = await renderTrainingRecordPdf(record(), { ...options, origin: null });
    expect(await linkUris(bytes)).toEqual([]);
    expect(await readQrFromPdf(bytes)).toBeNull();
    const text = (await readPdfText(bytes)).join('\n');
    expect(text).toContain('CERT-2025-530917');
    expect(text).not.toContain('/certificate/verify/');
  });

  it('shows each cycle with its attempts, then the exemptions and retraining events', async () => {
    const text = (await readPdfText(await renderTrainingRecordPdf(record(), options))).join('\n');
    expect(text).toContain('Cycle 1');
    expect(text).toContain('Cycle 2 (current)');
    expect(text).toContain('62.5%');
    expect(text).toContain('Failed');
    expect(text).toContain('Passed');
    expect(text).toContain('In progress');
    expect(text).toContain('Confined Space Entry');
    expect(text).toContain('31 March 2027');
    expect(text).toContain('Incident');
    expect(text).toContain('hypochlorite found in warehouse bay 4');
  });

  it("prints the person's name, department and job title in any script (embedded fonts), and keeps the name whole in the metadata", async () => {
    const bytes = await renderTrainingRecordPdf(
      record({
        user: {
          ...record().user,
          name: '张伟 (Zhang Wei)',
          department: 'Línea 3 — Łódź',
          jobTitle: 'Μηχανικός ασφαλείας',
        },
      }),
      { ...options, fonts: nodeFontLoader },
    );
    const file = join(mkdtempSync(join(tmpdir(), 'record-')), 'record.pdf');
    writeFileSync(file, bytes);
    const extracted = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'])
      .toString('utf8')
      .split('\n')
      .map((line) => line.trim());
    // The name panel, the running header and the footer of every page.
    expect(extracted).toContain('张伟 (Zhang Wei)');
    expect(extracted.filter((line) => line.includes('张伟 (Zhang Wei)')).length).toBeGreaterThanOrEqual(3);
    // Once folded to "Lodz" by the standard font: now in Noto Sans, as written.
    expect(extracted).toContain('Línea 3 — Łódź');
    expect(extracted).toContain('Μηχανικός ασφαλείας');
    for (const name of ['अनीता शर्मा', 'فاطمة الزهراء', 'Ольга Ελένη']) {
      writeFileSync(
        file,
        await renderTrainingRecordPdf(record({ user: { ...record().user, name } }), {
          ...options,
          fonts: nodeFontLoader,
        }),
      );
      const lines = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'])
        .toString('utf8')
        .split('\n')
        .map((line) => line.replace(/[\u202a-\u202e]/g, '').trim());
      expect(lines, name).toContain(name);
    }
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getTitle()).toBe('Training record - 张伟 (Zhang Wei)');
    expect(doc.getAuthor()).toBe('SafeWork Academy');
  });

  it('prints course titles, assessment titles and notes in any script', async () => {
    const course = heightsCourse();
    course.courseTitle = '高处作业安全 — सुरक्षा प्रशिक्षण';
    course.cycles[0]!.attempts[0]!.componentTitle = 'اختبار السلامة النهائي';
    const bytes = await renderTrainingRecordPdf(
      record({ courses: [course], events: [{ ...record().events[0]!, note: 'Нарушение: работа без страховки' }] }),
      { ...options, fonts: nodeFontLoader },
    );
    const file = join(mkdtempSync(join(tmpdir(), 'record-')), 'record.pdf');
    writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'])
      .toString('utf8')
      .replace(/[\u202a-\u202e]/g, '');
    expect(text).toContain('高处作业安全 — सुरक्षा प्रशिक्षण');
    expect(text).toContain('اختبار السلامة النهائي');
    expect(text).toContain('Нарушение: работа без страховки');
    expect(text).not.toContain('?');
  });

  it("speaks the reader's language: Arabic labels read right to left on a mirrored page, Hindi labels shaped, dates through Intl", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'record-'));
    const extract = async (language: 'ar' | 'hi' | 'es', name: string) => {
      const bytes = await renderTrainingRecordPdf(record({ user: { ...record().user, name } }), {
        ...options,
        fonts: nodeFontLoader,
        language,
      });
      const file = join(dir, `${language}.pdf`);
      writeFileSync(file, bytes);
      const lines = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'])
        .toString('utf8')
        .split('\n')
        .map((line) => line.replace(/[\u200e\u200f\u202a-\u202e]/g, '').trim());
      return { bytes, lines, text: lines.join('\n') };
    };

    const arabic = await extract('ar', 'فاطمة الزهراء');
    for (const label of [
      'سجل التدريب',
      'التدريب الإلزامي',
      'الشهادات',
      'الإعفاءات',
      'أحداث تستوجب إعادة التدريب',
      'فاطمة الزهراء',
    ])
      expect(arabic.lines, label).toContain(label);
    // pdftotext reorders a right-to-left line that mixes in digits and brackets by its own
    // heuristics ("2 (الحالية)" comes out jumbled; the page itself reads right): only the words here.
    expect(arabic.text).toContain('الحالية');
    expect(arabic.text).toContain('نوفمبر');
    expect(arabic.text).not.toMatch(/Training record|Required training|Page \d/);
    expect((await PDFDocument.load(arabic.bytes, { updateMetadata: false })).getTitle()).toBe(
      'سجل التدريب - فاطمة الزهراء',
    );
    // Mirrored: the username (first field of the panel) ends at the right margin, the certificate
    // number (last column of the required table) starts near the left one.
    const runs = (await readPdfRuns(arabic.bytes))[0]!;
    const at = (text: string) => runs.find((run) => run.text === text)!;
    expect(at('jnunez').x).toBeGreaterThan(RECORD_PAGE_WIDTH / 2);
    expect(at('CERT-2025-530917').x).toBeLessThan(RECORD_PAGE_WIDTH / 3);
    // Latin text right-aligned on the mirrored page ends at the margin, not past it (kerning).
    expect(await overflowing(await readPdfRuns(arabic.bytes))).toEqual([]);
    const english = (await readPdfRuns(await renderTrainingRecordPdf(record(), options)))[0]!;
    expect(english.find((run) => run.text === 'jnunez')!.x).toBeLessThan(RECORD_PAGE_WIDTH / 3);

    const hindi = await extract('hi', 'अनीता शर्मा');
    for (const label of [
      'प्रशिक्षण रिकॉर्ड',
      'अनिवार्य प्रशिक्षण',
      'प्रशिक्षण इतिहास',
      'अनीता शर्मा',
      '25 नवंबर 2026 को 08:49 बजे UTC',
    ])
      expect(hindi.lines, label).toContain(label);

    const spanish = await extract('es', 'José Ñúñez');
    for (const label of [
      'Registro de formación',
      'Formación obligatoria',
      'Historial de formación',
      'Página 1 de 3',
      'PUNTUACIÓN',
    ])
      expect(spanish.lines, label).toContain(label);
    expect(spanish.text).toContain('10 de diciembre de');
  });

  it('wraps or cuts every long value inside the margins', async () => {
    const unbroken =
      'Lockout-Tagout-Procedures-For-Hydraulic-And-Pneumatic-Energy-Sources-At-The-Riverside-Packaging-Plant';
    const course = { ...heightsCourse(), courseTitle: unbroken };
    const bytes = await renderTrainingRecordPdf(
      record({
        user: {
          ...record().user,
          name: 'Maria Magdalena Wilhelmina Alexandra von Hohenzollern-Sigmaringen-Schaumburg-Lippe de la Cruz y Fernández',
          email: 'maria.magdalena.wilhelmina.alexandra.von.hohenzollern-sigmaringen@regional-operations.example.com',
          jobTitle:
            'Senior Environmental, Health and Safety Coordinator for Contractor Management and Permit-to-Work Systems',
        },
        courses: [course, ...record().courses],
      }),
      {
        appName: 'The Riverside Packaging Plant Environmental Health and Safety Training Academy Online',
        origin: 'https://training.riverside-packaging-plant-operations.example.com',
      },
    );
    expect(await overflowing(await readPdfRuns(bytes))).toEqual([]);
  });

  it('flows a long record onto numbered pages, each naming the person, without text crossing the margins', async () => {
    const base = heightsCourse();
    const courses = Array.from({ length: 60 }, (_, i) => ({
      ...base,
      courseId: `c-${i}`,
      courseTitle: `${i + 1}. ${HEIGHTS} ${'and Annual Refresher '.repeat(i % 4)}`,
      cycles: base.cycles.map((cycle) => ({
        ...cycle,
        certificate: cycle.certificate && {
          ...cycle.certificate,
          certificateNumber: `${cycle.certificate.certificateNumber.slice(0, 10)}${String(i).padStart(6, '0')}`,
        },
      })),
    }));
    const longNote = `${'Observed working on the mezzanine edge without a harness. '.repeat(16)}https://intranet.example.com/incidents/2026/10/very-long-identifier-without-any-spaces-0123456789abcdef`;
    const bytes = await renderTrainingRecordPdf(
      record({ courses, events: [{ ...record().events[0], note: longNote }] }),
      options,
    );
    const runs = await readPdfRuns(bytes);
    expect(runs.length).toBeGreaterThan(5);
    runs.forEach((page, index) => {
      const text = page.map((run) => run.text).join('\n');
      expect(text).toContain(`Page ${index + 1} of ${runs.length}`);
      expect(text).toContain('José Ñúñez');
    });
    expect(await overflowing(runs)).toEqual([]);
    expect(await linkUris(bytes)).toHaveLength(121);
  });

  it('renders the same bytes for the same record, so a stored copy can be compared', async () => {
    expect(await renderTrainingRecordPdf(record(), options)).toEqual(await renderTrainingRecordPdf(record(), options));
  });
});
