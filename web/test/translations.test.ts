// Translations (lib/translations.ts, lib/glossary.ts, the language part of lib/downloads.ts): which
// languages the Translate tab offers, the Manage tab's rows and actions, live events applied to a
// dialog's list and to the cards, the slide edit body, the addresses, the failure texts in en / es
// / fr, the XLIFF upload call, and the glossary's rules.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import React, { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import { TranslationLines } from '../app/components/projects/ProjectCard.js';
import { ManageLanguagesTab } from '../app/components/translation/ManageLanguagesTab.js';
import { TranslateTab } from '../app/components/translation/TranslateTab.js';
import { unknownWordRequest } from '../app/components/translation/UnknownWordsReview.js';
import { WorkspaceContext } from '../app/components/projects/workspace-context.js';
import i18n from '../app/i18n/index.js';
import { ApiError, NETWORK_ERROR } from '../app/lib/api.js';
import { orderedLanguages, projectDownloadPath } from '../app/lib/downloads.js';
import { canEditGlossary, emptyGlossaryDraft, glossaryBody, glossaryPath, glossaryWrite, isGlossaryRequest, type GlossaryTerm } from '../app/lib/glossary.js';
import {
  applyTranslationEvent,
  applyTranslationJob,
  chosenTargets,
  failureText,
  glossaryEntryFor,
  isConflict,
  jobEventsOf,
  languageName,
  languageRows,
  nativeName,
  offeredLanguages,
  parseTranslationEvent,
  projectJobs,
  rowActions,
  slideDraftOf,
  renderedSlides,
  slideEditOf,
  translateOptions,
  translationPaths,
  uploadXliff,
  type TranslationJobs,
  type TranslationList,
  type TranslationSummary,
} from '../app/lib/translations.js';

// The shared swc transform compiles JSX with the classic runtime (React.createElement).
(globalThis as { React?: unknown }).React = React;

const en = i18n.getFixedT('en');
const es = i18n.getFixedT('es');
const fr = i18n.getFixedT('fr');

function summary(language: string, overrides: Partial<TranslationSummary> = {}): TranslationSummary {
  return {
    id: `tr-${language}`,
    project_id: 'p1',
    company_id: 'c1',
    target_language: language,
    source_language: 'en',
    status: 'completed',
    progress: 100,
    engine: 'apertium',
    error: null,
    source_version: 1,
    stale: false,
    version: 1,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    warnings: [],
    ...overrides,
  };
}

function list(overrides: Partial<TranslationList> = {}): TranslationList {
  return {
    translations: [],
    primary_language: 'en',
    available_languages: ['en'],
    engine: 'apertium',
    capabilities: [
      { language: 'es', supported: true, reason: '' },
      { language: 'fr', supported: true, reason: '' },
    ],
    ...overrides,
  };
}


/** The server markup of `element` as the one route of a data router (what useFetcher needs). */
async function inDataRouter(element: ReactElement): Promise<string> {
  const handler = createStaticHandler([{ path: '/', element }]);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(h(StaticRouterProvider, { router, context, hydrate: false }));
}

describe('the Translate tab', () => {
  it('offers the plan languages other than the primary, all selectable on a new project', () => {
    const options = translateOptions(list({ capabilities: [...list().capabilities, { language: 'en', supported: true, reason: '' }] }));
    expect(options.map((o) => [o.language, o.state])).toEqual([
      ['es', 'selectable'],
      ['fr', 'selectable'],
    ]);
  });

  it('disables a translated language (tick), a running one, and one the engine cannot do with its reason', () => {
    const reason = 'The offline translation engine (Apertium) cannot translate from English into German.';
    const options = translateOptions(
      list({
        available_languages: ['en', 'es'],
        translations: [summary('es'), summary('fr', { status: 'translating', progress: 40 })],
        capabilities: [
          { language: 'es', supported: true, reason: '' },
          { language: 'fr', supported: true, reason: '' },
          { language: 'de', supported: false, reason },
          { language: 'it', supported: true, reason: '' },
        ],
      }),
    );
    expect(options.map((o) => [o.language, o.state, o.reason])).toEqual([
      ['es', 'translated', ''],
      ['fr', 'running', ''],
      ['de', 'unsupported', reason],
      ['it', 'selectable', ''],
    ]);
    expect(options[1]!.translation?.progress).toBe(40);
  });

  it('lets a failed or outdated translation be done again, and keeps a translated one translated whatever the engine says now', () => {
    const options = translateOptions(
      list({
        available_languages: ['en', 'es', 'de'],
        translations: [summary('es', { stale: true }), summary('fr', { status: 'failed', error: 'boom', progress: 10 }), summary('de')],
        capabilities: [
          { language: 'es', supported: true, reason: '' },
          { language: 'fr', supported: true, reason: '' },
          { language: 'de', supported: false, reason: 'no pair' },
        ],
      }),
    );
    expect(options.map((o) => [o.language, o.state, o.outdated])).toEqual([
      ['es', 'selectable', true],
      ['fr', 'selectable', false],
      ['de', 'translated', false],
    ]);
  });

  it('sends only chosen languages that can still be chosen, in the offered order', () => {
    const options = translateOptions(list({ translations: [summary('es', { status: 'queued', progress: 0 })] }));
    expect(chosenTargets(options, new Set(['fr', 'es', 'xx']))).toEqual(['fr']);
    expect(chosenTargets(options, new Set())).toEqual([]);
  });

  it('shows nothing to choose on a plan with only the primary language', () => {
    expect(translateOptions(list({ capabilities: [] }))).toEqual([]);
  });
});

describe('the Manage tab', () => {
  const managed = list({
    primary_language: 'es',
    available_languages: ['es', 'en', 'fr'],
    translations: [summary('fr'), summary('de', { status: 'failed', error: 'no route' }), summary('it', { status: 'translating', progress: 30 })],
  });

  it('lists the primary first, then the available languages, then running or failed translations', () => {
    const rows = languageRows(managed);
    expect(rows.map((r) => [r.language, r.primary, r.available, r.translation?.status ?? null])).toEqual([
      ['es', true, true, null],
      ['en', false, true, null],
      ['fr', false, true, 'completed'],
      ['de', false, false, 'failed'],
      ['it', false, false, 'translating'],
    ]);
  });

  it('offers set as primary for available languages, edit and XLIFF for completed translations, delete for finished ones', () => {
    const actions = Object.fromEntries(languageRows(managed).map((r) => [r.language, rowActions(r)]));
    expect(actions.es).toEqual({ setPrimary: false, edit: false, xliff: false, delete: false });
    expect(actions.en).toEqual({ setPrimary: true, edit: false, xliff: false, delete: false });
    expect(actions.fr).toEqual({ setPrimary: true, edit: true, xliff: true, delete: true });
    expect(actions.de).toEqual({ setPrimary: false, edit: false, xliff: false, delete: true });
    expect(actions.it).toEqual({ setPrimary: false, edit: false, xliff: false, delete: false });
  });
});

describe('live translation events', () => {
  it('reads an event, its name deciding completed, failed and deleted', () => {
    const data = { project_id: 'p1', language: 'es', status: 'translating', progress: 42.4, version: 2, engine: 'apertium', error: '' };
    expect(parseTranslationEvent('translation.progress', data)).toEqual({ project_id: 'p1', language: 'es', status: 'translating', progress: 42, version: 2, engine: 'apertium', error: null });
    expect(parseTranslationEvent('translation.completed', { ...data, progress: 90 })).toMatchObject({ status: 'completed', progress: 100 });
    expect(parseTranslationEvent('translation.failed', { ...data, error: 'no pair' })).toMatchObject({ status: 'failed', error: 'no pair' });
    expect(parseTranslationEvent('translation.deleted', { project_id: 'p1', language: 'es' })).toMatchObject({ status: 'deleted', progress: 0, version: null });
    expect(parseTranslationEvent('translation.progress', { project_id: 'p1' })).toBeNull();
    expect(parseTranslationEvent('translation.progress', 'text')).toBeNull();
    expect(parseTranslationEvent('translation.progress', { project_id: 'p1', language: 'fr', progress: 250 })).toMatchObject({ status: 'translating', progress: 100 });
  });

  const event = (name: string, language: string, extra: Record<string, unknown> = {}) =>
    parseTranslationEvent(name, { project_id: 'p1', language, status: 'translating', progress: 50, version: 3, engine: 'apertium', ...extra })!;

  it('moves a dialog list: progress in place, a new translation added, completed made available, deleted removed', () => {
    let current = list({ translations: [summary('es', { status: 'queued', progress: 0 })] });
    current = applyTranslationEvent(current, event('translation.progress', 'es'), 'p1');
    expect(current.translations[0]).toMatchObject({ target_language: 'es', status: 'translating', progress: 50, version: 3 });
    current = applyTranslationEvent(current, event('translation.progress', 'fr', { status: 'queued', progress: 0 }), 'p1');
    expect(current.translations.map((t) => [t.target_language, t.status])).toEqual([
      ['es', 'translating'],
      ['fr', 'queued'],
    ]);
    current = applyTranslationEvent(current, event('translation.completed', 'es'), 'p1');
    expect(current.available_languages).toEqual(['en', 'es']);
    expect(current.translations[0]).toMatchObject({ status: 'completed', progress: 100, stale: false });
    current = applyTranslationEvent(current, event('translation.failed', 'fr', { error: 'no pair' }), 'p1');
    expect(current.translations[1]).toMatchObject({ status: 'failed', error: 'no pair' });
    current = applyTranslationEvent(current, event('translation.deleted', 'es'), 'p1');
    expect(current.available_languages).toEqual(['en']);
    expect(current.translations.map((t) => t.target_language)).toEqual(['fr']);
    // Another project's event changes nothing.
    expect(applyTranslationEvent(current, { ...event('translation.deleted', 'fr'), project_id: 'p2' }, 'p1')).toBe(current);
  });

  it('keeps the running and failed translations per card, and drops completed and deleted ones', () => {
    let jobs: TranslationJobs = {};
    jobs = applyTranslationJob(jobs, event('translation.progress', 'fr', { progress: 20 }));
    jobs = applyTranslationJob(jobs, event('translation.progress', 'es', { progress: 60 }));
    expect(projectJobs(jobs, 'p1')).toEqual([
      { language: 'es', status: 'translating', progress: 60, error: null },
      { language: 'fr', status: 'translating', progress: 20, error: null },
    ]);
    jobs = applyTranslationJob(jobs, event('translation.completed', 'es'));
    jobs = applyTranslationJob(jobs, event('translation.failed', 'fr', { error: 'engine down' }));
    expect(projectJobs(jobs, 'p1')).toEqual([{ language: 'fr', status: 'failed', progress: 50, error: 'engine down' }]);
    jobs = applyTranslationJob(jobs, event('translation.deleted', 'fr'));
    expect(jobs).toEqual({});
    expect(projectJobs(jobs, 'p1')).toEqual([]);
  });

  it('turns a started list into the cards first jobs', () => {
    const started = list({ translations: [summary('es', { status: 'queued', progress: 0 }), summary('fr')] });
    expect(jobEventsOf(started, 'p1')).toEqual([{ project_id: 'p1', language: 'es', status: 'queued', progress: 0, version: 1, engine: 'apertium', error: null }]);
  });
});

describe('editing a translated slide', () => {
  it('fills the form from a slide and sends points one per line with the loaded version', () => {
    const draft = slideDraftOf({ title: 'Seguridad', points: ['Uno', 'Dos'], notes: 'Notas' });
    expect(draft).toEqual({ title: 'Seguridad', points: 'Uno\nDos', notes: 'Notas' });
    expect(slideEditOf({ title: ' Seguridad ', points: 'Uno\r\n\n  Dos  \n', notes: ' Notas\n' }, 4)).toEqual({
      title: 'Seguridad',
      points: ['Uno', 'Dos'],
      notes: 'Notas',
      version: 4,
    });
  });

  it('knows a 409 as a conflict', () => {
    expect(isConflict(new ApiError(409, 'CONFLICT', 'changed'))).toBe(true);
    expect(isConflict(new ApiError(400, 'VALIDATION_FAILED'))).toBe(false);
    expect(isConflict(new Error('x'))).toBe(false);
  });
});

describe('addresses', () => {
  it('builds the translation routes with encoded parts', () => {
    expect(translationPaths.list('p 1')).toBe('/projects/p%201/translations');
    expect(translationPaths.bulk('p1')).toBe('/projects/p1/bulk-translate');
    expect(translationPaths.primary('p1')).toBe('/projects/p1/set-primary-language');
    expect(translationPaths.one('p1', 'es')).toBe('/projects/p1/translations/es');
    expect(translationPaths.slide('p1', 'es', 0)).toBe('/projects/p1/translations/es/slides/0');
    expect(translationPaths.xliff('p1', 'fr')).toBe('/projects/p1/translations/fr/xliff');
  });

  it('asks for a download in a language other than the primary with ?language=, the primary without', () => {
    expect(projectDownloadPath('p1', 'pptx')).toBe('/projects/p1/download/pptx');
    expect(projectDownloadPath('p1', 'pptx', { language: 'en', primary: 'en' })).toBe('/projects/p1/download/pptx');
    expect(projectDownloadPath('p1', 'pdf', { language: 'es', primary: 'en' })).toBe('/projects/p1/download/pdf?language=es');
  });

  it('orders the download languages with the primary first', () => {
    expect(orderedLanguages('es', ['en', 'es', 'fr', 'en'])).toEqual(['es', 'en', 'fr']);
    expect(orderedLanguages('en', [])).toEqual(['en']);
    // Whatever order the translations finished in.
    expect(orderedLanguages('en', ['en', 'fr', 'de', 'es'])).toEqual(['en', 'es', 'fr', 'de']);
  });
});

describe('names and texts', () => {
  it('names a language in the interface language, with its own name when it differs', () => {
    const supported = { es: { name: 'Spanish', native_name: 'español' }, xx: { name: 'Example', native_name: 'Example' } };
    expect(languageName('es', 'en', supported)).toBe('Spanish');
    expect(languageName('es', 'fr', supported)).toBe('Espagnol');
    expect(languageName('de', 'es', null)).toBe('Alemán');
    expect(nativeName('es', 'Spanish', supported)).toBe('español');
    expect(nativeName('es', 'Español', supported)).toBeNull();
    expect(nativeName('de', 'German', supported)).toBeNull();
  });

  it('adds the server message of a 4xx to the failure text, in en, es and fr', () => {
    const plan = new ApiError(403, 'FORBIDDEN_PLAN', 'Your Professional plan includes translation into English, Spanish, and French. Upgrade to translate into German.');
    expect(failureText(plan, en, 'translation.errors.start')).toBe(
      'Failed to start translation process: Your Professional plan includes translation into English, Spanish, and French. Upgrade to translate into German.',
    );
    expect(failureText(new ApiError(500, 'INTERNAL', 'stack'), en, 'translation.errors.start')).toBe('Failed to start translation process');
    expect(failureText(new ApiError(0, NETWORK_ERROR), en, 'translation.errors.setPrimary')).toBe('Failed to set primary language');
    expect(failureText(new ApiError(404, 'NOT_FOUND', 'Translation not found'), es, 'translation.errors.delete')).toBe(
      'No se pudo eliminar la traducción: ' + es('errors.notFound'),
    );
    expect(failureText(new Error('x'), fr, 'translation.errors.start')).toBe('Impossible de lancer la traduction');
  });

  it('keeps the specification texts in English', () => {
    expect(en('translation.tabs.translate')).toBe('Translate Content');
    expect(en('translation.tabs.manage')).toBe('Manage Languages');
    expect(en('translation.start')).toBe('Start Translation');
    expect(en('translation.started')).toBe('Translation started successfully! Processing in background.');
    expect(en('translation.primarySet', { language: 'Spanish' })).toBe('Primary language set to Spanish');
    expect(en('translation.deleted', { language: 'Spanish' })).toBe('Translation for Spanish deleted');
    expect(en('translation.errors.start')).toBe('Failed to start translation process');
    expect(en('translation.errors.setPrimary')).toBe('Failed to set primary language');
    expect(en('translation.errors.delete')).toBe('Failed to delete translation');
    expect(en('translation.errors.failed')).toBe('Translation failed');
    expect(en('projects.actions.multiLanguage')).toBe('Multi-language');
  });
});

describe('the XLIFF upload', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('PUTs the document text as application/xliff+xml and returns the translation', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init! });
      return new Response(JSON.stringify({ summary: summary('es', { version: 5 }), title: 'Hola' }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const answer = await uploadXliff('p1', 'es', '<xliff version="2.0"/>');
    expect(answer.summary.version).toBe(5);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/projects/p1/translations/es/xliff');
    expect(calls[0]!.init.method).toBe('PUT');
    expect((calls[0]!.init.headers as Record<string, string>)['content-type']).toBe('application/xliff+xml');
    expect(calls[0]!.init.body).toBe('<xliff version="2.0"/>');
  });

  it('rejects with the server message of a refused document', async () => {
    globalThis.fetch = jest.fn(async () =>
      new Response(JSON.stringify({ code: 'VALIDATION_FAILED', message: 'The XLIFF does not belong to this translation.' }), { status: 400, headers: { 'content-type': 'application/json' } }),
    ) as typeof fetch;
    await expect(uploadXliff('p1', 'es', '<x/>')).rejects.toMatchObject({ status: 400, serverMessage: 'The XLIFF does not belong to this translation.' });
  });
});

describe('the glossary', () => {
  const term = (id: string, text: string): GlossaryTerm => ({
    id,
    company_id: 'c1',
    term: text,
    source_language: 'en',
    target_language: '',
    translation: '',
    case_sensitive: false,
    created_at: '',
    updated_at: '',
  });

  it('sends trimmed fields; an empty translation keeps the term, an empty target means every language', () => {
    expect(glossaryBody({ ...emptyGlossaryDraft(), term: '  Trainwright ', translation: '  ' })).toEqual({
      term: 'Trainwright',
      source_language: 'en',
      target_language: '',
      translation: '',
      case_sensitive: false,
    });
    expect(glossaryPath('c 1')).toBe('/companies/c%201/glossary');
    expect(glossaryPath('c1', 't1')).toBe('/companies/c1/glossary/t1');
  });

  it('lets owners and editors change it, and viewers and commenters only read it', () => {
    expect(canEditGlossary({ role: 'owner' })).toBe(true);
    expect(canEditGlossary({ role: 'editor' })).toBe(true);
    expect(canEditGlossary({ role: 'commenter' })).toBe(false);
    expect(canEditGlossary({ role: 'viewer' })).toBe(false);
    expect(canEditGlossary({})).toBe(true);
  });

  it("maps each of the glossary action's intents to its gateway call, and refuses a request that is not one", () => {
    const draft = { ...emptyGlossaryDraft(), term: ' Acme ', translation: '' };
    expect(glossaryWrite({ intent: 'update', companyId: 'c1', termId: 't 1', draft })).toEqual({ method: 'PATCH', path: '/companies/c1/glossary/t%201', body: { ...glossaryBody(draft), term: 'Acme' } });
    expect(glossaryWrite({ intent: 'delete', companyId: 'c1', termId: 't1' })).toEqual({ method: 'DELETE', path: '/companies/c1/glossary/t1' });
    for (const bad of [null, {}, { intent: 'create', companyId: 'c1' }, { intent: 'update', companyId: 'c1', draft }, { intent: 'delete', companyId: '', termId: 't1' }, { intent: 'drop', companyId: 'c1', termId: 't1' }]) {
      expect(isGlossaryRequest(bad)).toBe(false);
    }
  });
});

describe('the screens rendered on the server', () => {
  const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
  const option = (html: string, language: string) => new RegExp(`<li[^>]*data-language="${language}"[^>]*>(.*?)</li>`).exec(html)?.[0] ?? '';

  it('the Translate tab: the primary hidden, translated ticked and disabled, unsupported with its reason, Start disabled with nothing chosen', () => {
    const html = renderToStaticMarkup(
      h(TranslateTab, {
        projectId: 'p1',
        canEdit: true,
        onStarted: () => undefined,
        list: list({
          available_languages: ['en', 'es'],
          translations: [summary('es')],
          capabilities: [
            { language: 'en', supported: true, reason: '' },
            { language: 'es', supported: true, reason: '' },
            { language: 'fr', supported: true, reason: '' },
            { language: 'de', supported: false, reason: 'No Apertium pair.' },
          ],
        }),
      }),
    );
    expect(html).not.toContain('data-language="en"');
    expect(option(html, 'es')).toContain('data-state="translated"');
    expect(option(html, 'es')).toMatch(/checked=""[^>]*disabled=""|disabled=""[^>]*checked=""/);
    expect(text(option(html, 'es'))).toContain('Translated');
    expect(option(html, 'fr')).not.toContain('disabled=""');
    // An unreachable language is not offered; its reason (without a code the screen knows) is said once.
    expect(html).not.toContain('data-language="de"');
    expect(text(html)).toContain('German: No Apertium pair.');
    expect(text(html)).toContain('This project is written in English (its primary language).');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Start Translation<\/button>/);
  });

  it('a card: a bar per running translation, the reason of a failed one', () => {
    const html = renderToStaticMarkup(
      h(TranslationLines, {
        jobs: [
          { language: 'es', status: 'translating', progress: 40, error: null },
          { language: 'fr', status: 'failed', progress: 10, error: 'The engine is down.' },
        ],
      }),
    );
    expect(html).toContain('aria-label="Translating into Spanish"');
    expect(html).toContain('aria-valuenow="40"');
    expect(text(html)).toContain('Translation into French failed: The engine is down.');
    expect(renderToStaticMarkup(h(TranslationLines, { jobs: [] }))).toBe('');
  });
});

describe('languages the engine cannot reach (issue 23, point 10)', () => {
  const offline = (code: string) => ({ language: code, supported: false, reason: 'The offline translation engine (Apertium) cannot translate from English into German. Configure an OpenAI-compatible model or DeepL for this language.', reason_code: 'offline_no_pair' });
  const withUnreachable = list({ capabilities: [...list().capabilities, offline('de'), offline('ru'), { language: 'xx', supported: false, reason: 'Some other reason.' }] });
  const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
  const render = async (language: string) => {
    await i18n.changeLanguage(language);
    try {
      return renderToStaticMarkup(h(TranslateTab, { projectId: 'p1', canEdit: true, onStarted: () => undefined, list: withUnreachable }));
    } finally {
      await i18n.changeLanguage('en');
    }
  };

  it('offers only the languages the engine reaches; the others grouped by reason', () => {
    const { offered, unreachable } = offeredLanguages(translateOptions(withUnreachable));
    expect(offered.map((o) => o.language)).toEqual(['es', 'fr']);
    expect(unreachable).toEqual([
      { code: 'offline_no_pair', reason: '', languages: ['de', 'ru'] },
      { code: '', reason: 'Some other reason.', languages: ['xx'] },
    ]);
  });

  it('lists no checkbox for an unreachable language and says in the interface language what would open it, without the developer note', async () => {
    const expected: Record<string, string> = {
      en: 'The offline translation engine cannot translate English into German and Russian. An administrator can add these languages by connecting an AI translation model or DeepL.',
      es: 'El motor de traducción sin conexión no puede traducir del inglés al alemán y ruso. Un administrador puede añadir estos idiomas conectando un modelo de traducción con IA o DeepL.',
      fr: "Le moteur de traduction hors ligne ne peut pas traduire de l'anglais vers : allemand et russe. Un administrateur peut ajouter ces langues en connectant un modèle de traduction IA ou DeepL.",
    };
    for (const language of ['en', 'es', 'fr']) {
      const html = await render(language);
      expect(html.match(/type="checkbox"/g)).toHaveLength(2);
      expect(html).not.toContain('data-language="de"');
      expect(text(html).replace(/&#x27;/g, "'")).toContain(expected[language]);
      expect(html).not.toContain('Configure an OpenAI-compatible model');
    }
  });
});

describe('unknown words (issue 23, point 10)', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  const reviewed = summary('fr', {
    source_language: 'en',
    needs_review: true,
    unknown_words: [
      { word: 'hazards', language: 'en' },
      { word: 'extintor', language: 'es' },
    ],
  });

  it('makes a glossary entry of a source word for the translation languages; a pivot word has none', () => {
    expect(glossaryEntryFor(reviewed, { word: 'hazards', language: 'en' }, ' dangers ')).toEqual({ term: 'hazards', source_language: 'en', target_language: 'fr', translation: 'dangers', case_sensitive: false });
    expect(glossaryEntryFor(reviewed, { word: 'extintor', language: 'es' })).toBeNull();
  });

  it("asks the glossary action to add the word to the company's glossary, as one POST", () => {
    const request = unknownWordRequest(reviewed, { word: 'hazards', language: 'en' }, ' dangers ');
    expect(request).toEqual({ intent: 'create', companyId: reviewed.company_id, draft: { term: 'hazards', source_language: 'en', target_language: 'fr', translation: 'dangers', case_sensitive: false } });
    expect(isGlossaryRequest(request)).toBe(true);
    expect(glossaryWrite(request)).toEqual({
      method: 'POST',
      path: `/companies/${reviewed.company_id}/glossary`,
      body: { term: 'hazards', source_language: 'en', target_language: 'fr', translation: 'dangers', case_sensitive: false },
    });
    expect(() => unknownWordRequest(reviewed, { word: 'extintor', language: 'es' }, '')).toThrow('not in the source language');
  });

  it('Manage Languages labels the translation "Needs review" and lists its words with the glossary entry, in en, es and fr', async () => {
    const workspace = { openMarketplace: () => undefined, openVoices: () => undefined, voice: null, notify: () => undefined };
    const expected: Record<string, [string, string, string]> = {
      en: ['Needs review', 'Add "hazards" to the glossary', 'A Spanish word from the intermediate step'],
      es: ['Requiere revisión', 'Añadir «hazards» al glosario', 'Una palabra en español del paso intermedio'],
      fr: ['À relire', 'Ajouter « hazards » au glossaire', 'Un mot en espagnol'],
    };
    for (const language of ['en', 'es', 'fr']) {
      await i18n.changeLanguage(language);
      try {
        // In a data router: a word is added through the glossary route's action (useFetcher).
        const html = await inDataRouter(
          h(
            WorkspaceContext.Provider,
            { value: workspace },
            h(ManageLanguagesTab, { projectId: 'p1', projectTitle: 'Warehouse', canEdit: true, onChanged: () => undefined, onEdit: () => undefined, list: list({ available_languages: ['en', 'fr'], translations: [reviewed] }) }),
          ),
        );
        const [badge, add, pivot] = expected[language]!;
        expect(html).toContain('data-testid="needs-review"');
        expect(html).toContain(badge);
        expect(html).toContain(`aria-label="${add.replace(/"/g, '&quot;')}"`);
        expect(html).toContain('data-word="extintor"');
        expect(html).toContain(pivot);
      } finally {
        await i18n.changeLanguage('en');
      }
    }
  });
});

describe('renderedSlides', () => {
  it('should edit the generated slides when there are any, else the project\'s own', () => {
    const generated = { slides: { slide_content: '## Generado' } } as never;
    expect(renderedSlides({ slides_content: '## Propio', generated_content: generated })).toBe('## Generado');
    expect(renderedSlides({ slides_content: '## Propio', generated_content: null })).toBe('## Propio');
    expect(renderedSlides({ slides_content: '## Propio', generated_content: { slides: { slide_content: '  ' } } as never })).toBe('## Propio');
  });
});
