// AI content generation, AI quality scoring and the Enhanced AI Dashboard as the screens see them
// (docs/api.md, "AI content generation, quality scoring and AI services"): the answers' types, the
// generator request per method (validated with the catalogue's normalizeGeneratorRequest, so the
// form, the gateway and the generator agree on every default and message), the calls, and the
// pure state of the quality dialog. No React here, so the unit tests run it directly.
import {
  AI_SERVICE_TYPES,
  ANALYSIS_TYPES,
  DEFAULT_ATMOSPHERE,
  DEFAULT_TARGET_AUDIENCE,
  GENERATOR_MESSAGES,
  GENERATOR_TYPES,
  GENERATOR_UPLOAD_KIND,
  UPLOAD_KINDS,
  type UploadRule,
  GeneratorRequestError,
  QUALITY_DIMENSIONS,
  SERVICE_ANALYSES,
  lowestTierWithMethod,
  normalizeGeneratorRequest,
  qualityBand,
  qualityGrade,
  type AiServiceType,
  type AnalysisType,
  type Atmosphere,
  type AssessmentGeneratorRequest,
  type ContentRefreshRequest,
  type DocumentAnalysisRequest,
  type GeneratorRequestMap,
  type GeneratorType,
  type LearningPathRequest,
  type QualityBand,
  type QualityDimension,
  type TierId,
  type TopicToContentRequest,
  type UrlContentRequest,
} from '@trainwright/catalogue';
import { api, withTimeout } from './api';
import { usesLibrary } from './library';
import { tierOf } from './format';
import type { AiGeneratedFields, Branding } from './project-types';
import type { User } from './types';
import type { VoiceSelection } from './voices';
import { sendMultipart, type GeneratorUploadKind, type MultipartHandle } from './uploads';

export { AI_SERVICE_TYPES, ANALYSIS_TYPES, GENERATOR_TYPES, QUALITY_DIMENSIONS, SERVICE_ANALYSES, type AiServiceType, type AnalysisType, type GeneratorType, type QualityDimension };

// ---------------------------------------------------------------------------------------------
// Generated content

/** Which engine made the content: the offline engine, or a model named after 'openai:'. */
export function engineOf(engine: string | null | undefined): { kind: 'offline' } | { kind: 'model'; model: string } | null {
  const value = engine?.trim();
  if (!value) return null;
  if (value === 'offline') return { kind: 'offline' };
  const model = value.startsWith('openai:') ? value.slice('openai:'.length).trim() : value;
  return { kind: 'model', model: model || value };
}

/** The lists of generated content that are present, non-empty and well formed. */
export function generatedExtras(content: AiGeneratedFields | null | undefined) {
  const list = <T>(value: T[] | null | undefined, ok: (item: T) => boolean): T[] => (Array.isArray(value) ? value.filter(ok) : []);
  const text = (s: unknown): s is string => typeof s === 'string' && s.trim() !== '';
  return {
    engine: engineOf(content?.engine),
    summary: text(content?.summary) ? content.summary : '',
    notices: list(content?.notices, text),
    objectives: list(content?.objectives, text),
    questions: list(content?.questions, (q) => !!q && text(q.prompt) && Array.isArray(q.options)),
    glossary: list(content?.glossary, (g) => !!g && text(g.term)),
    modules: list(content?.modules, (m) => !!m && text(m.title)),
  };
}

// ---------------------------------------------------------------------------------------------
// Generator methods and the plan

/** The methods of the user's plan (the server's limits, else the catalogue tier's). */
export function planGeneratorMethods(user: Pick<User, 'subscription'>): readonly string[] {
  return user.subscription?.limits?.aiGeneratorMethods ?? tierOf(user.subscription?.tier).limits.aiGeneratorMethods;
}

export interface GeneratorMethodOption {
  method: GeneratorType;
  available: boolean;
  /** The cheapest plan with the method, shown on a locked one. */
  lowestPlan: TierId | null;
}

export function generatorMethodOptions(allowed: readonly string[]): GeneratorMethodOption[] {
  return GENERATOR_TYPES.map((method) => ({
    method,
    available: allowed.includes(method),
    lowestPlan: lowestTierWithMethod(method)?.id ?? null,
  }));
}

/** The upload rule of a method, or null when it takes no file. */
export function generatorUploadRule(method: GeneratorType): { kind: GeneratorUploadKind; rule: UploadRule } | null {
  const kind = GENERATOR_UPLOAD_KIND[method];
  return kind ? { kind, rule: UPLOAD_KINDS[kind] } : null;
}

// ---------------------------------------------------------------------------------------------
// The form's drafts: one per method, so switching methods keeps what was typed

/** The topic form edits subtopics and objectives as text, one per line. */
export type TopicDraft = Omit<TopicToContentRequest, 'subtopics' | 'learning_objectives'> & { subtopics: string; learning_objectives: string };

export interface GeneratorDrafts {
  topic_to_content: TopicDraft;
  url_content: UrlContentRequest;
  document_analysis: DocumentAnalysisRequest;
  assessment_generator: AssessmentGeneratorRequest;
  content_refresh: ContentRefreshRequest;
  learning_path: LearningPathRequest;
}

/** Assessment and refresh read an uploaded file OR pasted text. */
export type SourceMode = 'file' | 'text';

function defaultsOf<K extends GeneratorType>(type: K, seed: Record<string, unknown>, hasFile: boolean): GeneratorRequestMap[K] {
  return normalizeGeneratorRequest(type, seed, hasFile).request_data as GeneratorRequestMap[K];
}

/** Every method's defaults, exactly those normalizeGeneratorRequest fills in; required text empty. */
export function defaultGeneratorDrafts(): GeneratorDrafts {
  return {
    topic_to_content: { ...defaultsOf('topic_to_content', { topic: 'x' }, false), topic: '', subtopics: '', learning_objectives: '' },
    url_content: { ...defaultsOf('url_content', { url: 'https://example.com' }, false), url: '' },
    document_analysis: defaultsOf('document_analysis', {}, true),
    assessment_generator: defaultsOf('assessment_generator', {}, true),
    content_refresh: defaultsOf('content_refresh', {}, true),
    learning_path: { ...defaultsOf('learning_path', { main_topic: 'x' }, false), main_topic: '' },
  };
}

/** True when the method sends a file (then the multipart call is used). */
export function usesFile(method: GeneratorType, sourceMode: SourceMode): boolean {
  if (method === 'document_analysis') return true;
  if (method === 'assessment_generator' || method === 'content_refresh') return sourceMode === 'file';
  return false;
}

/** The request_data the form has for a method, before normalising: what the user filled in. */
export function rawRequestData(method: GeneratorType, drafts: GeneratorDrafts, sourceMode: SourceMode): Record<string, unknown> {
  const data: Record<string, unknown> = { ...drafts[method] };
  if (method === 'assessment_generator' && sourceMode === 'file') delete data.content_source;
  if (method === 'content_refresh' && sourceMode === 'file') delete data.existing_content;
  return data;
}

/** The form field an error belongs to: 'request_data.topic' -> 'topic'; 'project_name' and 'file' stay. */
export function generatorErrorField(field: string): string {
  return field.startsWith('request_data.') ? field.slice('request_data.'.length) : field;
}

export interface GeneratorFormInput {
  method: GeneratorType;
  drafts: GeneratorDrafts;
  sourceMode: SourceMode;
  file: File | null;
  /** The form's title. */
  projectName: string;
  branding: Branding | null;
  /** The output formats; left out of the call when not given. */
  visualFormat?: string;
  documentFormat?: string;
  /** The narration voice (video formats only); null or absent is the default voice. */
  voice?: VoiceSelection | null;
  /** Build from the company library (topic and learning path only): replaces the draft's
   * use_library when given. */
  useLibrary?: boolean | undefined;
  /** Burn the subtitles into the video (video formats only); sent only when true. */
  burnSubtitles?: boolean;
}

export interface GeneratorJsonBody {
  generator_type: GeneratorType;
  request_data: GeneratorRequestMap[GeneratorType];
  project_name: string;
  branding?: Branding;
  visual_format?: string;
  document_format?: string;
  voice_selection?: VoiceSelection;
  burn_subtitles?: boolean;
}

/** The text fields of the multipart call; the file goes with them. */
export interface GeneratorMultipartFields {
  generator_type: GeneratorType;
  /** request_data as JSON text. */
  request_data: string;
  project_name: string;
  /** branding as JSON text, when branding is on. */
  branding?: string;
  visual_format?: string;
  document_format?: string;
  /** voice_selection as JSON text, when a voice is chosen. */
  voice_selection?: string;
  /** 'true' when the subtitles are burned into the video. */
  burn_subtitles?: 'true';
}

export type GeneratorSubmission =
  /** Field -> message (the catalogue's English text; the screen translates the ones it knows). */
  | { ok: false; errors: Record<string, string> }
  | { ok: true; kind: 'json'; body: GeneratorJsonBody }
  | { ok: true; kind: 'multipart'; fields: GeneratorMultipartFields; file: File };

export const PROJECT_NAME_MAX = 200;

/**
 * Validates the form like the server does (the project name, then normalizeGeneratorRequest) and
 * builds the call: JSON for the methods without a file, multipart with request_data as JSON text
 * for those with one.
 */
export function buildGeneratorSubmission(input: GeneratorFormInput): GeneratorSubmission {
  const errors: Record<string, string> = {};
  const projectName = input.projectName.trim();
  if (!projectName) errors.project_name = GENERATOR_MESSAGES.projectNameRequired;
  const withFile = usesFile(input.method, input.sourceMode);
  const file = withFile ? input.file : null;
  let requestData: GeneratorRequestMap[GeneratorType] | null = null;
  try {
    requestData = normalizeGeneratorRequest(input.method, rawRequestData(input.method, input.drafts, input.sourceMode), file !== null).request_data;
    // The form's library choice follows what the library holds, so it is kept apart from the drafts.
    if (input.useLibrary !== undefined && usesLibrary(input.method)) requestData = { ...requestData, use_library: input.useLibrary };
  } catch (error) {
    if (!(error instanceof GeneratorRequestError)) throw error;
    errors[generatorErrorField(error.field)] = error.message;
  }
  if (Object.keys(errors).length > 0 || !requestData) return { ok: false, errors };
  const branding = input.branding ?? undefined;
  if (file) {
    const fields: GeneratorMultipartFields = {
      generator_type: input.method,
      request_data: JSON.stringify(requestData),
      project_name: projectName,
    };
    if (branding) fields.branding = JSON.stringify(branding);
    if (input.visualFormat) fields.visual_format = input.visualFormat;
    if (input.documentFormat) fields.document_format = input.documentFormat;
    if (input.voice) fields.voice_selection = JSON.stringify(input.voice);
    if (input.burnSubtitles) fields.burn_subtitles = 'true';
    return { ok: true, kind: 'multipart', fields, file };
  }
  const body: GeneratorJsonBody = { generator_type: input.method, request_data: requestData, project_name: projectName };
  if (branding) body.branding = branding;
  if (input.visualFormat) body.visual_format = input.visualFormat;
  if (input.documentFormat) body.document_format = input.documentFormat;
  if (input.voice) body.voice_selection = input.voice;
  if (input.burnSubtitles) body.burn_subtitles = true;
  return { ok: true, kind: 'json', body };
}

/** The multipart body: the text fields first (a streaming server knows the method before the
 * bytes arrive), then the file. */
export function generatorFormData(fields: GeneratorMultipartFields, file: File): FormData {
  const form = new FormData();
  form.append('generator_type', fields.generator_type);
  form.append('request_data', fields.request_data);
  form.append('project_name', fields.project_name);
  if (fields.branding !== undefined) form.append('branding', fields.branding);
  if (fields.visual_format !== undefined) form.append('visual_format', fields.visual_format);
  if (fields.document_format !== undefined) form.append('document_format', fields.document_format);
  if (fields.voice_selection !== undefined) form.append('voice_selection', fields.voice_selection);
  if (fields.burn_subtitles !== undefined) form.append('burn_subtitles', fields.burn_subtitles);
  form.append('file', file, file.name);
  return form;
}

export interface GeneratorCreated {
  project_id: string;
  title: string;
  file?: { id: string; filename: string; size: number };
}

/** Part 1 section 7: 30 s for the JSON call; the upload gives up after 60 s without progress. */
export const GENERATOR_TIMEOUT_MS = 30_000;
export const GENERATOR_UPLOAD_IDLE_MS = 60_000;

export function createGeneratorProject(body: GeneratorJsonBody, signal?: AbortSignal): Promise<GeneratorCreated> {
  return withTimeout(GENERATOR_TIMEOUT_MS, (s) => api<GeneratorCreated>('/ai-content-generator/projects', { method: 'POST', body, signal: s }), signal);
}

export function uploadGeneratorProject(
  fields: GeneratorMultipartFields,
  file: File,
  onProgress: (sent: number, total: number) => void,
): MultipartHandle<GeneratorCreated> {
  return sendMultipart<GeneratorCreated>('/ai-content-generator/upload-projects', () => generatorFormData(fields, file), onProgress, {
    totalBytes: file.size,
    idleTimeoutMs: GENERATOR_UPLOAD_IDLE_MS,
  });
}

// ---------------------------------------------------------------------------------------------
// Scores: colour band and grade

export interface ScoreDisplay {
  /** Rounded, 0 to 100. */
  score: number;
  band: QualityBand;
  grade: string;
}

/**
 * The card's engagement (stored when the content was generated or last improved) beside the one
 * an assessment just measured (the content as it is now, for the setup chosen): both as shown,
 * rounded, or null when they agree or one is missing, so the dialog can say why they differ.
 */
export function engagementDifference(stored: number | string | null | undefined, measured: number | null | undefined): { stored: number; measured: number } | null {
  if (typeof stored !== 'number' || typeof measured !== 'number' || !Number.isFinite(stored) || !Number.isFinite(measured)) return null;
  const shown = { stored: Math.round(stored), measured: Math.round(measured) };
  return shown.stored === shown.measured ? null : shown;
}

/** A score as the screens show it: rounded first, so the band matches the number shown; the
 * server's grade when it sent a valid one, else the catalogue's. Null when there is no score. */
export function scoreDisplay(score: number | null | undefined, grade?: string | null): ScoreDisplay | null {
  if (typeof score !== 'number' || !Number.isFinite(score)) return null;
  const shown = Math.max(0, Math.min(100, Math.round(score)));
  const valid = typeof grade === 'string' && /^[A-F][+-]?$/.test(grade.trim());
  return { score: shown, band: qualityBand(shown), grade: valid ? grade.trim() : qualityGrade(shown) };
}

// ---------------------------------------------------------------------------------------------
// Quality scoring

export interface QualitySetup {
  desired_atmosphere: Atmosphere;
  target_audience: string;
  focus_areas: QualityDimension[];
  notes: string;
}

export interface QualityRecommendation {
  id: string;
  action: string;
  priority: string;
  effort: string;
  reason: string;
  implementation: string;
  dimension?: string;
}

export interface QualityAssessment {
  id: string;
  overall_score: number;
  quality_grade: string;
  dimension_scores: Partial<Record<QualityDimension, number>>;
  priority_areas: { name: string; score: number; priority: string }[];
  recommendations: QualityRecommendation[];
  engagement_prediction?: number | null;
  metrics?: Record<string, unknown>;
}

export interface QualityAssessmentResponse {
  premium_required: boolean;
  assessment: QualityAssessment | null;
}

export interface ApplyImprovementsBody {
  assessment_id: string;
  selected_recommendations: string[];
  user_modifications: Record<string, string>;
  preserve_original: boolean;
  improvement_notes: string;
}

export interface ApplyImprovementsResponse {
  project_id: string;
  message: string;
}

export function defaultQualitySetup(): QualitySetup {
  return { desired_atmosphere: DEFAULT_ATMOSPHERE, target_audience: DEFAULT_TARGET_AUDIENCE, focus_areas: [], notes: '' };
}

/** The request: the audience defaults when left blank; no focus area chosen is null (all of them). */
export function qualityRequestBody(setup: QualitySetup) {
  const focus = QUALITY_DIMENSIONS.filter((d) => setup.focus_areas.includes(d));
  return {
    desired_atmosphere: setup.desired_atmosphere,
    target_audience: setup.target_audience.trim() || DEFAULT_TARGET_AUDIENCE,
    focus_areas: focus.length > 0 ? focus : null,
    notes: setup.notes.trim(),
  };
}

export interface QualityState {
  step: 'setup' | 'results';
  setup: QualitySetup;
  assessment: QualityAssessment | null;
  /** Selected recommendation ids. */
  selected: string[];
  /** The user's changes per recommendation id (sent for the selected ones only). */
  modifications: Record<string, string>;
  improvementNotes: string;
}

export type QualityAction =
  | { type: 'reset' }
  | { type: 'setup'; change: Partial<QualitySetup> }
  | { type: 'toggleFocus'; area: QualityDimension }
  | { type: 'assessed'; assessment: QualityAssessment }
  | { type: 'back' }
  | { type: 'toggle'; id: string }
  | { type: 'modify'; id: string; text: string }
  | { type: 'notes'; text: string };

export function initialQualityState(): QualityState {
  return { step: 'setup', setup: defaultQualitySetup(), assessment: null, selected: [], modifications: {}, improvementNotes: '' };
}

/** Opening resets to setup; a new assessment shows the results with nothing selected; Back to
 * Setup keeps the setup and drops the results. */
export function qualityReducer(state: QualityState, action: QualityAction): QualityState {
  switch (action.type) {
    case 'reset':
      return initialQualityState();
    case 'setup':
      return { ...state, setup: { ...state.setup, ...action.change } };
    case 'toggleFocus': {
      const has = state.setup.focus_areas.includes(action.area);
      const focus_areas = has ? state.setup.focus_areas.filter((a) => a !== action.area) : [...state.setup.focus_areas, action.area];
      return { ...state, setup: { ...state.setup, focus_areas } };
    }
    case 'assessed':
      return { ...state, step: 'results', assessment: action.assessment, selected: [], modifications: {}, improvementNotes: '' };
    case 'back':
      return { ...state, step: 'setup', assessment: null, selected: [], modifications: {}, improvementNotes: '' };
    case 'toggle': {
      if (!state.assessment?.recommendations.some((r) => r.id === action.id)) return state;
      const selected = state.selected.includes(action.id) ? state.selected.filter((id) => id !== action.id) : [...state.selected, action.id];
      return { ...state, selected };
    }
    case 'modify':
      return { ...state, modifications: { ...state.modifications, [action.id]: action.text } };
    case 'notes':
      return { ...state, improvementNotes: action.text };
  }
}

/** The apply-improvements request, or 'selectRecommendation' when nothing is selected. Ids go in
 * the assessment's order; a modification goes only with its selected, non-blank recommendation. */
export function applyImprovementsBody(state: QualityState): { ok: true; body: ApplyImprovementsBody } | { ok: false; error: 'selectRecommendation' } {
  const assessment = state.assessment;
  const ids = assessment ? assessment.recommendations.map((r) => r.id).filter((id) => state.selected.includes(id)) : [];
  if (!assessment || ids.length === 0) return { ok: false, error: 'selectRecommendation' };
  const user_modifications: Record<string, string> = {};
  for (const id of ids) {
    const text = state.modifications[id]?.trim();
    if (text) user_modifications[id] = text;
  }
  return {
    ok: true,
    body: {
      assessment_id: assessment.id,
      selected_recommendations: ids,
      user_modifications,
      preserve_original: true,
      improvement_notes: state.improvementNotes.trim(),
    },
  };
}

const projectPath = (id: string) => `/projects/${encodeURIComponent(id)}`;

export function assessQuality(projectId: string, setup: QualitySetup, signal?: AbortSignal): Promise<QualityAssessmentResponse> {
  return api<QualityAssessmentResponse>(`${projectPath(projectId)}/quality-assessment`, { method: 'POST', body: qualityRequestBody(setup), signal });
}

export function applyImprovements(projectId: string, body: ApplyImprovementsBody, signal?: AbortSignal): Promise<ApplyImprovementsResponse> {
  return api<ApplyImprovementsResponse>(`${projectPath(projectId)}/apply-improvements`, { method: 'POST', body, signal });
}

// ---------------------------------------------------------------------------------------------
// The Enhanced AI Dashboard

export type AiAction = { kind: 'initialize'; service: AiServiceType } | { kind: 'analyze'; analysis: AnalysisType };

export interface AiServiceResult {
  service_type?: string;
  analysis_type?: string;
  project_id: string;
  recommendations: unknown[];
  score: number | null;
  insights: Record<string, unknown> | null;
}

export function runAiAction(action: AiAction, projectId: string, signal?: AbortSignal): Promise<AiServiceResult> {
  if (action.kind === 'initialize') {
    return api<AiServiceResult>('/ai-services/initialize', { method: 'POST', body: { service_type: action.service, project_id: projectId }, signal });
  }
  return api<AiServiceResult>('/ai-services/analyze', { method: 'POST', body: { analysis_type: action.analysis, project_id: projectId }, signal });
}

export function sameAiAction(a: AiAction | null, b: AiAction | null): boolean {
  if (!a || !b || a.kind !== b.kind) return false;
  return a.kind === 'initialize' ? a.service === (b as typeof a).service : a.analysis === (b as typeof a).analysis;
}

/** A JSON value laid out for reading: numbers, text, yes/no, lists and labelled fields. */
export type InsightNode =
  | { kind: 'empty' }
  | { kind: 'number'; value: number }
  | { kind: 'text'; value: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'list'; items: InsightNode[] }
  | { kind: 'fields'; entries: { key: string; label: string; node: InsightNode }[] };

/** 'avg_sentence_length' or 'avgSentenceLength' -> 'Avg sentence length'. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const MAX_DEPTH = 6;

export function describeValue(value: unknown, depth = 0): InsightNode {
  if (value === null || value === undefined) return { kind: 'empty' };
  if (typeof value === 'number') return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'empty' };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (typeof value === 'string') return value.trim() === '' ? { kind: 'empty' } : { kind: 'text', value };
  if (depth >= MAX_DEPTH) return { kind: 'text', value: JSON.stringify(value) };
  if (Array.isArray(value)) {
    const items = value.map((v) => describeValue(v, depth + 1)).filter((n) => n.kind !== 'empty');
    return items.length > 0 ? { kind: 'list', items } : { kind: 'empty' };
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([key, v]) => ({ key, label: humanizeKey(key), node: describeValue(v, depth + 1) }))
      .filter((e) => e.node.kind !== 'empty');
    return entries.length > 0 ? { kind: 'fields', entries } : { kind: 'empty' };
  }
  return { kind: 'text', value: String(value) };
}
