// Translation through the gateway with the real services and Apertium: a project translated into
// Spanish and French (through Spanish) with its structure kept, the plan's languages enforced, the
// company glossary, XLIFF out and in, a hand edit, the primary language, deletion, and the bad
// inputs of the issue (each a test).
import { addMember, call, eventually, register, type Account } from './accounts.js';
import { postDeclaringLength, sharedHarness, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  h = await sharedHarness();
}, 60_000);

const SLIDES = [
  '# Forklift Safety',
  '',
  '## Daily inspection',
  '**Content:**',
  '- Check the forks and chains before each shift.',
  '- Report damage to your supervisor at https://example.com/report within 24 hours.',
  '**Speaker Notes:**',
  'A short check prevents most accidents.',
  '',
  '## Speed limits',
  '**Content:**',
  '- Drive at 10 km/h inside the warehouse.',
  '- The Forklift Pro 3000 stops in 2 metres.',
  '**Speaker Notes:**',
  'Slow down near people.',
].join('\n');

/** A project with hand-written slides (rendered from them, nothing generated). */
async function slidesProject(who: Account, title = 'Forklift Safety') {
  const res = await call(h, 'POST', '/api/projects', who, { title, project_type: 'slides_to_script', slides_content: SLIDES, input_method: 'text' });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as string;
  await eventually(async () => {
    const p = (await call(h, 'GET', `/api/projects/${id}`, who)).json();
    if (p.status === 'failed') throw new Error(p.error);
    return p.status === 'completed';
  }, 60_000);
  return id;
}

async function translated(who: Account, id: string, language: string) {
  return eventually(async () => {
    const list = (await call(h, 'GET', `/api/projects/${id}/translations`, who)).json();
    const t = list.translations.find((x: { target_language: string }) => x.target_language === language);
    if (t?.status === 'failed') throw new Error(t.error);
    return t?.status === 'completed' ? t : undefined;
  }, 60_000);
}

/** Lines that are structure (headings, section markers, points' markers) with their text cut off. */
const shape = (text: string) => text.split('\n').map((l) => (/^(#+ |\*\*|- )/.exec(l)?.[0] ?? (l ? 'text' : '')));

describe('translation', () => {
  let me: Account;
  let projectId: string;

  beforeAll(async () => {
    me = await register(h, 'Tina Translate', 'professional');
    projectId = await slidesProject(me);
  }, 120_000);

  it('should translate into Spanish and French (through Spanish), keeping the structure, numbers and URLs', async () => {
    const started = await call(h, 'POST', `/api/projects/${projectId}/bulk-translate`, me, { target_languages: ['es', 'fr'], content: { title: 'ignored' } });
    expect(started.statusCode).toBe(202);
    expect(started.json().message).toBe('Translation started successfully! Processing in background.');
    const es = await translated(me, projectId, 'es');
    const fr = await translated(me, projectId, 'fr');
    expect(es.engine).toMatch(/^(apertium|memory)/);
    expect(fr.engine).toMatch(/^apertium:en>es>fr|^memory/);
    const spanish = (await call(h, 'GET', `/api/projects/${projectId}/translations/es`, me)).json();
    expect(shape(spanish.slides_content)).toEqual(shape(SLIDES));
    expect(spanish.slides_content).toContain('https://example.com/report');
    expect(spanish.slides_content).toContain('10 km/h');
    expect(spanish.slides_content).toMatch(/cadenas/);
    // Apertium's marks of unknown words and generation errors are gone (markers aside).
    expect(spanish.slides_content.replace(/\*\*(Content|Speaker Notes):\*\*/g, '')).not.toMatch(/[#*@]\p{L}/u);
    const french = (await call(h, 'GET', `/api/projects/${projectId}/translations/fr`, me)).json();
    expect(shape(french.slides_content)).toEqual(shape(SLIDES));
    expect(french.title).not.toBe('Forklift Safety');
    // Every file in each language: the Spanish pptx once media-render rendered it, and the
    // project's own files asked for by their language's name.
    const pptx = await eventually(async () => {
      const r = await fetch(`${h.baseUrl}/api/projects/${projectId}/download/pptx?language=es`, { headers: me.auth });
      return r.status === 200 ? r : (await r.arrayBuffer(), undefined);
    }, 60_000);
    expect(pptx.headers.get('content-disposition')).toContain('(Spanish).pptx');
    expect(Buffer.from(await pptx.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
    const own = await fetch(`${h.baseUrl}/api/projects/${projectId}/download/txt?language=en`, { headers: me.auth });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('Daily inspection');
    const unknown = await fetch(`${h.baseUrl}/api/projects/${projectId}/download/pdf?language=xx`, { headers: me.auth });
    expect(unknown.status).toBe(400);
    // The preview in each language: the Spanish slides' titles and images, the own by default.
    const preview = (await call(h, 'GET', `/api/projects/${projectId}/preview/slides?language=es`, me)).json();
    const ownPreview = (await call(h, 'GET', `/api/projects/${projectId}/preview/slides`, me)).json();
    expect(preview.slides[0].title).toBe(spanish.title);
    expect(preview.slides.length).toBe(ownPreview.slides.length);
    expect(preview.slides[1].image_path).toMatch(/&language=es$/);
    expect(preview.version).not.toBe(ownPreview.version);
    const image = await fetch(`${h.baseUrl}${preview.slides[1].image_path}`, { headers: me.auth });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(await (await fetch(`${h.baseUrl}${ownPreview.slides[1].image_path}`, { headers: me.auth })).arrayBuffer()))).toBe(false);
    expect((await call(h, 'GET', `/api/projects/${projectId}/preview/slides?language=de`, me)).statusCode).toBe(404);
    expect((await call(h, 'GET', `/api/projects/${projectId}/preview/slides?language=Spanish`, me)).statusCode).toBe(400);
    // The project lists its languages (the card's count) once the events are applied.
    await eventually(async () => {
      const p = (await call(h, 'GET', `/api/projects/${projectId}`, me)).json();
      return p.available_languages.length === 3 && p.available_languages.includes('es') && p.available_languages.includes('fr');
    }, 10_000);
  }, 120_000);

  it('should refuse what the plan or the request does not allow, each with its message', async () => {
    const post = (body: unknown) => call(h, 'POST', `/api/projects/${projectId}/bulk-translate`, me, body);
    const outside = await post({ target_languages: ['de'] });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe('Your Professional plan includes translation into English, Spanish, and French. Upgrade to translate into German.');
    expect((await post({ target_languages: ['xx'] })).json().message).toBe('Unknown language: xx.');
    expect((await post({ target_languages: [] })).statusCode).toBe(400);
    expect((await post({ target_languages: [] })).json().message).toBe('Select at least one language to translate into.');
    expect((await post({ target_languages: ['en'] })).json().message).toBe('The project is already in English.');
    expect((await post({ target_languages: 'es' })).statusCode).toBe(400);
    expect((await post({ target_languages: ['es'], extra: 1 })).statusCode).toBe(400);
    const trial = await register(h, 'Tom Trial');
    const trialProject = await slidesProject(trial, 'Trial deck');
    const refused = await call(h, 'POST', `/api/projects/${trialProject}/bulk-translate`, trial, { target_languages: ['es'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^Your Free Trial plan includes translation into English\. Upgrade to translate into Spanish\.$/);
  }, 60_000);

  it("should answer 404 for another company's project and 403 to a viewer", async () => {
    const other = await register(h, 'Olga Other', 'professional');
    for (const [method, url, body] of [
      ['GET', `/api/projects/${projectId}/translations`],
      ['POST', `/api/projects/${projectId}/bulk-translate`, { target_languages: ['es'] }],
      ['GET', `/api/projects/${projectId}/translations/es`],
      ['DELETE', `/api/projects/${projectId}/translations/es`],
      ['GET', `/api/projects/${projectId}/translations/es/xliff`],
      ['POST', `/api/projects/${projectId}/set-primary-language`, { primary_language: 'es' }],
    ] as const) {
      expect((await call(h, method, url, other, body)).statusCode).toBe(404);
    }
    const viewer = await register(h, 'Vic Viewer');
    await addMember(h, me.companyId, viewer, 'viewer');
    await eventually(async () => (await call(h, 'GET', `/api/projects/${projectId}/translations`, viewer)).statusCode === 200);
    expect((await call(h, 'POST', `/api/projects/${projectId}/bulk-translate`, viewer, { target_languages: ['es'] })).statusCode).toBe(403);
    expect((await call(h, 'POST', `/api/companies/${me.companyId}/glossary`, viewer, { term: 'Acme' })).statusCode).toBe(403);
  }, 60_000);

  it('should keep glossary terms untranslated or translate them the fixed way', async () => {
    const keep = await call(h, 'POST', `/api/companies/${me.companyId}/glossary`, me, { term: 'Forklift Pro 3000', source_language: 'en' });
    expect(keep.statusCode).toBe(201);
    const fixed = await call(h, 'POST', `/api/companies/${me.companyId}/glossary`, me, { term: 'supervisor', target_language: 'es', translation: 'jefe de turno' });
    expect(fixed.statusCode).toBe(201);
    expect((await call(h, 'POST', `/api/companies/${me.companyId}/glossary`, me, { term: 'Supervisor', target_language: 'es', translation: 'x' })).statusCode).toBe(409);
    expect((await call(h, 'POST', `/api/companies/${me.companyId}/glossary`, me, { term: '  ' })).json().message).toBe('Enter the term.');
    // A PATCH changes the fields it sends, nothing else.
    const patched = await call(h, 'PATCH', `/api/companies/${me.companyId}/glossary/${keep.json().id}`, me, { case_sensitive: true });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ term: 'Forklift Pro 3000', source_language: 'en', target_language: '', translation: '', case_sensitive: true });
    const list = (await call(h, 'GET', `/api/companies/${me.companyId}/glossary`, me)).json();
    expect(list.terms.map((t: { term: string }) => t.term).sort()).toEqual(['Forklift Pro 3000', 'supervisor']);

    expect((await call(h, 'POST', `/api/projects/${projectId}/bulk-translate`, me, { target_languages: ['es'] })).statusCode).toBe(202);
    await eventually(async () => {
      const t = (await call(h, 'GET', `/api/projects/${projectId}/translations/es`, me)).json();
      return t.summary.status === 'completed' && t.slides_content.includes('jefe de turno') ? t : undefined;
    }, 60_000).then((t) => {
      expect(t.slides_content).toContain('Forklift Pro 3000');
      expect(t.slides_content).not.toContain('Forklift Pro Forklift Pro');
      expect(t.summary.warnings).toEqual([]);
    });
    const other = await register(h, 'Gus Glossary', 'professional');
    expect((await call(h, 'DELETE', `/api/companies/${me.companyId}/glossary/${fixed.json().id}`, other)).statusCode).toBe(404);
    expect((await call(h, 'DELETE', `/api/companies/${me.companyId}/glossary/${fixed.json().id}`, me)).statusCode).toBe(200);
  }, 120_000);

  it('should name the words the engine left unknown and flag the translation for review until a glossary term covers them', async () => {
    const rev = await register(h, 'Rita Review', 'professional');
    const res = await call(h, 'POST', '/api/projects', rev, { title: 'Fire hazards', project_type: 'slides_to_script', slides_content: '## Fire hazards in our warehouse\n**Content:**\n- Keep the exits clear.', input_method: 'text' });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    await eventually(async () => (await call(h, 'GET', `/api/projects/${id}`, rev)).json().status === 'completed', 60_000);
    expect((await call(h, 'POST', `/api/projects/${id}/bulk-translate`, rev, { target_languages: ['es'] })).statusCode).toBe(202);
    const first = await translated(rev, id, 'es');
    expect(first.needs_review).toBe(true);
    expect(first.unknown_words).toContainEqual({ word: 'hazards', language: 'en' });
    const listed = (await call(h, 'GET', `/api/projects/${id}/translations`, rev)).json();
    expect(listed.capabilities.find((c: { language: string }) => c.language === 'fr')).toMatchObject({ supported: true, reason_code: '' });
    // The one-click glossary entry the review screen sends, then the translation again.
    const term = await call(h, 'POST', `/api/companies/${rev.companyId}/glossary`, rev, { term: 'hazards', source_language: 'en', target_language: 'es', translation: 'peligros', case_sensitive: false });
    expect(term.statusCode).toBe(201);
    expect((await call(h, 'POST', `/api/projects/${id}/bulk-translate`, rev, { target_languages: ['es'] })).statusCode).toBe(202);
    const again = await translated(rev, id, 'es');
    // The project's generated texts may hold other unknown words; this one is gone.
    expect(again.unknown_words.map((u: { word: string }) => u.word)).not.toContain('hazards');
    expect(again.unknown_words.length).toBe(first.unknown_words.length - 1);
    expect(again.needs_review).toBe(again.unknown_words.length > 0);
    expect((await call(h, 'GET', `/api/projects/${id}/translations/es`, rev)).json().slides_content).toContain('peligros');
  }, 120_000);

  it('should export XLIFF 2.0 and take it back unchanged, then apply a reviewed target', async () => {
    const before = (await call(h, 'GET', `/api/projects/${projectId}/translations/es`, me)).json();
    const exported = await fetch(`${h.baseUrl}/api/projects/${projectId}/translations/es/xliff`, { headers: me.auth });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/application\/xliff\+xml/);
    const xml = await exported.text();
    expect(xml).toContain('urn:oasis:names:tc:xliff:document:2.0');
    const put = (body: string) =>
      fetch(`${h.baseUrl}/api/projects/${projectId}/translations/es/xliff`, { method: 'PUT', headers: { ...me.auth, 'content-type': 'application/xliff+xml' }, body });
    const same = await put(xml);
    expect(same.status).toBe(200);
    const after = (await same.json()) as { slides_content: string; summary: { version: number } };
    expect(after.slides_content).toBe(before.slides_content);
    expect(after.summary.version).toBe(before.summary.version);

    const reviewed = xml.replace(/(<unit id="title">[\s\S]*?<target>)[\s\S]*?(<\/target>)/, '$1Seguridad con carretillas$2');
    const changed = await put(reviewed);
    expect(changed.status).toBe(200);
    const edited = (await changed.json()) as { title: string; summary: { engine: string; version: number } };
    expect(edited.title).toBe('Seguridad con carretillas');
    expect(edited.summary.engine).toBe('edited');
    expect(JSON.stringify(edited)).not.toContain('Forklift Pro Forklift Pro');
    expect(edited.summary.version).toBe(before.summary.version + 1);

    expect((await put('<xliff')).status).toBe(400);
    expect((await put('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><xliff/>')).status).toBe(400);
    const wrongLanguage = xml.replace('trgLang="es"', 'trgLang="fr"');
    expect((await put(wrongLanguage)).status).toBe(400);
    // Every other kind of malformed document: 400 with the reason, never 500 (issue 23, point 2).
    const titleUnit = /<unit id="title">[\s\S]*?<\/unit>/.exec(xml)![0];
    const malformed: Array<[string, string, RegExp]> = [
      ['unknown placeholder', xml.replace(/(<unit id="title">[\s\S]*?<target>)/, '$1<ph id="999"/>'), /unknown placeholder <ph id="999"\/>/],
      ['not XML', 'this is not XML at all', /not well-formed XML|not XLIFF/],
      ['wrong root', '<?xml version="1.0"?><root/>', /not XLIFF/],
      ['a unit without an id', xml.replace('<unit id="title">', '<unit>'), /A <unit> has no id/],
      ['an unknown unit id', xml.replace('<unit id="title">', '<unit id="slides:9999">'), /is not a segment of this translation/],
      ['a duplicated unit', xml.replace(titleUnit, titleUnit + titleUnit), /appears more than once/],
      ['a character that does not exist', xml.replace(/(<unit id="title">[\s\S]*?<target>)/, '$1&#99999999;'), /is not a character/],
      ['nesting without end', xml.replace(/(<file [^>]*>)/, `$1${'<group id="g">'.repeat(20_000)}${'</group>'.repeat(20_000)}`), /nested more than/],
      ['entity expansion', `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>${xml.slice(xml.indexOf('<xliff'))}`, /DOCTYPE/],
    ];
    for (const [what, body, message] of malformed) {
      const res = await put(body);
      expect([what, res.status]).toEqual([what, 400]);
      expect([what, ((await res.json()) as { message: string }).message]).toEqual([what, expect.stringMatching(message)]);
    }
    // Declared, not sent: the gateway answers 413 from Content-Length and closes, so a client still
    // writing 10 MB could meet EPIPE before the answer.
    const overlong = await postDeclaringLength(h, `/api/projects/${projectId}/translations/es/xliff`, { ...me.auth, 'content-type': 'application/xliff+xml' }, 10 * 1024 * 1024 + xml.length, 'PUT');
    expect(overlong.status).toBe(413);
    // A document whose source is not this translation's (made from another version) is refused.
    const otherSource = xml.replace(/(<unit id="title">[\s\S]*?<source>)[\s\S]*?(<\/source>)/, '$1Another title$2');
    const outdated = await put(otherSource);
    expect(outdated.status).toBe(400);
    expect(((await outdated.json()) as { message: string }).message).toMatch(/^The XLIFF document was made from another version of this translation \(unit title differs\)/);
  }, 60_000);

  it('should edit one translated slide by hand, refusing a stale version or another shape', async () => {
    const t = (await call(h, 'GET', `/api/projects/${projectId}/translations/es`, me)).json();
    const url = `/api/projects/${projectId}/translations/es/slides/1`;
    const edit = { title: 'Límites de velocidad', points: ['Conduce a 10 km/h en el almacén.', 'La Forklift Pro 3000 frena en 2 metros.'], notes: 'Despacio cerca de la gente.', version: t.summary.version };
    const res = await call(h, 'PATCH', url, me, edit);
    expect(res.statusCode).toBe(200);
    // The slides that render: the generated ones (the project's own when it has none).
    const slides = (res.json().generated_content?.slides.slide_content || res.json().slides_content) as string;
    expect(slides).toContain('## Límites de velocidad');
    expect(slides).toContain('- Conduce a 10 km/h en el almacén.');
    expect(slides).toContain('Despacio cerca de la gente.');
    expect(res.json().summary.engine).toBe('edited');
    expect(JSON.stringify(res.json())).not.toContain('Forklift Pro Forklift Pro');
    expect((await call(h, 'PATCH', url, me, edit)).statusCode).toBe(409);
    const v = res.json().summary.version;
    expect((await call(h, 'PATCH', url, me, { ...edit, points: ['one'], version: v })).statusCode).toBe(400);
    expect((await call(h, 'PATCH', `/api/projects/${projectId}/translations/es/slides/9`, me, { ...edit, version: v })).statusCode).toBe(404);
  }, 60_000);

  it('should make a translation the primary language and keep the former content as a translation', async () => {
    const res = await call(h, 'POST', `/api/projects/${projectId}/set-primary-language`, me, { primary_language: 'fr' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Primary language set to French', primary_language: 'fr' });
    expect(res.json().available_languages.sort()).toEqual(['en', 'es', 'fr']);
    const project = (await call(h, 'GET', `/api/projects/${projectId}`, me)).json();
    expect(project.primary_language).toBe('fr');
    const english = (await call(h, 'GET', `/api/projects/${projectId}/translations/en`, me)).json();
    expect(english.summary).toMatchObject({ status: 'completed', source_language: 'fr', engine: 'original' });
    expect(english.slides_content).toBe(SLIDES);
    expect((await call(h, 'POST', `/api/projects/${projectId}/set-primary-language`, me, { primary_language: 'de' })).statusCode).toBe(400);
    // Back to English: nothing is lost either way.
    const back = await call(h, 'POST', `/api/projects/${projectId}/set-primary-language`, me, { primary_language: 'en' });
    expect(back.statusCode).toBe(200);
    const restored = (await call(h, 'GET', `/api/projects/${projectId}`, me)).json();
    expect(restored.primary_language).toBe('en');
    expect(restored.slides_content).toBe(SLIDES);
    expect((await call(h, 'GET', `/api/projects/${projectId}/translations/fr`, me)).json().summary).toMatchObject({ status: 'completed', source_language: 'en' });
  }, 60_000);

  it('should delete a translation, also while it runs, and say so', async () => {
    const id = await slidesProject(me, 'Delete me');
    expect((await call(h, 'POST', `/api/projects/${id}/bulk-translate`, me, { target_languages: ['es', 'fr'] })).statusCode).toBe(202);
    const removed = await call(h, 'DELETE', `/api/projects/${id}/translations/fr`, me);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Translation for French deleted');
    await translated(me, id, 'es');
    const list = (await call(h, 'GET', `/api/projects/${id}/translations`, me)).json();
    expect(list.translations.map((t: { target_language: string }) => t.target_language)).toEqual(['es']);
    expect((await call(h, 'DELETE', `/api/projects/${id}/translations/fr`, me)).statusCode).toBe(404);
    expect((await call(h, 'GET', `/api/projects/${id}/translations/de`, me)).statusCode).toBe(404);
    expect((await call(h, 'GET', `/api/projects/${id}/translations/xyz`, me)).statusCode).toBe(400);
  }, 120_000);
});
