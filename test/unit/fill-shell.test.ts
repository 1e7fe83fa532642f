import { describe, expect, it } from 'vitest';
import { fillShell } from '../../worker/services/app-shell';

const SHELL =
  '<!doctype html><html lang="en"><head><link rel="stylesheet" href="/a.css"></head><body><div id="root"></div><script type="module" src="/main.js"></script></body></html>';

describe('the app shell filled with a server-rendered page', () => {
  it("keeps text with String.replace's $ patterns exactly as written, in the markup and the data", () => {
    const title = "Lockout $' tagout $& and $` $$ $1";
    const html = fillShell(SHELL, 'en', `<h1>${title}</h1>`, { title })!;
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(html).toContain(JSON.stringify({ title }));
    // The shell appears once: nothing of it was pasted into the page through a pattern.
    expect(html.match(/<!doctype html>/g)).toHaveLength(1);
    expect(html.match(/<script type="module"/g)).toHaveLength(1);
  });

  it('escapes < in the embedded data so a title cannot close the script element', () => {
    const html = fillShell(SHELL, 'ar', '<p>x</p>', { title: '</script><script>alert(1)</script>' })!;
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('<html lang="ar" dir="rtl">');
  });
});
