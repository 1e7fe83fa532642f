import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../worker/contract/language';
import { renderCertificatePdf } from '../../worker/services/certificate-pdf';
import { nodeFontLoader } from './pdf-fonts-node';
import { pdftotextLines as textLines } from './pdf-text';

/**
 * Certificates print every name: each script's name is drawn in an embedded, subsetted Noto font
 * and read back with poppler's pdftotext (Debian poppler-utils, as an inspector's tools would), which
 * must give exactly the name. scripts/test.mjs installs poppler-utils where it is missing.
 */
const base = {
  appName: 'SafeWork Academy',
  certificateNumber: 'CERT-2026-048213',
  courseName: 'Hazard Communication',
  domainName: 'Chemical Safety',
  issuedAt: '2026-11-21T10:00:00.000Z',
  expiresAt: '2027-11-21T10:00:00.000Z',
  verifyUrl: 'http://localhost:8787/certificate/verify/CERT-2026-048213',
};

const dir = mkdtempSync(join(tmpdir(), 'certificate-scripts-'));

const render = (userName: string, language: Language = 'en') =>
  renderCertificatePdf({ ...base, userName, language }, nodeFontLoader);

describe('certificate names in every script', () => {
  const names = ['张伟', 'Ольга', 'Ελένη', 'José Müller-Łukasiewicz', 'अनीता', 'فاطمة', 'किरण क्षत्रिय', 'فاطمة الزهراء'];
  for (const name of names) {
    it(`prints ${name} so that pdftotext extracts exactly it`, async () => {
      const bytes = await render(name);
      expect(textLines(bytes)).toContain(name);
    });
  }

  it('prints a name mixing six scripts, in reading order', async () => {
    const name = 'Ольга Ελένη José Müller-Łukasiewicz 张伟 فاطمة अनीता';
    const lines = textLines(await render(name));
    // Every character in reading order. pdftotext places the space at a right-to-left/left-to-right
    // boundary by its own rules (it moves the one between فاطمة and अनीता to before فاطمة), so
    // spaces are left out of this comparison; each single-script name above is compared exactly.
    expect(lines.map((line) => line.replace(/\s+/g, ''))).toContain(name.replace(/\s+/g, ''));
  });

  it('embeds only the glyphs it draws (a 10 MB CJK font becomes a few KB) and no font at all for a name the standard fonts print', async () => {
    const cjk = await render('张伟');
    expect(cjk.byteLength).toBeLessThan(40_000);
    const fonts = execFileSync(
      'pdffonts',
      [join(dir, 'plain.pdf')].map((file) => {
        writeFileSync(file, cjk);
        return file;
      }),
    ).toString();
    expect(fonts).toMatch(/NotoSansSC-Bold|NotoSerif-BoldItalic/);
    const plain = await render('Priya Raman');
    expect(plain.byteLength).toBeLessThan(8_000);
    writeFileSync(join(dir, 'plain2.pdf'), plain);
    expect(execFileSync('pdffonts', [join(dir, 'plain2.pdf')]).toString()).not.toMatch(/Noto/);
  });

  it('stays deterministic with embedded fonts, so a re-render stores the same file', async () => {
    expect(await render('फातिमा 张伟 Ольга', 'hi')).toEqual(await render('फातिमा 张伟 Ольга', 'hi'));
  });
});

describe('certificate labels in the learner language', () => {
  const cases: [Language, string[]][] = [
    ['en', ['Certificate of Completion', 'This is to certify that', '21 November 2026', 'Scan to verify']],
    ['es', ['Certificado de Finalización', 'Se certifica que', '21 de noviembre de 2026', 'Escanee para verificar']],
    ['hi', ['पूर्णता प्रमाणपत्र', 'प्रमाणित किया जाता है कि', 'सत्यापन के लिए स्कैन करें', 'पुस्तक: Chemical Safety']],
    ['ar', ['شهادة إتمام', 'نشهد بأن', 'امسح للتحقق', 'مسؤول التدريب']],
  ];
  for (const [language, expected] of cases) {
    it(`${language}: the labels and dates are in the language and the name is intact`, async () => {
      const lines = textLines(await render('Anita Kumar', language));
      for (const text of expected) expect(lines).toContain(text);
      expect(lines).toContain('Anita Kumar');
      expect(lines).toContain('CERT-2026-048213');
    });
  }

  it('an Arabic certificate writes its language into the PDF', async () => {
    const pdf = await PDFDocument.load(await render('فاطمة', 'ar'));
    expect(String(pdf.catalog.get(PDFName.of('Lang')))).toBe('(ar)');
  });
});
