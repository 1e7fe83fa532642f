import { XMLParser } from 'fast-xml-parser';
import {
  SCORM_MAX_EXPANDED_BYTES,
  SCORM_MAX_FILE_BYTES,
  SCORM_MAX_FILES,
  SCORM_MAX_MANIFEST_BYTES,
  SCORM_MESSAGES,
  type ScormPackageInfo,
  type ScormVersion,
} from '../contract/scorm';
import { scormDurationSeconds } from '../contract/rules/scorm';
import { ApiError } from '../errors';
import type { Storage } from './storage';
import { readDirectory, readEntry, type ZipEntry, type ZipProblem, ZipRefusal } from './zip-reader';

/*
 * A SCORM package upload: a zip checked whole before anything is stored (zip magic, the central
 * directory's names, count, declared sizes and overlaps, imsmanifest.xml at the root, its schema
 * version and a launchable resource, then every file inflated as a stream and checked against its
 * declared size and CRC-32: ./zip-reader.ts), then expanded under the material's prefix. A refused
 * package leaves nothing behind; a failed write deletes what was already written.
 */

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** An empty archive starts with the end-of-central-directory record. */
const EMPTY_ZIP_MAGIC = [0x50, 0x4b, 0x05, 0x06];

export const isZip = (bytes: Uint8Array) =>
  ZIP_MAGIC.every((b, i) => bytes[i] === b) || EMPTY_ZIP_MAGIC.every((b, i) => bytes[i] === b);

const refuse = (message: string) => new ApiError('INVALID_PACKAGE', message, { fields: { file: message } });

/** Where a package's files live in storage. */
export const scormPrefix = (materialId: string) => `materials/${materialId}/scorm/`;

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  xhtml: 'application/xhtml+xml',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  xml: 'application/xml',
  xsd: 'application/xml',
  txt: 'text/plain; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  ico: 'image/x-icon',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogg: 'audio/ogg',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  eot: 'application/vnd.ms-fontobject',
  pdf: 'application/pdf',
  swf: 'application/x-shockwave-flash',
};

export function scormContentType(path: string): string {
  const ext = path.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

export const isHtmlPath = (path: string) => /\.(html?|xhtml)$/i.test(path);

/**
 * A zip entry's name as a safe relative path, or the problem with it. Absolute paths (`/x`, `\x`,
 * `C:x`) and any `..` segment are refused, backslashes counting as separators (Windows zips).
 */
export function entryPathProblem(name: string): 'absolute' | 'traversal' | null {
  if (/^[\\/]/.test(name) || /^[A-Za-z]:/.test(name)) return 'absolute';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a control character in a zip entry name is refused
  if (/[\u0000-\u001f]/.test(name)) return 'traversal';
  if (name.split(/[\\/]/).some((segment) => segment === '..')) return 'traversal';
  return null;
}

/** Joins manifest `xml:base` and `href` parts and normalises `./`; null when the result leaves the package. */
export function resolveHref(...parts: (string | undefined)[]): string | null {
  const joined = parts.filter((p): p is string => !!p).join('');
  const [path, query] = splitQuery(joined);
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // Keep the raw path: its existence check then fails with a clear message.
  }
  if (entryPathProblem(decoded)) return null;
  const segments = decoded.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.length === 0) return null;
  return segments.join('/') + (query ? `?${query}` : '');
}

const splitQuery = (href: string): [string, string] => {
  const i = href.search(/[?#]/);
  return i < 0 ? [href, ''] : [href.slice(0, i), href[i] === '?' ? href.slice(i + 1).split('#')[0] : ''];
};

/** The launch path without its query. */
export const launchFile = (launchPath: string) => splitQuery(launchPath)[0];

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] =>
  (Array.isArray(value) ? value : value == null ? [] : [value]).filter(
    (x): x is Node => typeof x === 'object' && x !== null,
  );
const text = (value: unknown): string => {
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  if (value && typeof value === 'object' && '#text' in value) return text((value as Node)['#text']);
  return '';
};

export interface ParsedManifest {
  version: ScormVersion;
  title: string;
  launchPath: string;
  masteryScore: number | null;
  typicalLearningSeconds: number | null;
}

/**
 * The manifest's typical learning time (LOM `typicalLearningTime`: 1.2 `<datetime>` or 2004
 * `<duration>` inside it), in seconds; null when absent or unreadable. Read from the text so the
 * metadata's namespace and nesting (inline or `adlcp:location` aside) do not matter.
 */
export function typicalLearningSeconds(xml: string): number | null {
  const block = /<(?:[\w.-]+:)?typicallearningtime\b[^>]*>([\s\S]{0,2000}?)<\/(?:[\w.-]+:)?typicallearningtime>/i.exec(
    xml,
  );
  if (!block) return null;
  const inner = /<(?:[\w.-]+:)?(?:datetime|duration)\b[^>]*>([^<]*)</i.exec(block[1]);
  const value = (inner ? inner[1] : block[1].replace(/<[^>]*>/g, '')).trim();
  const seconds = scormDurationSeconds(value);
  return seconds ? seconds : null;
}

/** Reads what the platform needs from imsmanifest.xml; throws INVALID_PACKAGE naming the problem. */
export function parseManifest(xml: string): ParsedManifest {
  let doc: Node;
  try {
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      removeNSPrefix: true,
      // Entities are not expanded: a manifest never needs them and they are the XML bomb's tool.
      processEntities: false,
      parseTagValue: false,
      parseAttributeValue: false,
      isArray: (name) => ['organization', 'item', 'resource', 'file', 'dependency'].includes(name),
    });
    doc = parser.parse(xml, true) as Node;
  } catch {
    throw refuse(SCORM_MESSAGES.badManifest);
  }
  const manifest = doc.manifest as Node | undefined;
  if (!manifest || typeof manifest !== 'object') throw refuse(SCORM_MESSAGES.badManifest);

  const schemaVersion = text((manifest.metadata as Node | undefined)?.schemaversion);
  let version: ScormVersion | null = null;
  if (/^1\.2$/.test(schemaVersion)) version = '1.2';
  else if (/^(CAM 1\.3|2004\b)/i.test(schemaVersion)) version = '2004';
  else if (!schemaVersion) {
    if (/adlcp_rootv1p2/i.test(xml)) version = '1.2';
    else if (/adlcp_v1p3/i.test(xml)) version = '2004';
  }
  if (!version) throw refuse(SCORM_MESSAGES.version);

  const organizations = (manifest.organizations as Node | undefined) ?? {};
  const orgs = list(organizations.organization);
  const defaultId = text(organizations['@default']);
  const org = orgs.find((o) => text(o['@identifier']) === defaultId) ?? orgs[0];
  const resourcesNode = (manifest.resources as Node | undefined) ?? {};
  const resources = list(resourcesNode.resource);
  const resourcesBase = text(resourcesNode['@base']);

  // The first item (depth first) that refers to a resource with an href is what the learner opens.
  const firstLaunchable = (items: Node[]): { item: Node; resource: Node } | null => {
    for (const item of items) {
      const ref = text(item['@identifierref']);
      const resource = ref ? resources.find((r) => text(r['@identifier']) === ref && text(r['@href'])) : undefined;
      if (resource) return { item, resource };
      const nested = firstLaunchable(list(item.item));
      if (nested) return nested;
    }
    return null;
  };
  const found = org ? firstLaunchable(list(org.item)) : null;
  // A package without organizations may still name one SCO resource.
  const resource =
    found?.resource ??
    resources.find((r) => /sco/i.test(text(r['@scormtype']) || text(r['@scormType'])) && text(r['@href']));
  if (!resource) throw refuse(SCORM_MESSAGES.noLaunch);
  const href = text(resource['@href']);
  const parameters = found ? text(found.item['@parameters']) : '';
  const launchPath = resolveHref(
    resourcesBase,
    text(resource['@base']),
    href +
      (parameters ? (parameters.startsWith('?') || parameters.startsWith('#') ? parameters : `?${parameters}`) : ''),
  );
  if (!launchPath) throw refuse(SCORM_MESSAGES.traversal(href));

  const title = text(org?.title) || text(list(org?.item)[0]?.title) || 'SCORM package';

  let masteryScore: number | null = null;
  if (version === '1.2') {
    const raw = found ? text(found.item.masteryscore) : '';
    if (raw && Number.isFinite(Number(raw))) masteryScore = Math.min(100, Math.max(0, Number(raw)));
  } else if (found) {
    const objectives = ((found.item.sequencing as Node | undefined)?.objectives as Node | undefined) ?? {};
    const primary = (objectives.primaryObjective as Node | undefined) ?? {};
    const measure = text(primary.minNormalizedMeasure);
    if (text(primary['@satisfiedByMeasure']) === 'true' && measure && Number.isFinite(Number(measure)))
      masteryScore = Math.min(100, Math.max(0, Number(measure) * 100));
  }
  return {
    version,
    title: title.slice(0, 200),
    launchPath,
    masteryScore,
    typicalLearningSeconds: typicalLearningSeconds(xml),
  };
}

/** Lets other requests run between chunks of a package's expansion (a macrotask, not a microtask). */
const yieldToOthers = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const ZIP_MESSAGES: Record<ZipProblem, (entry: string) => string> = {
  broken: () => SCORM_MESSAGES.broken,
  overlap: SCORM_MESSAGES.overlap,
  sizeMismatch: SCORM_MESSAGES.sizeMismatch,
  badCrc: SCORM_MESSAGES.badCrc,
  tooLarge: () => SCORM_MESSAGES.tooLargeExpanded,
  tooMany: () => SCORM_MESSAGES.tooManyFiles,
};

/** Runs a zip read, turning its refusal into the package's named refusal. */
async function zipStep<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ZipRefusal) throw refuse(ZIP_MESSAGES[error.problem](error.entry));
    throw error;
  }
}

/**
 * Checks the whole archive before anything is stored: the central directory (names, count,
 * declared sizes, no overlapping entries), the manifest, then every file inflated and checked
 * against its declared size and CRC-32 without being kept.
 */
export async function inspectPackage(
  zip: Uint8Array,
  pause = yieldToOthers,
): Promise<{ entries: ZipEntry[]; manifest: ParsedManifest }> {
  if (!isZip(zip)) throw refuse(SCORM_MESSAGES.notZip);
  // Directory entries count towards the directory's limit, not the package's files.
  const all = await zipStep(() => readDirectory(zip, SCORM_MAX_FILES * 2));
  const entries: ZipEntry[] = [];
  // Two entries with one name (after Windows separators): which one is stored and served would
  // depend on write order, and the checks would have passed the other.
  const names = new Set<string>();
  let expanded = 0;
  let manifestEntry: ZipEntry | null = null;
  for (const entry of all) {
    const problem = entryPathProblem(entry.name);
    if (problem === 'absolute') throw refuse(SCORM_MESSAGES.absolute(entry.name));
    if (problem === 'traversal') throw refuse(SCORM_MESSAGES.traversal(entry.name));
    if (entry.name.endsWith('/') || entry.name.endsWith('\\')) continue;
    const named = { ...entry, name: entry.name.replace(/\\/g, '/') };
    if (names.has(named.name)) throw refuse(SCORM_MESSAGES.duplicateName(named.name));
    names.add(named.name);
    entries.push(named);
    if (entries.length > SCORM_MAX_FILES) throw refuse(SCORM_MESSAGES.tooManyFiles);
    if (entry.size > SCORM_MAX_FILE_BYTES) throw refuse(SCORM_MESSAGES.tooLargeExpanded);
    expanded += entry.size;
    if (expanded > SCORM_MAX_EXPANDED_BYTES) throw refuse(SCORM_MESSAGES.tooLargeExpanded);
    if (named.name.toLowerCase() === 'imsmanifest.xml') manifestEntry = named;
  }
  if (!manifestEntry) throw refuse(SCORM_MESSAGES.noManifest);
  if (manifestEntry.size > SCORM_MAX_MANIFEST_BYTES) throw refuse(SCORM_MESSAGES.badManifest);
  const found = manifestEntry;
  const bytes = await zipStep(() => readEntry(zip, found, { left: SCORM_MAX_MANIFEST_BYTES }, pause, true));
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw refuse(SCORM_MESSAGES.badManifest);
  }
  const manifest = parseManifest(xml);
  const file = launchFile(manifest.launchPath);
  if (!entries.some((e) => e.name === file)) throw refuse(SCORM_MESSAGES.launchMissing(file));
  const budget = { left: SCORM_MAX_EXPANDED_BYTES };
  for (const entry of entries) await zipStep(() => readEntry(zip, entry, budget, pause, false));
  return { entries, manifest };
}

/** How many files are written to storage at once. */
const PUT_CONCURRENCY = 6;

/**
 * Checks and expands a package under `scormPrefix(materialId)`: nothing is written until every
 * file has been checked, and if a write fails every file already written is deleted before the
 * error is rethrown.
 */
export async function expandPackage(
  storage: Storage,
  materialId: string,
  zip: Uint8Array,
  options: { beforeStore?: (files: string[]) => Promise<void>; pause?: () => Promise<void> } = {},
): Promise<ScormPackageInfo & { files: string[] }> {
  const pause = options.pause ?? yieldToOthers;
  const { entries, manifest } = await inspectPackage(zip, pause);
  // The caller records the files about to be stored (staged-packages.ts) so a Worker dying mid-way leaves no orphan.
  await options.beforeStore?.(entries.map((e) => e.name));
  const prefix = scormPrefix(materialId);
  const written: string[] = [];
  const budget = { left: SCORM_MAX_EXPANDED_BYTES };
  try {
    for (let i = 0; i < entries.length; i += PUT_CONCURRENCY) {
      await Promise.all(
        entries.slice(i, i + PUT_CONCURRENCY).map(async (entry) => {
          const bytes = await zipStep(() => readEntry(zip, entry, budget, pause, true));
          const key = prefix + entry.name;
          written.push(key);
          await storage.put(key, bytes, { contentType: scormContentType(entry.name) });
        }),
      );
    }
  } catch (error) {
    await deletePackageFiles(storage, written);
    throw error;
  }
  return {
    version: manifest.version,
    title: manifest.title,
    launchPath: manifest.launchPath,
    masteryScore: manifest.masteryScore,
    typicalLearningSeconds: manifest.typicalLearningSeconds,
    fileCount: entries.length,
    expandedBytes: SCORM_MAX_EXPANDED_BYTES - budget.left,
    files: entries.map((e) => e.name),
  };
}

/** Deletes stored package files (keys), a few at a time; a failed delete is logged, never thrown. Returns how many failed. */
export async function deletePackageFiles(storage: Storage, keys: string[]): Promise<number> {
  let failed = 0;
  for (let i = 0; i < keys.length; i += PUT_CONCURRENCY) {
    await Promise.all(
      keys.slice(i, i + PUT_CONCURRENCY).map((key) =>
        storage.delete(key).catch((error) => {
          failed += 1;
          console.error(
            JSON.stringify({ level: 'warn', message: 'orphaned package object', key, error: String(error) }),
          );
        }),
      ),
    );
  }
  return failed;
}
