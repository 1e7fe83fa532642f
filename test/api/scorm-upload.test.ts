import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import demoManifest from '../../scripts/seed-assets/ppe-quiz-scorm/imsmanifest.xml?raw';
import demoIndex from '../../scripts/seed-assets/ppe-quiz-scorm/index.html?raw';
import demoQuiz from '../../scripts/seed-assets/ppe-quiz-scorm/quiz.js?raw';
import {
  SCORM_MAX_FILES,
  SCORM_MAX_FILE_BYTES,
  SCORM_MAX_ZIP_BYTES,
  SCORM_MESSAGES,
} from '../../worker/contract/scorm';
import { api, env } from './helpers';
import {
  admin,
  demo,
  demoFiles,
  expectRefused,
  form,
  setUpScorm,
  storedKeys,
  upload,
  type Part,
} from './scorm-helpers';

/*
 * SCORM package uploads: a valid package is expanded under the material prefix, and each refused
 * package is named and leaves nothing stored. Playing a package: scorm.test.ts.
 */

const MANIFEST_2004 = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="m2004" version="1" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Ladder Safety 2004</title>
    <item identifier="i1" identifierref="r1"><title>Ladders</title>
      <imsss:sequencing><imsss:objectives><imsss:primaryObjective objectiveID="p" satisfiedByMeasure="true"><imsss:minNormalizedMeasure>0.75</imsss:minNormalizedMeasure></imsss:primaryObjective></imsss:objectives></imsss:sequencing>
    </item></organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormType="sco" xml:base="content/" href="start.html"><file href="start.html"/></resource></resources>
</manifest>`;

beforeAll(setUpScorm);

describe('uploading a SCORM package', () => {
  it('expands a valid SCORM 1.2 package under the material prefix and shows the manifest title, version and file count', async () => {
    expect(demo).toMatchObject({
      type: 'SCORM',
      contentType: 'application/zip',
      scorm: { version: '1.2', title: 'PPE Essentials Quiz', fileCount: 4, launchPath: 'index.html', masteryScore: 80 },
    });
    const keys = (await storedKeys()).filter((k) => k.startsWith(`materials/${demo.id}/scorm/`)).sort();
    expect(keys).toEqual(
      ['imsmanifest.xml', 'index.html', 'quiz.js', 'style.css'].map((f) => `materials/${demo.id}/scorm/${f}`),
    );
    const stored = await env.FILES.get(`materials/${demo.id}/scorm/quiz.js`);
    expect(await stored!.text()).toBe(demoQuiz);
    const list = await api('GET', '/api/v2/materials?page=1&limit=50&type=SCORM', { token: admin });
    expect(list.body.materials.find((m: { id: string }) => m.id === demo.id)?.scorm).toMatchObject({
      version: '1.2',
      fileCount: 4,
    });
  });

  it('expands a valid SCORM 2004 package, resolving xml:base and the passing score', async () => {
    const zip = zipSync({
      'imsmanifest.xml': strToU8(MANIFEST_2004),
      'content/start.html': strToU8('<html><head></head><body>Ladders</body></html>'),
      'content/img/': new Uint8Array(0),
    });
    const res = await upload(form('ladders.zip', zip));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.scorm).toMatchObject({
      version: '2004',
      title: 'Ladder Safety 2004',
      launchPath: 'content/start.html',
      fileCount: 2,
      masteryScore: 75,
    });
    expect(await env.FILES.head(`materials/${res.body.id}/scorm/content/start.html`)).not.toBeNull();
  });

  it('refuses a file that is not a zip', async () => {
    await expectRefused(form('course.zip', strToU8('<html>not a zip</html>')), 422, SCORM_MESSAGES.notZip);
  });

  it('refuses a package without imsmanifest.xml at its root', async () => {
    await expectRefused(
      form(
        'nested.zip',
        zipSync({ 'course/imsmanifest.xml': strToU8(demoManifest), 'course/index.html': strToU8(demoIndex) }),
      ),
      422,
      SCORM_MESSAGES.noManifest,
    );
  });

  it('refuses a package with a path that climbs out of it', async () => {
    await expectRefused(
      form('evil.zip', zipSync({ ...demoFiles(), '../evil.html': strToU8('x') })),
      422,
      SCORM_MESSAGES.traversal('../evil.html'),
    );
    await expectRefused(
      form('evil2.zip', zipSync({ ...demoFiles(), 'a/../../evil.html': strToU8('x') })),
      422,
      SCORM_MESSAGES.traversal('a/../../evil.html'),
    );
  });

  it('refuses a package with an absolute path', async () => {
    await expectRefused(
      form('abs.zip', zipSync({ ...demoFiles(), '/etc/passwd': strToU8('x') })),
      422,
      SCORM_MESSAGES.absolute('/etc/passwd'),
    );
  });

  it('refuses a package with too many files', async () => {
    const files: Record<string, Uint8Array> = demoFiles();
    for (let i = 0; i < SCORM_MAX_FILES; i++) files[`f/${i}.txt`] = new Uint8Array([65]);
    await expectRefused(form('many.zip', zipSync(files, { level: 0 })), 422, SCORM_MESSAGES.tooManyFiles);
  });

  it('refuses a package that expands past the size limit, before expanding anything', async () => {
    const zip = zipSync({ ...demoFiles(), 'big.bin': new Uint8Array(SCORM_MAX_FILE_BYTES + 1) }, { level: 1 });
    expect(zip.length).toBeLessThan(1024 * 1024);
    await expectRefused(form('bomb.zip', zip), 422, SCORM_MESSAGES.tooLargeExpanded);
  });

  it('refuses a zip larger than the package limit', async () => {
    const chunk = new Uint8Array(1024 * 1024);
    chunk.set([0x50, 0x4b, 0x03, 0x04]);
    const parts: Part[] = [];
    for (let i = 0; i <= SCORM_MAX_ZIP_BYTES / chunk.length; i++) parts.push(chunk);
    await expectRefused(form('huge.zip', new Blob(parts)), 413, SCORM_MESSAGES.tooLargeZip);
  });

  it('refuses manifests without a SCORM version or without a launch file in the package', async () => {
    const noVersion = demoManifest.replace('<schemaversion>1.2</schemaversion>', '<schemaversion>0.9</schemaversion>');
    await expectRefused(
      form('v.zip', zipSync({ ...demoFiles(), 'imsmanifest.xml': strToU8(noVersion) })),
      422,
      SCORM_MESSAGES.version,
    );
    const files = demoFiles() as Record<string, Uint8Array>;
    delete files['index.html'];
    await expectRefused(form('nolaunch.zip', zipSync(files)), 422, SCORM_MESSAGES.launchMissing('index.html'));
  });

  it('deletes every expanded file with the material', async () => {
    const res = await upload(form('temp.zip', zipSync(demoFiles())));
    expect(res.status).toBe(201);
    expect((await storedKeys()).filter((k) => k.startsWith(`materials/${res.body.id}/`))).toHaveLength(4);
    expect((await api('DELETE', `/api/v2/materials/${res.body.id}`, { token: admin })).status).toBe(200);
    expect((await storedKeys()).filter((k) => k.startsWith(`materials/${res.body.id}/`))).toHaveLength(0);
  });
});
