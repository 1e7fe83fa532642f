import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderTalkTopicPdf } from '../../worker/services/talk-topic-pdf';
import { nodeFontLoader } from './pdf-fonts-node';
import { pdftotextLines } from './pdf-text';

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
