// Project translations (docs/translation.md; part 1 sections 2 to 4 and 7 to 9): the shapes of the
// gateway's answers, the calls, and the pure rules of the Multi-Language dialog and the cards:
// which languages can be chosen, the rows of 'Manage Languages', live events applied to a list,
// the running translations a card shows, the slide edit body. No React here (useTranslations.ts
// holds the hooks), so the unit tests run these directly.
import type { TFunction } from 'i18next';
import type { Slide } from '@trainwright/formats';
import { ApiError, del, fetchWithSession, get, patch, post, readBody, toError } from './api';
import { errorText, failureMessageOf, type FailureMessage } from './errors';
import type { GeneratedContent } from './project-types';

export const TRANSLATION_STATUSES = ['queued', 'translating', 'completed', 'failed'] as const;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];

/** A translation summary (docs/translation.md). */
export interface TranslationSummary extends FailureMessage {
  id: string;
  project_id: string;
  company_id: string;
  target_language: string;
  source_language: string;
  status: TranslationStatus | (string & {});
  /** 0-100. */
  progress: number;
  engine: string;
  error: string | null;
  source_version: number;
  /** The project has newer content than the one translated. */
  stale: boolean;
  version: number;
  created_at: string;
  updated_at: string;
  warnings: string[];
  /** Words the engine left untranslated, in the language they are in (a pivot's, through one). */
  unknown_words?: UnknownWord[];
  /** Completed with unknown words: a person should review it. */
  needs_review?: boolean;
}

export interface UnknownWord {
  word: string;
  language: string;
}

/** What the configured engine can do for one of the plan's languages. */
export interface LanguageCapability {
  language: string;
  supported: boolean;
  /** The server's reason (English); the screens say `reason_code`'s in the user's language. */
  reason: string;
  /** 'offline_no_pair': the offline engine has no pair for it ('' or absent otherwise). */
  reason_code?: string;
}

/** GET /api/projects/{id}/translations (also the answer of POST bulk-translate). */
export interface TranslationList {
  translations: TranslationSummary[];
  primary_language: string;
  available_languages: string[];
  engine: string;
  /** The plan's languages other than the primary. */
  capabilities: LanguageCapability[];
}

/** GET /api/projects/{id}/translations/{language}. */
export interface TranslationDetail {
  summary: TranslationSummary;
  title: string;
  description: string;
  /** Slide text format (parseSlideText). */
  slides_content: string;
  script_content: string;
  generated_content: GeneratedContent | null;
}

/** The translated slides that render (and that a hand edit changes): the generated slides when
 * there are any, else the project's own, as the server decides. */
export function renderedSlides(detail: Pick<TranslationDetail, 'slides_content' | 'generated_content'>): string {
  const generated = detail.generated_content?.slides?.slide_content ?? '';
  return generated.trim() ? generated : (detail.slides_content ?? '');
}

export interface LanguageNames {
  name: string;
  native_name: string;
}

/** GET /api/languages/supported: code -> names. */
export type SupportedLanguages = Record<string, LanguageNames>;

// ---------------------------------------------------------------------------------------------
// Addresses and calls

const projectPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;

export const translationPaths = {
  list: (projectId: string) => `${projectPath(projectId)}/translations`,
  bulk: (projectId: string) => `${projectPath(projectId)}/bulk-translate`,
  primary: (projectId: string) => `${projectPath(projectId)}/set-primary-language`,
  one: (projectId: string, language: string) => `${projectPath(projectId)}/translations/${encodeURIComponent(language)}`,
  slide: (projectId: string, language: string, index: number) =>
    `${projectPath(projectId)}/translations/${encodeURIComponent(language)}/slides/${index}`,
  xliff: (projectId: string, language: string) => `${projectPath(projectId)}/translations/${encodeURIComponent(language)}/xliff`,
};

export const fetchTranslations = (projectId: string, signal?: AbortSignal) => get<TranslationList>(translationPaths.list(projectId), signal);

export const startTranslations = (projectId: string, targetLanguages: string[]) =>
  post<TranslationList & { message?: string }>(translationPaths.bulk(projectId), { target_languages: targetLanguages });

export const setPrimaryLanguage = (projectId: string, language: string) =>
  post<{ message?: string; primary_language: string; available_languages: string[] }>(translationPaths.primary(projectId), {
    primary_language: language,
  });

export const deleteTranslation = (projectId: string, language: string) =>
  del<{ message?: string; language: string }>(translationPaths.one(projectId, language));

export const fetchTranslation = (projectId: string, language: string, signal?: AbortSignal) =>
  get<TranslationDetail>(translationPaths.one(projectId, language), signal);

export interface SlideEdit {
  title: string;
  points: string[];
  notes: string;
  /** The translation version the edit was made on; a newer one on the server answers 409. */
  version: number;
}

export const saveTranslatedSlide = (projectId: string, language: string, index: number, edit: SlideEdit) =>
  patch<TranslationDetail>(translationPaths.slide(projectId, language, index), edit);

export const XLIFF_CONTENT_TYPE = 'application/xliff+xml';

/** PUT the reviewed XLIFF document (its text as the body); resolves with the translation. */
export async function uploadXliff(projectId: string, language: string, xml: string): Promise<TranslationDetail> {
  const res = await fetchWithSession(translationPaths.xliff(projectId, language), {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { 'content-type': XLIFF_CONTENT_TYPE, accept: 'application/json' },
    body: xml,
  });
  const body = await readBody(res);
  if (!res.ok) throw toError(res.status, body);
  return body as TranslationDetail;
}

let supportedCache: Promise<SupportedLanguages> | null = null;

/** The plan languages' names, asked once per page (a failure is asked again next time). */
export function loadSupportedLanguages(): Promise<SupportedLanguages> {
  supportedCache ??= get<{ supported_languages: SupportedLanguages }>('/languages/supported').then(
    (answer) => answer.supported_languages ?? {},
    (error: unknown) => {
      supportedCache = null;
      throw error;
    },
  );
  return supportedCache;
}

// ---------------------------------------------------------------------------------------------
// Names

export { languageName } from './language-names';

/** A language's name inside a sentence: Spanish and French write it in lower case ('del inglés'). */
export function nameInText(name: string, uiLanguage: string): string {
  return uiLanguage.startsWith('en') ? name : name.toLocaleLowerCase(uiLanguage);
}

/** The language's own name ('español'), when the server gave it and it differs from `shown`. */
export function nativeName(code: string, shown: string, supported?: SupportedLanguages | null): string | null {
  const native = supported?.[code]?.native_name;
  return native && native.toLocaleLowerCase() !== shown.toLocaleLowerCase() ? native : null;
}

// ---------------------------------------------------------------------------------------------
// 'Translate Content': which languages can be chosen

export function isRunning(status: string): boolean {
  return status === 'queued' || status === 'translating';
}

/** selectable; translated (a tick, disabled); running (disabled, with its progress); unsupported
 * (the engine cannot do it: disabled, with the reason). */
export type LanguageOptionState = 'selectable' | 'translated' | 'running' | 'unsupported';

export interface LanguageOption {
  language: string;
  state: LanguageOptionState;
  /** Why the engine cannot do it (unsupported only): the server's words, for a reason without a code. */
  reason: string;
  /** The reason's code (unsupported only), said in the user's language: translation.unreachable.<code>. */
  reasonCode: string;
  translation: TranslationSummary | null;
  /** A completed translation of older content: it can be translated again. */
  outdated: boolean;
}

/**
 * The plan's languages other than the primary (the primary is never shown), in the server's order.
 * A running one waits; a language the project is already available in is translated, unless the
 * translation is of older content (stale), which may be done again; one the engine cannot do says
 * why; a failed one may be tried again.
 */
export function translateOptions(list: Pick<TranslationList, 'translations' | 'primary_language' | 'available_languages' | 'capabilities'>): LanguageOption[] {
  const byLanguage = new Map(list.translations.map((t) => [t.target_language, t]));
  return list.capabilities
    .filter((c) => c.language !== list.primary_language)
    .map((capability) => {
      const translation = byLanguage.get(capability.language) ?? null;
      const outdated = translation?.status === 'completed' && translation.stale === true;
      let state: LanguageOptionState;
      const done = !outdated && (list.available_languages.includes(capability.language) || translation?.status === 'completed');
      if (translation && isRunning(translation.status)) state = 'running';
      else if (done) state = 'translated';
      else if (!capability.supported) state = 'unsupported';
      else state = 'selectable';
      const unsupported = state === 'unsupported';
      return { language: capability.language, state, reason: unsupported ? capability.reason : '', reasonCode: unsupported ? (capability.reason_code ?? '') : '', translation, outdated };
    });
}

/** Reason codes the screens can say in the user's language. */
const KNOWN_REASONS = new Set(['offline_no_pair']);

/**
 * The Translate tab's choices: the languages the engine reaches (to tick), and those it cannot,
 * grouped by why (one translated note per reason, naming the languages; a reason without a known
 * code keeps the server's words).
 */
export function offeredLanguages(options: readonly LanguageOption[]): { offered: LanguageOption[]; unreachable: Array<{ code: string; reason: string; languages: string[] }> } {
  const unreachable: Array<{ code: string; reason: string; languages: string[] }> = [];
  for (const o of options) {
    if (o.state !== 'unsupported') continue;
    const code = KNOWN_REASONS.has(o.reasonCode) ? o.reasonCode : '';
    const group = unreachable.find((g) => g.code === code && (code !== '' || g.reason === o.reason));
    if (group) group.languages.push(o.language);
    else unreachable.push({ code, reason: code ? '' : o.reason, languages: [o.language] });
  }
  return { offered: options.filter((o) => o.state !== 'unsupported'), unreachable };
}

// ---------------------------------------------------------------------------------------------
// Review: the words the engine left unknown

/**
 * The glossary term that teaches the engine an unknown word for this translation's languages, or
 * null for a word of a pivot language (the glossary applies to the source text: the segment is
 * fixed by hand then). An empty `translation` keeps the word as written.
 */
export function glossaryEntryFor(summary: Pick<TranslationSummary, 'source_language' | 'target_language'>, word: UnknownWord, translation = '') {
  if (word.language !== summary.source_language) return null;
  return { term: word.word, source_language: summary.source_language, target_language: summary.target_language, translation: translation.trim(), case_sensitive: false };
}

/** The chosen languages that can still be sent, in the options' order (what Start Translation posts). */
export function chosenTargets(options: readonly LanguageOption[], selected: ReadonlySet<string>): string[] {
  return options.filter((o) => o.state === 'selectable' && selected.has(o.language)).map((o) => o.language);
}

// ---------------------------------------------------------------------------------------------
// 'Manage Languages': one row per language

export interface LanguageRow {
  language: string;
  primary: boolean;
  /** The project's files exist in it (the primary, and every completed translation). */
  available: boolean;
  translation: TranslationSummary | null;
}

/** The primary first, then the available languages, then translations still running or failed. */
export function languageRows(list: Pick<TranslationList, 'translations' | 'primary_language' | 'available_languages'>): LanguageRow[] {
  const byLanguage = new Map(list.translations.map((t) => [t.target_language, t]));
  const order = [list.primary_language, ...list.available_languages, ...list.translations.map((t) => t.target_language)];
  const seen = new Set<string>();
  const rows: LanguageRow[] = [];
  for (const language of order) {
    if (!language || seen.has(language)) continue;
    seen.add(language);
    const primary = language === list.primary_language;
    rows.push({ language, primary, available: primary || list.available_languages.includes(language), translation: byLanguage.get(language) ?? null });
  }
  return rows;
}

/** What a row offers (the server still checks the role and the plan). */
export function rowActions(row: LanguageRow) {
  const completed = row.translation?.status === 'completed';
  return {
    setPrimary: !row.primary && row.available,
    edit: !row.primary && completed,
    xliff: !row.primary && completed,
    delete: !row.primary && row.translation !== null && !isRunning(row.translation.status),
  };
}

// ---------------------------------------------------------------------------------------------
// Live events (/api/events)

export const TRANSLATION_EVENT_NAMES = ['translation.progress', 'translation.completed', 'translation.failed', 'translation.deleted'] as const;
export type TranslationEventName = (typeof TRANSLATION_EVENT_NAMES)[number];

export interface TranslationEvent extends FailureMessage {
  project_id: string;
  language: string;
  /** queued / translating (progress), completed, failed, deleted: what the event's name says. */
  status: TranslationStatus | 'deleted' | (string & {});
  progress: number;
  version: number | null;
  engine: string;
  error: string | null;
}

/** An event's data as the screens use it; null when it lacks the project or the language. The
 * event's name decides the status of completed, failed and deleted. */
export function parseTranslationEvent(name: string, data: unknown): TranslationEvent | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (typeof d.project_id !== 'string' || typeof d.language !== 'string' || !d.language) return null;
  const byName: Record<string, string> = { 'translation.completed': 'completed', 'translation.failed': 'failed', 'translation.deleted': 'deleted' };
  const status = byName[name] ?? (typeof d.status === 'string' && d.status ? d.status : 'translating');
  const progress = typeof d.progress === 'number' && Number.isFinite(d.progress) ? Math.max(0, Math.min(100, Math.round(d.progress))) : 0;
  return {
    project_id: d.project_id,
    language: d.language,
    status,
    progress: status === 'completed' ? 100 : progress,
    version: typeof d.version === 'number' ? d.version : null,
    engine: typeof d.engine === 'string' ? d.engine : '',
    error: typeof d.error === 'string' && d.error ? d.error : null,
    ...failureMessageOf(d),
  };
}

/** A list with an event applied: the translation's status and progress in place (a new one added),
 * a completed one available, a deleted one gone. Events of other projects change nothing. */
export function applyTranslationEvent(list: TranslationList, event: TranslationEvent, projectId: string): TranslationList {
  if (event.project_id !== projectId) return list;
  if (event.status === 'deleted') {
    return {
      ...list,
      translations: list.translations.filter((t) => t.target_language !== event.language),
      available_languages: list.available_languages.filter((l) => l !== event.language || l === list.primary_language),
    };
  }
  const existing = list.translations.find((t) => t.target_language === event.language);
  const changes: Partial<TranslationSummary> = {
    status: event.status,
    progress: event.progress,
    error: event.error,
    ...failureMessageOf(event),
    ...(event.engine ? { engine: event.engine } : {}),
    ...(event.version !== null ? { version: event.version } : {}),
    ...(event.status === 'completed' ? { stale: false } : {}),
  };
  const translations = existing
    ? list.translations.map((t) => (t === existing ? { ...t, ...changes } : t))
    : [...list.translations, { ...newSummary(projectId, event.language, list.primary_language), ...changes }];
  const available =
    event.status === 'completed' && !list.available_languages.includes(event.language)
      ? [...list.available_languages, event.language]
      : list.available_languages;
  return { ...list, translations, available_languages: available };
}

function newSummary(projectId: string, language: string, source: string): TranslationSummary {
  return {
    id: '',
    project_id: projectId,
    company_id: '',
    target_language: language,
    source_language: source,
    status: 'queued',
    progress: 0,
    engine: '',
    error: null,
    source_version: 0,
    stale: false,
    version: 0,
    created_at: '',
    updated_at: '',
    warnings: [],
    unknown_words: [],
    needs_review: false,
  };
}

type EventListener = (event: TranslationEvent) => void;
const eventListeners = new Set<EventListener>();

/** Passes an event on to the open dialogs (the project list owns the one event stream). */
export function emitTranslationEvent(event: TranslationEvent): void {
  for (const listener of eventListeners) listener(event);
}

export function onTranslationEvent(listener: EventListener): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

// ---------------------------------------------------------------------------------------------
// The cards: translations running (or failed) per project

export interface TranslationJob extends FailureMessage {
  language: string;
  status: string;
  progress: number;
  error: string | null;
}

/** project id -> language -> the job the card shows. */
export type TranslationJobs = Readonly<Record<string, Readonly<Record<string, TranslationJob>>>>;

/** The jobs with an event applied: a running or failed translation shown, a completed or deleted one gone. */
export function applyTranslationJob(jobs: TranslationJobs, event: TranslationEvent): TranslationJobs {
  const current = { ...(jobs[event.project_id] ?? {}) };
  if (isRunning(event.status) || event.status === 'failed') {
    current[event.language] = { language: event.language, status: event.status, progress: event.progress, error: event.error, ...failureMessageOf(event) };
  } else {
    delete current[event.language];
  }
  const next = { ...jobs };
  if (Object.keys(current).length > 0) next[event.project_id] = current;
  else delete next[event.project_id];
  return next;
}

/** A started list's running translations as events (what the cards show until the first event comes). */
export function jobEventsOf(list: Pick<TranslationList, 'translations'>, projectId: string): TranslationEvent[] {
  return list.translations
    .filter((t) => isRunning(t.status))
    .map((t) => ({ project_id: projectId, language: t.target_language, status: t.status, progress: t.progress, version: t.version, engine: t.engine, error: t.error, ...failureMessageOf(t) }));
}

/** A card's jobs in a stable order (by language code). */
export function projectJobs(jobs: TranslationJobs, projectId: string): TranslationJob[] {
  return Object.values(jobs[projectId] ?? {}).sort((a, b) => a.language.localeCompare(b.language));
}

// ---------------------------------------------------------------------------------------------
// Editing one translated slide

export interface SlideDraft {
  title: string;
  /** One point per line. */
  points: string;
  notes: string;
}

export function slideDraftOf(slide: Pick<Slide, 'title' | 'points' | 'notes'>): SlideDraft {
  return { title: slide.title, points: slide.points.join('\n'), notes: slide.notes };
}

/** The PATCH body: points one per line (blank lines dropped), the version the edit was made on. */
export function slideEditOf(draft: SlideDraft, version: number): SlideEdit {
  return {
    title: draft.title.trim(),
    points: draft.points
      .split(/\r\n|\r|\n/)
      .map((p) => p.trim())
      .filter((p) => p !== ''),
    notes: draft.notes.trim(),
    version,
  };
}

/** Someone else changed the translation since it was loaded. */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

// ---------------------------------------------------------------------------------------------
// Texts

/** A failure text: the screen's own, with the server's words after it for a 4xx that has some
 * (the plan's 403, a validation message). */
export function failureText(error: unknown, t: TFunction, key: string, params: Record<string, unknown> = {}): string {
  const failure = t(key, params);
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.serverMessage) {
    return t('translation.failureWithReason', { failure, reason: errorText(error, t) });
  }
  return failure;
}
