import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderCertificatePdf } from '../../worker/services/certificate-pdf';
import { UnprintableTextError } from '../../worker/services/pdf/scripts';
import { renderTrainingRecordPdf } from '../../worker/services/training-record-pdf';
import { nodeFontLoader } from './pdf-fonts-node';
import { pdftotextLines as textLines } from './pdf-text';
import { record } from './training-record-fixture';

/**
 * Issue 27 (every name on every PDF): a name and a course title in each script the Noto families
 * cover print on the certificate and on the training record so that poppler's pdftotext extracts
 * them exactly; before, these scripts printed "???". A character no bundled font has refuses the
 * PDF with a logged error instead of printing "?".
 */
const SCRIPTS: [script: string, name: string, course: string][] = [
  ['Hebrew', 'שרה כהן', 'בטיחות בעבודה בגובה'],
  ['Thai', 'สมชาย ใจดี', 'ความปลอดภัยในการทำงาน'],
  ['Korean', '김민준 박', '산업 안전 교육'],
  ['Tamil', 'தமிழ்செல்வி முருகன்', 'தீ பாதுகாப்பு'],
  ['Bengali', 'সুমন চট্টোপাধ্যায়', 'অগ্নি নিরাপত্তা'],
  ['Telugu', 'శ్రీనివాస్ రెడ్డి', 'అగ్ని భద్రత'],
  ['Greek', 'Ελένη Παπαδοπούλου', 'Ασφάλεια στην εργασία'],
  ['Armenian', 'Անի Հովհաննիսյան', 'Աշխատանքի անվտանգություն'],
  ['Georgian', 'ნინო ბერიძე', 'შრომის უსაფრთხოება'],
  ['Ethiopic', 'አበበ ቢቂላ', 'የሥራ ደህንነት'],
  ['Khmer', 'សុខ ចាន់ដារ៉ា', 'សុវត្ថិភាពការងារ'],
];

const certificate = (userName: string, courseName: string) =>
  renderCertificatePdf(
    {
      appName: 'SafeWork Academy',
      certificateNumber: 'CERT-2026-048213',
      userName,
      courseName,
      domainName: 'Chemical Safety',
      issuedAt: '2026-11-21T10:00:00.000Z',
      expiresAt: '2027-11-21T10:00:00.000Z',
      verifyUrl: 'http://localhost:8787/certificate/verify/CERT-2026-048213',
      language: 'en',
    },
    nodeFontLoader,
  );

const trainingRecord = (name: string, course: string) => {
  const base = record();
  return renderTrainingRecordPdf(
    {
      ...base,
      user: { ...base.user, name },
      courses: base.courses.map((entry, i) => (i === 0 ? { ...entry, courseTitle: course } : entry)),
    },
    { appName: 'SafeWork Academy', origin: 'https://training.example.com', fonts: nodeFontLoader },
  );
};

afterEach(() => vi.restoreAllMocks());

describe('every name on every PDF', () => {
  for (const [script, name, course] of SCRIPTS) {
    it(`${script}: the certificate and the training record print the name and the course title exactly`, async () => {
      const onCertificate = textLines(await certificate(name, course));
      expect(onCertificate).toContain(name);
      expect(onCertificate).toContain(course);
      expect(onCertificate.join('\n')).not.toContain('?');
      const onRecord = textLines(await trainingRecord(name, course)).join('\n');
      expect(onRecord).toContain(name);
      expect(onRecord).toContain(course);
    });
  }

  it('refuses, with a logged error, a name with a character no bundled font has rather than printing "?"', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Cherokee (no Noto family bundled) and a private-use character.
    await expect(certificate('ᏣᎳᎩ \u{e000}', 'Fire Safety')).rejects.toBeInstanceOf(UnprintableTextError);
    await expect(trainingRecord('ᏣᎳᎩ', 'Fire Safety')).rejects.toThrow(/U\+13E3/);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('"event":"pdf.unprintable_text"'));
    // The log names code points, never the person's name.
    expect(logged.mock.calls.flat().join('\n')).not.toContain('ᏣᎳᎩ');
  });
});
