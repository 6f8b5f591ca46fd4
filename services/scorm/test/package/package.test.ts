// Each version's package, built from the fixture course and opened again: the manifest validates
// against the IMS/ADL (or cmi5) schemas with xmllint, and passes the checks the schemas leave out.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScormVersion } from '@trainwright/catalogue';
import { XMLParser } from 'fast-xml-parser';
import { SCORM12_SCHEMA_LOCATIONS, SCORM2004_SCHEMA_LOCATIONS, XML_ID, buildPackage, unsafeEntryReason, type CourseInput } from '../../src/package/index.js';
import { CAPTIONS, SERVICE_ROOT, courseInput, interactiveMetadata, makeVideo, readZip, xmllintErrors, type ZipEntryData } from './fixtures.js';

const SCHEMAS = join(SERVICE_ROOT, 'schemas');
const MANIFEST_SCHEMA: Record<ScormVersion, string> = {
  '1.2': join(SCHEMAS, 'scorm', 'scorm12-all.xsd'),
  '2004': join(SCHEMAS, 'scorm', 'scorm2004-all.xsd'),
  cmi5: join(SCHEMAS, 'cmi5', 'CourseStructure.xsd'),
};
const MANIFEST_NAME: Record<ScormVersion, string> = { '1.2': 'imsmanifest.xml', '2004': 'imsmanifest.xml', cmi5: 'cmi5.xml' };
// xAPI names verbs, activity types, extensions and categories (cmi5's, the Video Profile's) with
// IRIs; the player never fetches them.
const XAPI_IDENTIFIER = /^https?:\/\/(adlnet\.gov\/expapi\/(verbs|activities)\/|w3id\.org\/xapi\/)/;
const PLAYER_FILES = ['index.html', 'player.js', 'player.css', 'theme.css', 'course.js'];

let dir: string;
let videoPath: string;
/** The interactive video version's pinned copy (another video than the current render). */
let pinnedPath: string;
const PINNED_CAPTIONS = 'WEBVTT\n\n00:00.000 --> 00:03.000\nCheck the brakes.\n';

beforeAll(() => {
  // The packages carry the player as built now (dist/player), not an older build.
  execFileSync(process.execPath, [join(SERVICE_ROOT, 'player', 'build.mjs')]);
  dir = mkdtempSync(join(tmpdir(), 'scorm-package-'));
  videoPath = join(dir, 'narration.mp4');
  makeVideo(videoPath);
  pinnedPath = join(dir, 'pinned.mp4');
  makeVideo(pinnedPath, 3);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Built {
  input: CourseInput;
  size: number;
  entries: string[];
  zip: Map<string, ZipEntryData>;
  progress: number[];
  manifestFile: string;
}

async function build(version: ScormVersion, overrides: Partial<CourseInput> = {}): Promise<Built> {
  const input = courseInput(version, { video: { path: videoPath, mime: 'video/mp4', durationSeconds: 2, captionsVtt: CAPTIONS }, ...overrides });
  const out = join(dir, `${version}-${Math.random().toString(36).slice(2)}.zip`);
  const progress: number[] = [];
  const { size, entries } = await buildPackage(input, out, (p) => progress.push(p));
  const zip = await readZip(out);
  const manifestFile = join(dir, `${version}-${MANIFEST_NAME[version]}`);
  writeFileSync(manifestFile, zip.get(MANIFEST_NAME[version])!.data);
  expect(size).toBe(statSync(out).size);
  return { input, size, entries, zip, progress, manifestFile };
}

const text = (built: Built, name: string) => built.zip.get(name)!.data.toString('utf8');

const attributeParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (_name, _path, _leaf, isAttribute) => !isAttribute });

/** Every value of attribute `name` anywhere in the document. */
function attributeValues(xml: string, name: string): string[] {
  const values: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === name && typeof value === 'string') values.push(value);
      else walk(value);
    }
  };
  walk(attributeParser.parse(xml));
  return values;
}

const courseData = (built: Built) => JSON.parse(text(built, 'course.js').replace(/^window\.__TW_COURSE__ = /, '').replace(/;\s*$/, ''));

function checkCommon(built: Built, media = { video: videoPath, captions: CAPTIONS }): void {
  const names = [...built.zip.keys()];
  expect(names.sort()).toEqual([...built.entries].sort());
  for (const name of names) expect({ name, unsafe: unsafeEntryReason(name) }).toEqual({ name, unsafe: null });
  expect(built.progress.at(-1)).toBe(100);
  expect(built.progress).toEqual([...built.progress].sort((a, b) => a - b));

  // Self-contained: nothing absolute and no URL to fetch in the player's files.
  for (const file of PLAYER_FILES) {
    const content = text(built, file);
    const urls = content.match(/https?:\/\/[^\s"'`)]+/g) ?? [];
    expect({ file, urls: urls.filter((url) => !XAPI_IDENTIFIER.test(url)) }).toEqual({ file, urls: [] });
    expect(content).not.toMatch(/(?:href|src)\s*=\s*["']?(?:\/|[a-z][a-z0-9+.-]*:)/i);
    expect(content).not.toMatch(/@import|@font-face|url\(\s*["']?(?:https?:|\/\/)/);
  }
  // Course text becomes DOM text, never markup.
  expect(text(built, 'player.js')).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
  expect(text(built, 'index.html')).toContain('<title>Forklift &lt;b&gt;safety&lt;/b&gt; &amp; you</title>');
  expect(text(built, 'index.html')).toContain('<html lang="en">');
  expect(text(built, 'course.js')).toContain('"title":"Why <b>html</b> stays text"');

  // The video stored as it is, the captions beside it, the zip hardly bigger than its media.
  const video = built.zip.get('media/video.mp4')!;
  expect(video.compressionMethod).toBe(0);
  expect(video.data.equals(readFileSync(media.video))).toBe(true);
  expect(text(built, 'media/captions.vtt')).toBe(media.captions);
}

function checkScormManifest(built: Built, version: '1.2' | '2004'): void {
  const manifest = text(built, 'imsmanifest.xml');
  expect(xmllintErrors(MANIFEST_SCHEMA[version], built.manifestFile)).toBe('');

  const identifiers = attributeValues(manifest, 'identifier');
  expect(identifiers.sort()).toEqual(['TW-3f2c9a1e-7b4d-4e8a-9c1f-2d5e6f7a8b9c', 'TW-ITEM', 'TW-ORG', 'TW-RES-PLAYER']);
  for (const id of identifiers) expect({ id, valid: XML_ID.test(id) }).toEqual({ id, valid: true });
  expect(new Set(identifiers).size).toBe(identifiers.length);
  const parsed = attributeParser.parse(manifest);
  const resources = (parsed.manifest[0].resources[0].resource as { identifier: string }[]).map((r) => r.identifier);
  const organizations = (parsed.manifest[0].organizations[0].organization as { identifier: string }[]).map((o) => o.identifier);
  const references = attributeValues(manifest, 'identifierref');
  expect(references).toHaveLength(1);
  for (const ref of references) expect(resources).toContain(ref);
  expect(organizations).toContain(parsed.manifest[0].organizations[0].default);

  const scormType = version === '1.2' ? 'adlcp:scormtype' : 'adlcp:scormType';
  expect(attributeValues(manifest, scormType)).toEqual(['sco']);
  expect(attributeValues(manifest, 'href').filter((href) => /^(\/|[a-z]+:)/i.test(href))).toEqual([]);

  // Every file of the resource is in the zip, and every entry is listed, but the manifest and
  // the schemas it names (which conformance checkers expect at the root).
  const listed = attributeValues(manifest, 'href').filter((href, i, all) => all.indexOf(href) === i);
  const schemaFiles = Object.values(version === '1.2' ? SCORM12_SCHEMA_LOCATIONS : SCORM2004_SCHEMA_LOCATIONS);
  for (const href of listed) expect(built.zip.has(href)).toBe(true);
  for (const file of schemaFiles) expect(built.zip.has(file)).toBe(true);
  const controlFiles = new Set(['imsmanifest.xml']);
  const unlisted = [...built.zip.keys()].filter((name) => !listed.includes(name) && !controlFiles.has(name) && !/\.(xsd|dtd)$/.test(name));
  expect(unlisted).toEqual([]);
  expect(listed.sort()).toEqual([...PLAYER_FILES, 'media/captions.vtt', 'media/video.mp4'].sort());
}

describe('SCORM 1.2 package', () => {
  let built: Built;
  beforeAll(async () => {
    built = await build('1.2');
  });

  it('validates against the IMS CP 1.1.2, ADL CP 1.2 and IMS MD schemas and the checks they leave out', () => {
    checkCommon(built);
    checkScormManifest(built, '1.2');
  });

  it('carries the mastery score when the quiz decides, and the metadata', () => {
    const manifest = text(built, 'imsmanifest.xml');
    expect(manifest).toContain('<schemaversion>1.2</schemaversion>');
    expect(manifest).toContain('<adlcp:masteryscore>80</adlcp:masteryscore>');
    expect(manifest).toContain('<imsmd:langstring xml:lang="en">Forklift &lt;b&gt;safety&lt;/b&gt; &amp; you</imsmd:langstring>');
    expect(manifest).toContain('<imsmd:datetime>PT15M</imsmd:datetime>');
    expect(manifest).toContain('identifier="TW-3f2c9a1e-7b4d-4e8a-9c1f-2d5e6f7a8b9c"');
  });

  it('leaves the mastery score out when viewing alone decides', async () => {
    const slidesOnly = await build('1.2', { tracking: { completion_rule: 'slides_viewed', completion_threshold: 80, passing_score: 70, status_pair: 'completed_incomplete' } });
    expect(text(slidesOnly, 'imsmanifest.xml')).not.toContain('masteryscore');
    expect(xmllintErrors(MANIFEST_SCHEMA['1.2'], slidesOnly.manifestFile)).toBe('');
  });
});

describe('SCORM 2004 4th edition package', () => {
  let built: Built;
  beforeAll(async () => {
    built = await build('2004');
  });

  it('validates against the IMS CP, ADL CP/SEQ/NAV, IMS SS and LOM schemas and the checks they leave out', () => {
    checkCommon(built);
    checkScormManifest(built, '2004');
  });

  it('lets the content set completion and objectives, judged by the passing score', () => {
    const manifest = text(built, 'imsmanifest.xml');
    expect(manifest).toContain('<schemaversion>2004 4th Edition</schemaversion>');
    expect(manifest).toContain('completionSetByContent="true"');
    expect(manifest).toContain('objectiveSetByContent="true"');
    expect(manifest).toMatch(/<imsss:primaryObjective objectiveID="TW-PRIMARY" satisfiedByMeasure="true">\s*<imsss:minNormalizedMeasure>0.8000<\/imsss:minNormalizedMeasure>/);
    // The objectives the player reports (course.js) are the manifest's.
    const course = JSON.parse(text(built, 'course.js').replace(/^window\.__TW_COURSE__ = /, '').replace(/;\s*$/, ''));
    const objectiveIds = attributeValues(manifest, 'objectiveID');
    expect(objectiveIds).toEqual(['TW-PRIMARY', ...course.objectives.map((o: { id: string }) => o.id)]);
    expect(objectiveIds).toEqual(['TW-PRIMARY', 'TW-OBJ-1-speed', 'TW-OBJ-2_loads']);
    expect(course.questions.map((q: { objectiveId: string }) => q.objectiveId)).toEqual(['TW-OBJ-1-speed', 'TW-OBJ-2_loads', 'TW-OBJ-2_loads']);
    expect(manifest).toContain('<adlnav:hideLMSUI>continue</adlnav:hideLMSUI>');
  });

  it('validates without objectives, activities, description or video, and without tracking', async () => {
    const bare = await build('2004', { objectives: [], activities: [], description: '', video: undefined, includeTracking: false });
    expect(xmllintErrors(MANIFEST_SCHEMA['2004'], bare.manifestFile)).toBe('');
    expect(text(bare, 'imsmanifest.xml')).toContain('satisfiedByMeasure="false"');
    expect(bare.zip.has('media/video.mp4')).toBe(false);
  });
});

describe('cmi5 package', () => {
  it('has a course structure that validates, with one AU launching the player', async () => {
    const built = await build('cmi5');
    checkCommon(built);
    expect(xmllintErrors(MANIFEST_SCHEMA.cmi5, built.manifestFile)).toBe('');
    const structure = text(built, 'cmi5.xml');
    expect(structure).toMatch(/<au id="urn:trainwright:course:3f2c9a1e-7b4d-4e8a-9c1f-2d5e6f7a8b9c:au" moveOn="CompletedAndPassed" masteryScore="0.80" launchMethod="AnyWindow">/);
    expect(structure).toContain('<url>index.html</url>');
    expect(structure).toContain('<langstring lang="en">Forklift &lt;b&gt;safety&lt;/b&gt; &amp; you</langstring>');
    // No SCORM control files in a cmi5 package.
    expect([...built.zip.keys()].filter((name) => /\.xsd$|imsmanifest/.test(name))).toEqual([]);
  });

  it('moves on by the completion rule', async () => {
    const moveOn = async (tracking: Partial<CourseInput['tracking']>, overrides: Partial<CourseInput> = {}) => {
      const input = courseInput('cmi5', overrides);
      const built = await build('cmi5', { ...overrides, tracking: { ...input.tracking, ...tracking } });
      expect(xmllintErrors(MANIFEST_SCHEMA.cmi5, built.manifestFile)).toBe('');
      return /moveOn="(\w+)"/.exec(text(built, 'cmi5.xml'))?.[1];
    };
    expect(await moveOn({ completion_rule: 'quiz_passed' })).toBe('Passed');
    expect(await moveOn({ completion_rule: 'slides_viewed' })).toBe('Completed');
    expect(await moveOn({ completion_rule: 'video_watched' }, { video: undefined })).toBe('Completed');
    expect(await moveOn({ completion_rule: 'viewed_and_passed' }, { includeTracking: false })).toBe('Completed');
    expect(await moveOn({ completion_rule: 'quiz_passed' }, { questions: [] })).toBe('Completed');
  });
});

describe('a project with a published interactive video', () => {
  const pinned = () => ({ video: { path: pinnedPath, mime: 'video/mp4' as const, durationSeconds: 3, captionsVtt: PINNED_CAPTIONS }, interactive: { metadata: interactiveMetadata() } });

  it.each(['1.2', '2004', 'cmi5'] as const)('carries its pinned video and captions and its elements in course.js; the %s manifest still validates', async (version) => {
    const built = await build(version, pinned());
    checkCommon(built, { video: pinnedPath, captions: PINNED_CAPTIONS });
    expect(xmllintErrors(MANIFEST_SCHEMA[version], built.manifestFile)).toBe('');
    if (version !== 'cmi5') checkScormManifest(built, version);

    const course = courseData(built);
    expect(course.video).toEqual({ src: 'media/video.mp4', captions: 'media/captions.vtt', mime: 'video/mp4', durationSeconds: 3 });
    expect(course.interactive.metadata).toEqual(interactiveMetadata());
    // Each quiz as the LMS sees an answer to it: an LMS-safe id beside the assessment's, the options, the correct one.
    expect(course.interactive.questions).toEqual({
      'quiz 1': { id: 'TW-IQ-quiz_1', prompt: 'What do you check <first>?', options: ['The radio', 'The brakes', 'Nothing'], correctIndex: 1, explanation: '', objectiveId: null },
    });
    // The interactive player is bundled in (no import left) and its rules are in player.css.
    expect(text(built, 'player.js')).toContain('iv-quiz-');
    expect(text(built, 'player.js')).not.toMatch(/\bimport\s*\(|\bfrom\s*["']@trainwright/);
    expect(text(built, 'player.css')).toContain('.twiv-panel');
  });

  it('packages as before without one: no interactive data, and an interactive video needs its video', async () => {
    const plain = await build('1.2');
    expect(courseData(plain)).not.toHaveProperty('interactive');
    expect(text(plain, 'course.js')).not.toContain('interactive');
    const input = courseInput('1.2', { interactive: { metadata: interactiveMetadata() } });
    await expect(buildPackage(input, join(dir, 'x.zip'))).rejects.toThrow(/needs its video/);
  });
});

describe('bad input', () => {
  it('refuses a question without exactly one correct option, and a bad language tag', async () => {
    const input = courseInput('1.2');
    const twoCorrect = { ...input.questions[0]!, options: input.questions[0]!.options.map((o) => ({ ...o, correct: true })) };
    await expect(buildPackage({ ...input, questions: [twoCorrect] }, join(dir, 'x.zip'))).rejects.toThrow(/exactly one correct/);
    await expect(buildPackage({ ...input, language: 'en"><script>' }, join(dir, 'x.zip'))).rejects.toThrow(/language/);
  });

  it('keeps a theme from injecting CSS', async () => {
    const built = await build('1.2', { theme: { primary: 'red;} body{display:none', secondary: '#fff', background: '#000', text: '#fff', headingFont: 'X"; } *{', bodyFont: 'Georgia' } });
    const theme = text(built, 'theme.css');
    expect(theme).toContain('--tw-primary: #1d4ed8;');
    expect(theme).toContain('--tw-body-font: "Georgia", system-ui');
    expect(theme).not.toMatch(/display:none|\*\{/);
  });
});
