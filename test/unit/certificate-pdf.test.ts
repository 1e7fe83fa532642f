import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { NEVER_EXPIRES, verificationUrl } from '../../worker/contract/certificates';
import { renderCertificatePdf } from '../../worker/services/certificate-pdf';
import { nodeFontLoader } from './pdf-fonts-node';
import { readQrFromPdf } from './pdf-qr';
import { readPdfText } from './pdf-text';

const base = {
  appName: 'SafeWork Academy',
  certificateNumber: 'CERT-2026-048213',
  userName: 'Priya Raman',
  courseName: 'Hazard Communication',
  domainName: 'Chemical Safety',
  issuedAt: '2026-11-21T10:00:00.000Z',
  expiresAt: '2027-11-21T10:00:00.000Z',
};

describe('certificate PDF', () => {
  it('draws a QR code that decodes to the public verification URL', async () => {
    const url = verificationUrl('https://training.example.com/', base.certificateNumber);
    expect(url).toBe('https://training.example.com/certificate/verify/CERT-2026-048213');
    const bytes = await renderCertificatePdf({ ...base, verifyUrl: url });
    expect(await readQrFromPdf(bytes)).toBe(url);
  });

  it('renders names outside the standard fonts and very long titles instead of failing', async () => {
    const bytes = await renderCertificatePdf(
      {
        ...base,
        userName: 'Zoë Łukasiewicz 王小明',
        courseName:
          'Working at Heights: Fall Protection, Ladders, Scaffolding, Aerial Work Platforms and Rescue Planning for Supervisors and Competent Persons',
        domainName: null,
        verifyUrl: 'http://localhost:8787/certificate/verify/CERT-2026-048213',
      },
      nodeFontLoader,
    );
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(1);
    // Metadata is UTF-16: the real name survives there even where the page had to fold it.
    expect(pdf.getSubject()).toContain('王小明');
    expect(await readQrFromPdf(bytes)).toBe('http://localhost:8787/certificate/verify/CERT-2026-048213');
  });

  it('prints "Valid until" with the date, or "Does not expire" for a course without expiry', async () => {
    const url = 'http://localhost:8787/certificate/verify/CERT-2026-048213';
    // Labels are set in spaced capitals: compare with every space taken out.
    const squeeze = (lines: string[]) => lines.join('').replace(/\s+/g, '');
    const dated = squeeze(await readPdfText(await renderCertificatePdf({ ...base, verifyUrl: url })));
    expect(dated).toContain('VALIDUNTIL21November2027');
    expect(dated).not.toContain('Doesnotexpire');
    const never = squeeze(
      await readPdfText(await renderCertificatePdf({ ...base, expiresAt: NEVER_EXPIRES, verifyUrl: url })),
    );
    expect(never).toContain('VALIDITYDoesnotexpire');
    expect(never).not.toContain('VALIDUNTIL');
    expect(never).not.toContain('9999');
  });

  it('prints the delivery language on one line of its own, and nothing when none is given', async () => {
    const url = 'http://localhost:8787/certificate/verify/CERT-2026-048213';
    const spanish = (
      await readPdfText(await renderCertificatePdf({ ...base, deliveryLanguage: 'es', verifyUrl: url }))
    ).join('\n');
    expect(spanish.split('\n')).toContain('Delivery language: Spanish');
    // Named in the certificate's own language when the learner reads Spanish.
    const inSpanish = (
      await readPdfText(await renderCertificatePdf({ ...base, deliveryLanguage: 'es', language: 'es', verifyUrl: url }))
    ).join('\n');
    expect(inSpanish.split('\n')).toContain('Idioma de impartición: español');
    const none = (await readPdfText(await renderCertificatePdf({ ...base, verifyUrl: url }))).join('\n');
    expect(none).not.toContain('Delivery language');
  });

  it('is deterministic for the same certificate, so a re-render stores the same file', async () => {
    const input = { ...base, verifyUrl: 'http://localhost:8787/certificate/verify/CERT-2026-048213' };
    expect(await renderCertificatePdf(input)).toEqual(await renderCertificatePdf(input));
  });
});
