import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderTalkTopicPdf } from '../../worker/services/talk-topic-pdf';
import { renderTrainingRecordPdf } from '../../worker/services/training-record-pdf';
import { nodeFontLoader } from './pdf-fonts-node';
import { pdftotextLines } from './pdf-text';
import { record } from './training-record-fixture';

/** A talk topic without a PDF handout is still viewable as a PDF: its title, languages and text, in any script. */
describe('talk topic PDF', () => {
  it('prints the title, the languages and every paragraph of the text, Spanish and Hindi included', async () => {
    const bytes = await renderTalkTopicPdf(
      {
        title: 'Escaleras: tres puntos de apoyo',
        body: 'Mire hacia la escalera al subir.\n\nसीढ़ी पर हमेशा तीन बिंदु संपर्क रखें।\nNever carry tools in your hands on a ladder.',
        languages: ['es', 'hi'],
      },
      { appName: 'SafeWork Academy', fonts: nodeFontLoader },
    );
    if (process.env.TALK_TOPIC_PDF_OUT) writeFileSync(process.env.TALK_TOPIC_PDF_OUT, bytes);
    const text = pdftotextLines(bytes).join('\n');
    for (const exact of [
      'Escaleras: tres puntos de apoyo',
      'Languages: ES, HI',
      'Mire hacia la escalera al subir.',
      'सीढ़ी पर हमेशा तीन बिंदु संपर्क रखें।',
      'Never carry tools in your hands on a ladder.',
    ])
      expect(text).toContain(exact);
    expect(text).not.toContain('?');
  });
});

/** Issue 29: the training record PDF lists the toolbox talks the person is on the sheet of, with how their line was signed. */
describe('training record PDF: toolbox talks', () => {
  const talk = (id: string, method: 'signature' | 'on-behalf') => ({
    id,
    number: `TALK-${id.toUpperCase()}`,
    topicTitle: method === 'signature' ? 'Working at height' : 'Andamios: inspección diaria',
    foremanName: 'Fran Foreman',
    startedAt: '2026-11-20T06:30:00.000Z',
    signedOffAt: '2026-11-20T06:45:00.000Z',
    attendeeCount: 5,
    method,
    signedByName: method === 'on-behalf' ? 'Fran Foreman' : null,
    sheetUrl: `/api/v2/talks/${id}/sheet.pdf`,
  });

  it('prints each talk with its number, foreman, day and signature, and an empty note without talks', async () => {
    const options = { appName: 'SafeWork Academy', origin: 'https://training.example.com', fonts: nodeFontLoader };
    const text = pdftotextLines(
      await renderTrainingRecordPdf(
        record({ talks: [talk('a1b2c3d4', 'signature'), talk('e5f6a7b8', 'on-behalf')] }),
        options,
      ),
    ).join(' ');
    const part = text.slice(text.indexOf('Toolbox talks'));
    for (const exact of [
      'Working at height',
      'TALK-A1B2C3D4 · led by Fran Foreman',
      'Andamios: inspección diaria',
      'Signed on their behalf',
      'Signed on their behalf by Fran Foreman',
      '20 November 2026',
    ])
      expect(part).toContain(exact);
    const none = pdftotextLines(await renderTrainingRecordPdf(record(), options)).join(' ');
    expect(none).toContain('Not on the sheet of any toolbox talk.');
  });
});
