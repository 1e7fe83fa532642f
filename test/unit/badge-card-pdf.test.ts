import { describe, expect, it } from 'vitest';
import { CARD_HEIGHT, CARD_WIDTH, renderBadgeCardPdf } from '../../worker/services/badge-card-pdf';
import { PDFDocument } from 'pdf-lib';
import { nodeFontLoader } from './pdf-fonts-node';
import { readQrFromPdf } from './pdf-qr';
import { pdftotextLines } from './pdf-text';

/**
 * The badge card (issue 30) is CR80 sized, prints the name, job title and site in any script, and
 * its QR, read back from the PDF's own drawing, opens the badge page.
 */
describe('badge card PDF', () => {
  const url = 'https://training.example.com/badge/u_1234.abcdefghijklmnop';
  const options = { appName: 'SafeWork Academy', fonts: nodeFontLoader, date: new Date('2026-11-28T00:00:00Z') };

  it('is a CR80 card with the name, job title, site and a QR of the badge page', async () => {
    const bytes = await renderBadgeCardPdf(
      { name: 'Rosa Delgado', jobTitle: 'Reach Truck Operator', site: 'North Warehouse', url },
      options,
    );
    const page = (await PDFDocument.load(bytes)).getPage(0);
    // 85.60 x 53.98 mm.
    expect(page.getWidth()).toBeCloseTo(242.65, 1);
    expect(page.getHeight()).toBeCloseTo(153.01, 0);
    expect([CARD_WIDTH, CARD_HEIGHT].map((n) => Math.round(n))).toEqual([243, 153]);
    const text = pdftotextLines(bytes).join('\n');
    for (const exact of ['Rosa Delgado', 'Reach Truck Operator', 'North Warehouse']) expect(text).toContain(exact);
    expect(await readQrFromPdf(bytes)).toBe(url);
  });

  it('prints names in Hindi, Chinese and Arabic exactly, and leaves out what is unknown', async () => {
    for (const name of ['अनीता शर्मा', '张伟', 'فاطمة الزهراء']) {
      const bytes = await renderBadgeCardPdf({ name, jobTitle: null, site: null, url }, options);
      const text = pdftotextLines(bytes).join('\n');
      expect(text).toContain(name);
      expect(text).not.toContain('?');
      expect(await readQrFromPdf(bytes)).toBe(url);
    }
  });
});
