import { describe, expect, it } from 'vitest';
import type { TalkRecord } from '../../worker/contract/talks';
import { renderTalkSheetPdf } from '../../worker/services/talk-sheet-pdf';
import { nodeFontLoader } from './pdf-fonts-node';
import { pdftotextLines } from './pdf-text';

const attendee = (position: number, name: string, jobTitle: string): TalkRecord['attendees'][number] => ({
  position,
  userId: `u${position}`,
  name,
  jobTitle,
  method: 'on-behalf',
  signedByName: 'Dana Whitfield',
  reason: 'Hands full',
  signedAt: '2026-11-22T06:40:00.000Z',
  hasSignature: false,
});

/**
 * The toolbox talk sheet prints attendees named in any script (issue 27's rule), read back with
 * pdftotext: the demo's warehouse crew (Hindi, Chinese) once made the sheet refuse with 422.
 */
describe('toolbox talk sheet PDF', () => {
  it('prints attendees named in Hindi, Chinese and Arabic exactly', async () => {
    const talk: TalkRecord = {
      id: 't1',
      topicId: 'topic-1',
      topicTitle: 'Heat stress: water, rest, shade',
      topicBody: 'Drink a cup of water every 15 to 20 minutes.',
      foremanId: 'f1',
      foremanName: 'Dana Whitfield',
      foremanMethod: 'password',
      foremanProvider: null,
      meaning: 'I led this toolbox talk and these people attended',
      startedAt: '2026-11-22T06:30:00.000Z',
      signedOffAt: '2026-11-22T06:43:00.000Z',
      receivedAt: '2026-11-22T06:45:00.000Z',
      attendees: [
        attendee(0, 'अनीता शर्मा', 'Inventory Clerk'),
        attendee(1, '张伟', 'Forklift Operator'),
        attendee(2, 'فاطمة الزهراء', 'Shipping Coordinator'),
      ],
      sheetUrl: 'https://training.example.com/api/v2/talks/t1/sheet.pdf',
    };
    const bytes = await renderTalkSheetPdf(talk, {
      appName: 'SafeWork Academy',
      verifyUrl: 'https://training.example.com/api/v2/talks/t1/verify',
      number: 'TALK-T1',
      foremanJobTitle: 'Forklift Trainer and Evaluator',
      foremanSignature: null,
      signatures: [null, null, null],
      fonts: nodeFontLoader,
    });
    const text = pdftotextLines(bytes).join('\n');
    for (const exact of ['अनीता शर्मा', '张伟', 'فاطمة الزهراء', 'Heat stress: water, rest, shade'])
      expect(text).toContain(exact);
    expect(text).not.toContain('?');
  });

  it('prints how each line was signed: on their behalf, or on their own phone (the QR)', async () => {
    const talk: TalkRecord = {
      id: 't2',
      topicId: 'topic-1',
      topicTitle: 'Ladders',
      topicBody: 'Three points of contact.',
      foremanId: 'f1',
      foremanName: 'Dana Whitfield',
      foremanMethod: 'password',
      foremanProvider: null,
      meaning: 'I led this toolbox talk and these people attended',
      startedAt: '2026-11-22T06:30:00.000Z',
      signedOffAt: '2026-11-22T06:43:00.000Z',
      receivedAt: '2026-11-22T09:45:00.000Z',
      attendees: [
        attendee(0, 'Ana Crew', 'Roofer'),
        { ...attendee(1, 'Ben Crew', 'Roofer'), method: 'account', signedByName: null, reason: null },
      ],
      sheetUrl: 'https://training.example.com/api/v2/talks/t2/sheet.pdf',
    };
    const bytes = await renderTalkSheetPdf(talk, {
      appName: 'SafeWork Academy',
      verifyUrl: 'https://training.example.com/api/v2/talks/t2/verify',
      number: 'TALK-T2',
      foremanJobTitle: null,
      foremanSignature: null,
      signatures: [null, null],
      fonts: nodeFontLoader,
    });
    const text = pdftotextLines(bytes).join('\n');
    expect(text).toMatch(/Ana Crew[\s\S]*Signed on their behalf by[\s\S]*Ben Crew[\s\S]*Signed on their own phone/);
    expect(text).toContain('(signed in to their account)');
  });
});
