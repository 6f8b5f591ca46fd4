// The company library's pure rules (lib/library.ts) and its markup: passages cut into plain and
// highlighted parts (rendered as <mark> elements, the passage's text never read as markup),
// excerpts, the create form's query and use_library, the writes of the page's action, who may
// change the library, and the citations under each slide of the preview (the carousel's positions
// mapped to the deck's slides), and what a project drew from the library on its card and in the
// preview (nothing about its topic: the notice in the interface language with a link to add
// documents). No browser: react-dom/server.
import { describe, expect, it } from '@jest/globals';
import React, { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router-dom/server';
import { LIBRARY_MESSAGES, normalizeGeneratorRequest } from '@trainwright/catalogue';
import { plainContent } from '@trainwright/formats';
import i18n from '../app/i18n/index.js';
import { HighlightedText } from '../app/components/library/HighlightedText.js';
import { SlideCitations } from '../app/components/library/SlideCitations.js';
import { ProjectPreview } from '../app/components/projects/ContentView.js';
import { GeneratedDetails } from '../app/components/projects/GeneratedDetails.js';
import { LibraryMaterialLine } from '../app/components/projects/ProjectCard.js';
import { buildGeneratorSubmission, defaultGeneratorDrafts, type GeneratorFormInput } from '../app/lib/ai.js';
import {
  LIBRARY_UPLOAD_RULE,
  canEditLibrary,
  citationsBySlide,
  citationsOf,
  excerpt,
  highlightSegments,
  isLibraryRequest,
  libraryDocumentsPath,
  libraryPageOf,
  librarySearchPath,
  libraryWrite,
  passageExcerpt,
  topicQuery,
  type LibraryCitation,
} from '../app/lib/library.js';
import { deckIndexAtPosition, firstNumberedSlide } from '../app/lib/preview.js';
import { projectFixture } from './support/project.fixture.js';

// The shared swc transform compiles JSX with the classic runtime (React.createElement).
(globalThis as { React?: unknown }).React = React;

const joined = (segments: { text: string }[]) => segments.map((s) => s.text).join('');

describe('highlightSegments', () => {
  const text = 'Check the forklift before every shift.';

  it('should cut the passage at the ranges, in order, the parts joined being the passage', () => {
    const segments = highlightSegments(text, [[10, 18]]);
    expect(segments).toEqual([
      { text: 'Check the ', highlighted: false },
      { text: 'forklift', highlighted: true },
      { text: ' before every shift.', highlighted: false },
    ]);
    expect(joined(segments)).toBe(text);
  });

  it('should sort, merge overlapping or touching ranges, clip ranges out of the text and drop malformed ones', () => {
    const segments = highlightSegments(text, [[32, 99], [10, 14], [12, 18], [18, 18], [-5, 5], [7, 3], ['a', 2] as unknown as [number, number], [1.5, 4]]);
    expect(segments.filter((s) => s.highlighted).map((s) => s.text)).toEqual(['Check', 'forklift', 'shift.']);
    expect(joined(segments)).toBe(text);
    // Touching ranges are one mark.
    expect(highlightSegments('abcdef', [[0, 2], [2, 4]])).toEqual([
      { text: 'abcd', highlighted: true },
      { text: 'ef', highlighted: false },
    ]);
  });

  it('should keep the whole passage plain without ranges, and an empty passage as one empty part', () => {
    expect(highlightSegments(text, [])).toEqual([{ text, highlighted: false }]);
    expect(highlightSegments(text, undefined)).toEqual([{ text, highlighted: false }]);
    expect(highlightSegments('', [[0, 3]])).toEqual([{ text: '', highlighted: false }]);
    expect(highlightSegments('all', [[0, 3]])).toEqual([{ text: 'all', highlighted: true }]);
  });
});

describe('HighlightedText', () => {
  it('should mark the matches with <mark> elements and keep markup in the passage as text', () => {
    const text = '<b>Forklift</b> & <script>alert(1)</script> safety';
    const at = (word: string): [number, number] => [text.indexOf(word), text.indexOf(word) + word.length];
    const html = renderToStaticMarkup(h(HighlightedText, { text, ranges: [at('Forklift'), at('safety')] }));
    expect(html).toContain('&lt;b&gt;<mark');
    expect(html).toMatch(/<mark[^>]*>Forklift<\/mark>/);
    expect(html).toMatch(/<mark[^>]*>safety<\/mark>/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
  });
});

describe('excerpts', () => {
  it('should cut a long text at a word with an ellipsis, and keep a short one as it is (spaces folded)', () => {
    expect(excerpt('Short  passage\n here.')).toBe('Short passage here.');
    const long = 'Forklift operators check the brakes, the horn, the lights and the forks before every shift, and report any fault to the supervisor before the truck is used again.';
    const cut = excerpt(long, 60);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(61);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut.slice(0, -1)).not.toMatch(/\s$/);
    expect(long.charAt(cut.length - 1)).toBe(' ');
  });

  it('should show a long passage around its first match, the ranges moved with it', () => {
    const passage = `${'Lorem ipsum dolor sit amet. '.repeat(12)}Never lift a load above the rated capacity of the forklift. ${'Consectetur adipiscing elit. '.repeat(12)}`;
    const start = passage.indexOf('forklift');
    const shown = passageExcerpt(passage, [[start, start + 'forklift'.length]], 120);
    expect(shown.text.startsWith('…')).toBe(true);
    expect(shown.text.endsWith('…')).toBe(true);
    expect(shown.text.length).toBeLessThanOrEqual(122);
    const marked = highlightSegments(shown.text, shown.highlights).filter((s) => s.highlighted);
    expect(marked.map((s) => s.text)).toEqual(['forklift']);
    // A short passage is shown whole, its ranges unchanged.
    expect(passageExcerpt('A forklift.', [[2, 10]], 120)).toEqual({ text: 'A forklift.', highlights: [[2, 10]] });
  });

  it('should start a long passage without matches at its beginning', () => {
    const passage = 'word '.repeat(100);
    const shown = passageExcerpt(passage, [], 50);
    expect(shown.text.startsWith('word')).toBe(true);
    expect(shown.text.endsWith('…')).toBe(true);
    expect(shown.highlights).toEqual([]);
  });
});

describe('the create form and the library', () => {
  it('should search for the topic and its subtopics, within the API’s 200 characters', () => {
    expect(topicQuery('  Forklift safety ', 'Daily checks\n\n Load limits\r\n')).toBe('Forklift safety Daily checks Load limits');
    expect(topicQuery('Fire drills')).toBe('Fire drills');
    const long = topicQuery('Forklift safety', Array.from({ length: 40 }, (_, i) => `Subtopic number ${i}`).join('\n'));
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith(' ')).toBe(false);
    expect(long.startsWith('Forklift safety Subtopic number 0')).toBe(true);
  });

  const input = (method: GeneratorFormInput['method'], useLibrary: boolean | undefined): GeneratorFormInput => {
    const drafts = defaultGeneratorDrafts();
    drafts.topic_to_content.topic = 'Forklift safety';
    drafts.learning_path.main_topic = 'Warehouse safety';
    drafts.url_content.url = 'https://example.com/page';
    return { method, drafts, sourceMode: 'file', file: null, projectName: 'Forklifts', branding: null, useLibrary };
  };

  it('should send the form’s library choice for topics and learning paths, and for no other method', () => {
    const data = (method: GeneratorFormInput['method'], useLibrary: boolean | undefined): Record<string, unknown> => {
      const result = buildGeneratorSubmission(input(method, useLibrary));
      if (!result.ok || result.kind !== 'json') throw new Error(`not sent: ${JSON.stringify(result)}`);
      return { ...result.body.request_data };
    };
    expect(data('topic_to_content', true)).toMatchObject({ topic: 'Forklift safety', use_library: true });
    expect(data('topic_to_content', false).use_library).toBe(false);
    expect(data('learning_path', true)).toMatchObject({ main_topic: 'Warehouse safety', use_library: true });
    expect(data('learning_path', false).use_library).toBe(false);
    // While the library is unknown: the catalogue's default, as the server would fill it in.
    const byDefault = normalizeGeneratorRequest('topic_to_content', { topic: 'x' }, false).request_data;
    expect(data('topic_to_content', undefined).use_library).toBe((byDefault as { use_library?: boolean }).use_library);
    // Other methods do not read the library.
    expect('use_library' in data('url_content', true)).toBe(false);
  });

  it('should upload the document types the document reader reads', () => {
    expect([...LIBRARY_UPLOAD_RULE.extensions].sort()).toEqual(['.doc', '.docx', '.pdf', '.ppt', '.pptx', '.rtf', '.txt']);
  });
});

describe('the library page’s calls', () => {
  it('should name the company in the query of the reads', () => {
    expect(libraryDocumentsPath('c 1')).toBe('/library/documents?company_id=c+1');
    expect(libraryDocumentsPath(null)).toBe('/library/documents');
    expect(libraryDocumentsPath('c', { page: 3 })).toBe('/library/documents?company_id=c&page=3');
    expect(libraryDocumentsPath('c', { page: 1, pageSize: 1 })).toBe('/library/documents?company_id=c&page_size=1');
    // The page an address asks for; anything else is the first.
    expect(['/library?page=2', '/library', '/library?page=0', '/library?page=2.5', '/library?page=x', '/library?page=999999999'].map(libraryPageOf)).toEqual([2, 1, 1, 1, 1, 1]);
    expect(librarySearchPath('fork lift & co', { companyId: 'c', limit: 5 })).toBe('/library/search?q=fork+lift+%26+co&company_id=c&limit=5');
    expect(librarySearchPath('fire', {})).toBe('/library/search?q=fire');
  });

  it('should send each intent to its route with its body', () => {
    expect(libraryWrite({ intent: 'addUrl', companyId: 'c', url: ' https://example.com/policy ' })).toEqual({
      method: 'POST',
      path: '/library/documents',
      body: { company_id: 'c', url: 'https://example.com/policy' },
    });
    expect(libraryWrite({ intent: 'addText', companyId: 'c', title: ' Fire drills ', text: 'Leave by the nearest exit.' })).toEqual({
      method: 'POST',
      path: '/library/documents',
      body: { company_id: 'c', title: 'Fire drills', text: 'Leave by the nearest exit.' },
    });
    expect(libraryWrite({ intent: 'delete', companyId: 'c 1', documentId: 'd/1' })).toEqual({ method: 'DELETE', path: '/library/documents/d%2F1' });
  });

  it('should accept only well-formed requests', () => {
    expect(isLibraryRequest({ intent: 'addUrl', companyId: 'c', url: '' })).toBe(true);
    expect(isLibraryRequest({ intent: 'addText', companyId: 'c', title: 'T', text: 'x' })).toBe(true);
    expect(isLibraryRequest({ intent: 'addText', companyId: 'c', title: 'T' })).toBe(false);
    expect(isLibraryRequest({ intent: 'delete', companyId: 'c', documentId: '' })).toBe(false);
    expect(isLibraryRequest({ intent: 'delete', companyId: '', documentId: 'd' })).toBe(false);
    expect(isLibraryRequest({ intent: 'drop', companyId: 'c' })).toBe(false);
    expect(isLibraryRequest(null)).toBe(false);
  });

  it('should let owners and editors change the library, commenters and viewers only read it', () => {
    expect(canEditLibrary({ role: 'owner' })).toBe(true);
    expect(canEditLibrary({ role: 'editor' })).toBe(true);
    expect(canEditLibrary({ role: 'commenter' })).toBe(false);
    expect(canEditLibrary({ role: 'viewer' })).toBe(false);
    // Without a known role the server decides.
    expect(canEditLibrary({})).toBe(true);
  });
});

describe('citations in the preview', () => {
  const citation = (slide_index: number, document_title = 'Forklift handbook'): LibraryCitation => ({ slide_index, document_id: 'd1', document_title, passage: `Passage for slide ${slide_index}.` });

  it('should read the citations of generated content, leaving out malformed ones, and group them by slide', () => {
    const content = { citations: [citation(2), { slide_index: -1, document_title: 'x', passage: 'y' }, { slide_index: 1 }, citation(2, 'Fire safety'), citation(0), 'junk'] };
    const listed = citationsOf(content);
    expect(listed.map((c) => c.slide_index)).toEqual([2, 2, 0]);
    const bySlide = citationsBySlide(listed);
    expect(bySlide.get(2)!.map((c) => c.document_title)).toEqual(['Forklift handbook', 'Fire safety']);
    expect(bySlide.has(1)).toBe(false);
    expect(citationsOf(null)).toEqual([]);
    expect(citationsOf({ citations: 'none' })).toEqual([]);
  });

  it('should map the carousel’s positions (the title card first) to the deck’s slides', () => {
    // A deck that does not open with a title slide: the title card shows no deck slide.
    expect(deckIndexAtPosition(0, 0)).toBeNull();
    expect(deckIndexAtPosition(1, 0)).toBe(0);
    expect(deckIndexAtPosition(3, 0)).toBe(2);
    // A deck whose first slide is the cover: the title card is that slide.
    expect(deckIndexAtPosition(0, 1)).toBe(0);
    expect(deckIndexAtPosition(1, 1)).toBe(1);
    const slides = '# Forklift Safety\n\n## Forklift Safety\n\n## Daily checks\n- Test the horn';
    expect(firstNumberedSlide(slides, { title: 'Forklift Safety' })).toBe(1);
    expect(firstNumberedSlide('## Daily checks\n- Test the horn', { title: 'Forklift Safety' })).toBe(0);
  });

  it('should quote the start of each cited passage under its source’s title', () => {
    const long = { ...citation(0), passage: `${'Always wear a seat belt when driving the truck. '.repeat(8)}` };
    const html = renderToStaticMarkup(h(SlideCitations, { citations: [long, citation(0, 'Fire <safety>')] }));
    expect(html).toContain('Source: Forklift handbook');
    expect(html).toContain('Source: Fire &lt;safety&gt;');
    const quote = /<blockquote[^>]*>([^<]*)<\/blockquote>/.exec(html)![1]!;
    expect(quote.length).toBeLessThanOrEqual(161);
    expect(quote.endsWith('…')).toBe(true);
    expect(renderToStaticMarkup(h(SlideCitations, { citations: [] }))).toBe('');
  });

  const SLIDES = ['# Forklift Safety', '', '## Daily checks', '- Walk around the truck', '', '## Load limits', '- Read the load plate'].join('\n');
  const generated = () => projectFixture({ id: 'p1', title: 'Forklift Safety', project_type: 'ai_content_generator', status: 'completed', generated_content: plainContent('', SLIDES) });
  const footer = (index: number) => h('p', { 'data-testid': 'footer' }, `under ${index}`);

  it('should show each slide’s footer under it in the drawn slides', () => {
    const html = renderToStaticMarkup(h(ProjectPreview, { project: { ...generated(), has_content: false }, template: null, slideFooter: footer }));
    expect(html).toContain('under 0');
    expect(html).toContain('under 1');
    // Under its slide: after the slide's title, before the next one's.
    expect(html.indexOf('Daily checks')).toBeLessThan(html.indexOf('under 0'));
    expect(html.indexOf('under 0')).toBeLessThan(html.indexOf('Load limits'));
  });

  it('should show the footer of the slide the carousel shows (none for a title card that is no slide)', () => {
    const html = renderToStaticMarkup(h(ProjectPreview, { project: { ...generated(), has_content: true }, template: null, slideFooter: footer }));
    expect(html).toContain('data-testid="slide-images"');
    expect(html).not.toContain('under');
    const withCover = projectFixture({
      id: 'p2',
      title: 'Forklift Safety',
      status: 'completed',
      has_content: true,
      generated_content: plainContent('', SLIDES.replace('# Forklift Safety\n', '# Forklift Safety\n\n## Forklift Safety\n')),
    });
    expect(renderToStaticMarkup(h(ProjectPreview, { project: withCover, template: null, slideFooter: footer }))).toContain('under 0');
  });
});

describe('what a project drew from the library', () => {
  const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
  /** Rendered in the language, inside a router (the links). */
  async function rendered(element: ReactElement, language = 'en'): Promise<string> {
    const instance = i18n.cloneInstance();
    await instance.changeLanguage(language);
    return renderToStaticMarkup(h(I18nextProvider, { i18n: instance }, h(StaticRouter, { location: '/projects' }, element)));
  }

  it('should label a card built from the library, and say on a card whose topic it held nothing about, with a link to add documents', async () => {
    const cited = await rendered(h(LibraryMaterialLine, { material: 'cited' }));
    expect(cited).toContain('data-material="cited"');
    expect(text(cited)).toBe('From your library');
    const none = await rendered(h(LibraryMaterialLine, { material: 'none' }));
    expect(text(none)).toBe('No material about this topic in your library yet Add documents');
    expect(none).toMatch(/<a [^>]*href="\/library"[^>]*>Add documents<\/a>/);
    expect(text(await rendered(h(LibraryMaterialLine, { material: 'none' }), 'es'))).toBe('Todavía no hay material sobre este tema en tu biblioteca Añadir documentos');
    expect(await rendered(h(LibraryMaterialLine, { material: null }))).toBe('');
    expect(await rendered(h(LibraryMaterialLine, { material: undefined }))).toBe('');
  });

  it('should show the notice that the library held nothing in the interface language, with a link to add documents', async () => {
    const content = { engine: 'offline', notices: [LIBRARY_MESSAGES.noMaterial, 'No facts were added.'] };
    const en = await rendered(h(GeneratedDetails, { content }));
    expect(text(en)).toContain(`${LIBRARY_MESSAGES.noMaterial} Add documents to your library`);
    expect(en).toMatch(/<a [^>]*href="\/library"[^>]*>Add documents to your library<\/a>/);
    expect(text(en)).toContain('No facts were added.');
    const fr = text(await rendered(h(GeneratedDetails, { content }), 'fr'));
    expect(fr).toContain('Pas encore de contenu sur ce sujet dans votre bibliothèque : ajoutez des documents ou connectez un modèle d&#x27;IA Ajouter des documents à votre bibliothèque');
    expect(fr).not.toContain(LIBRARY_MESSAGES.noMaterial);
  });
});
