import { describe, expect, it } from 'vitest';
import { type AttendanceSheetData, renderAttendanceSheetPdf } from '../../worker/services/session-sheet-pdf';
import { UnprintableTextError } from '../../worker/services/pdf/scripts';
import { nodeFontLoader } from './pdf-fonts-node';
import { pdftotextLines } from './pdf-text';

const options = { appName: 'SafeWork Academy', fonts: nodeFontLoader };

const sheet = (attendees: AttendanceSheetData['attendees']): AttendanceSheetData => ({
  title: 'Confined space entry: classroom',
  startsAt: '2026-11-20T08:00:00.000Z',
  endsAt: '2026-11-20T11:30:00.000Z',
  location: 'Training room 2, north gate',
  site: 'North plant',
  outline: 'Permits, atmospheric testing, rescue plan.',
  material: { title: 'Confined space entry', version: '2026-10-01T09:00:00.000Z' },
  signedOff: { name: 'Tess Trainer', at: '2026-11-20T11:40:00.000Z', meaning: 'I confirm who attended.' },
  trainers: [{ name: 'Tess Trainer', jobTitle: 'Safety trainer', qualifications: ['Certificate: Trainer (C-1)'] }],
  attendees,
  amendments: [],
  sheetUrl: 'https://training.example.com/api/v2/sessions/s1/attendance-sheet.pdf#record=0123456789abcdef',
  fingerprint: '0123456789abcdef',
});

/**
 * Issue 27's rule on the classroom sheet: every name prints in its own script (Noto fonts through
 * the shared text writer), never as "?", read back with poppler's pdftotext as an inspector would.
 */
describe('classroom session attendance sheet PDF', () => {
  it('prints attendees named in Arabic, Hindi and Thai exactly, with job title, method and time', async () => {
    const bytes = await renderAttendanceSheetPdf(
      sheet([
        { name: 'فاطمة الزهراء', jobTitle: 'مشغلة رافعة', method: 'QR', at: '2026-11-20T08:02:00.000Z' },
        { name: 'अनन्या शर्मा', jobTitle: 'पर्यवेक्षक', method: 'ROSTER', at: '2026-11-20T08:05:00.000Z' },
        { name: 'สมชาย ใจดี', jobTitle: 'ช่างเชื่อม', method: 'ROSTER', at: '2026-11-20T08:07:00.000Z' },
        { name: 'Maria Lopez', jobTitle: 'Nurse', method: 'KIOSK_PIN', at: '2026-11-20T08:08:00.000Z' },
        { name: 'Sam Okafor', jobTitle: 'Porter', method: 'KIOSK_BADGE', at: '2026-11-20T08:09:00.000Z' },
      ]),
      options,
    );
    const lines = pdftotextLines(bytes);
    const text = lines.join('\n');
    for (const exact of ['فاطمة الزهراء', 'مشغلة رافعة', 'अनन्या शर्मा', 'पर्यवेक्षक', 'สมชาย ใจดี', 'ช่างเชื่อม'])
      expect(text).toContain(exact);
    expect(text).not.toContain('?');
    expect(text).toContain('Classroom session attendance sheet');
    expect(text).toContain('Training room 2, north gate');
    expect(text).toContain('North plant');
    expect(text).toContain('Material: Confined space entry, version of 2026-10-01T09:00:00.000Z');
    expect(text).toContain('Certificate: Trainer (C-1)');
    expect(text).toContain('Attendees (5)');
    // How each was marked, in words (the kiosk's two ways apart).
    for (const method of ['QR code', 'Roster', 'Kiosk, PIN', 'Kiosk, badge']) expect(text).toContain(method);
    expect(text).toContain('2026-11-20 08:07 UTC');
  });

  it('refuses a name no bundled font covers instead of printing "?"', async () => {
    await expect(
      renderAttendanceSheetPdf(
        sheet([{ name: 'Linear B 𐀀𐀁', jobTitle: null, method: 'QR', at: '2026-11-20T08:02:00.000Z' }]),
        options,
      ),
    ).rejects.toBeInstanceOf(UnprintableTextError);
  });
});
