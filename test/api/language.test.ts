import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream } from 'pdf-lib';
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  api,
  completeCourse,
  createAdmin,
  createDomain,
  createUser,
  db,
  freshIp,
  login,
  mailsTo,
  schema,
  userRow,
} from './helpers';

/** The user's preferred language (issue 16): profile and admin writes, and what the Worker renders with it. */
describe('the preferred language on the user', () => {
  it('is null until chosen; a learner sets and clears it on their profile, and the session user carries it', async () => {
    const me = await createUser();
    const token = await login(me);
    const before = await api('GET', `/api/users/${me.id}`, { token });
    expect(before.body.language).toBeNull();

    const put = await api('PUT', `/api/users/${me.id}`, {
      token,
      body: { username: me.username, email: me.email, firstName: 'Ana', lastName: 'Ruiz', language: 'es' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.language).toBe('es');
    expect((await api('GET', `/api/users/${me.id}`, { token })).body.language).toBe('es');
    expect((await api('GET', '/api/auth/user', { token })).body.language).toBe('es');

    // Absent leaves it; null clears it (back to the browser's language).
    await api('PUT', `/api/users/${me.id}`, {
      token,
      body: { username: me.username, email: me.email, firstName: 'Ana', lastName: 'Ruiz' },
    });
    expect((await userRow(me.id))!.language).toBe('es');
    const cleared = await api('PUT', `/api/users/${me.id}`, {
      token,
      body: { username: me.username, email: me.email, firstName: 'Ana', lastName: 'Ruiz', language: null },
    });
    expect(cleared.body.language).toBeNull();
  });

  it('refuses a language outside en, es, hi, ar with a clear message and changes nothing', async () => {
    const me = await createUser({ language: 'hi' });
    const token = await login(me);
    for (const language of ['fr', 'EN', '', 3]) {
      const res = await api('PUT', `/api/users/${me.id}`, {
        token,
        body: { username: me.username, email: me.email, firstName: 'Changed', language },
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('Language must be one of en, es, hi, ar');
    }
    const row = await userRow(me.id);
    expect(row!.language).toBe('hi');
    expect(row!.firstName).toBe('Test');
  });

  it('an administrator may set it when creating or editing a user', async () => {
    const admin = await createAdmin();
    const token = await login(admin);
    const created = await api('POST', '/api/users', {
      token,
      body: {
        username: `lang${Date.now()}`,
        email: `lang${Date.now()}@example.test`,
        role: 'USER',
        firstName: 'Fatima',
        lastName: 'Zahra',
        language: 'ar',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.user.language).toBe('ar');
    const edited = await api('PUT', `/api/users/${created.body.user.id}`, { token, body: { language: 'hi' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.language).toBe('hi');
    expect((await api('PUT', `/api/users/${created.body.user.id}`, { token, body: { language: 'de' } })).status).toBe(
      400,
    );
  });
});

describe('e-mails in the preferred language', () => {
  it('a Hindi learner gets the password-reset mail in Hindi; an unset language stays English', async () => {
    const hindi = await createUser({ language: 'hi', firstName: 'अनीता' });
    expect(
      (await api('POST', '/api/auth/forgot-password', { body: { email: hindi.email }, headers: freshIp() })).status,
    ).toBe(200);
    const [mail] = await mailsTo(hindi.email);
    expect(mail!.subject).toContain('अपना पासवर्ड रीसेट करें');
    expect(mail!.bodyText).toMatch(/^नमस्ते अनीता,/);
    expect(mail!.bodyText).toContain('/reset-password?token=');

    const english = await createUser();
    await api('POST', '/api/auth/forgot-password', { body: { email: english.email }, headers: freshIp() });
    const [plain] = await mailsTo(english.email);
    expect(plain!.subject).toContain('reset your password');
  });

  it('an Arabic user hears of an e-mail change in Arabic', async () => {
    const me = await createUser({ language: 'ar', firstName: 'فاطمة' });
    const token = await login(me);
    const next = `new-${me.email}`;
    const res = await api('PUT', `/api/users/${me.id}`, {
      token,
      body: { username: me.username, email: next, firstName: 'فاطمة', currentPassword: me.password },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [mail] = await mailsTo(me.email);
    expect(mail!.subject).toContain('تم تغيير عنوان بريدك الإلكتروني');
    expect(mail!.bodyText).toContain(next);
  });
});

/** Every ActualText of a PDF's pages (the text a reader extracts from spans drawn in embedded fonts). */
async function pdfFacts(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const fonts = new Set<string>();
  const actual: string[] = [];
  for (const page of doc.getPages()) {
    const dict = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [, ref] of dict?.entries() ?? [])
      fonts.add(String((doc.context.lookup(ref) as PDFDict).get(PDFName.of('BaseFont'))));
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const source = new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());
      for (const m of source.matchAll(/\/ActualText <([0-9A-Fa-f]+)>/g))
        actual.push(PDFHexString.of(m[1]!).decodeText());
    }
  }
  return { fonts: [...fonts], actual, title: doc.getTitle() };
}

describe('certificates in the learner language, with every name printed', () => {
  async function certificateFor(firstName: string, lastName: string, language: 'en' | 'es' | 'hi' | 'ar' | null) {
    const domainId = await createDomain();
    const courseId = crypto.randomUUID();
    await db.insert(schema.courses).values({
      id: courseId,
      title: 'Hazard Communication',
      domainId,
      status: 'PUBLISHED',
      hasBeenPublished: true,
      certificateValidityDays: 365,
      publishedAt: new Date().toISOString(),
    });
    const user = await createUser({ firstName, lastName, language, domainIds: [domainId] });
    await completeCourse(user.id, courseId);
    const token = await login(user);
    const generated = await api('POST', `/api/v2/certificates/generate/${courseId}`, { token });
    expect(generated.status, JSON.stringify(generated.body)).toBe(201);
    const started = Date.now();
    const response = await SELF.fetch(`http://localhost/api/v2/certificates/download/${generated.body.certificateId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(response.status).toBe(200);
    return { bytes, ms: Date.now() - started };
  }

  it('a Hindi learner named 张伟 gets Hindi labels, the name in an embedded CJK subset, and its text layer holds the name', async () => {
    const { bytes, ms } = await certificateFor('张', '伟', 'hi');
    const facts = await pdfFacts(bytes);
    expect(facts.title).toBe('पूर्णता प्रमाणपत्र - Hazard Communication');
    expect(facts.actual).toContain('张 伟');
    expect(facts.actual).toContain('पूर्णता प्रमाणपत्र');
    expect(facts.fonts.some((f) => f.includes('NotoSansSC'))).toBe(true);
    expect(facts.fonts.some((f) => f.includes('NotoSansDevanagari'))).toBe(true);
    // Subsetted: the 10 MB CJK font adds a few KB.
    expect(bytes.byteLength).toBeLessThan(60_000);
    console.log(`certificate with CJK + Devanagari fonts, first in this isolate: ${ms} ms, ${bytes.byteLength} bytes`);
  });

  it('Korean and Thai names print through fonts fetched from the static assets only for them (issue 27)', async () => {
    const korean = await pdfFacts((await certificateFor('김민준', '박', null)).bytes);
    expect(korean.actual).toContain('김민준 박');
    expect(korean.fonts.some((f) => f.includes('NotoSansKR'))).toBe(true);
    expect(korean.fonts.some((f) => f.includes('NotoSansThai'))).toBe(false);
    const thai = await pdfFacts((await certificateFor('สมชาย', 'ใจดี', null)).bytes);
    expect(thai.actual).toContain('สมชาย ใจดี');
    expect(thai.fonts.some((f) => f.includes('NotoSansThai'))).toBe(true);
    expect(thai.fonts.some((f) => f.includes('NotoSansKR'))).toBe(false);
  });

  it('an Arabic learner gets an Arabic certificate; an unset language gives English with standard fonts only', async () => {
    const arabic = await pdfFacts((await certificateFor('فاطمة', 'الزهراء', 'ar')).bytes);
    // A right-to-left run's ActualText is in drawing order, like its glyphs (extractors such as
    // pdftotext put it back in reading order: test/unit/certificate-scripts.test.ts).
    expect(arabic.actual).toContain([...'شهادة إتمام'].reverse().join(''));
    expect(arabic.fonts.some((f) => f.includes('NotoSansArabic'))).toBe(true);

    const english = await certificateFor('Priya', 'Raman', null);
    const facts = await pdfFacts(english.bytes);
    expect(facts.title).toBe('Certificate of Completion - Hazard Communication');
    expect(facts.fonts.every((f) => !f.includes('Noto'))).toBe(true);
    expect(facts.actual).toEqual([]);
  });
});
