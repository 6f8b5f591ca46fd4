// The create-project form's request (docs/api.md POST /api/projects) and its checks, shared by the
// form (to answer at once) and the /projects/new action (which decides, whatever was posted).
// Only the fields of the chosen type and method are sent.
import type { ActionFailure } from './action-failure';
import type { Branding } from './project-types';
import { isHttpUrl, type CreateProjectType } from './projects';
import type { VoiceSelection } from './voices';

export type InputMethod = 'text' | 'file';

/** What the form holds for the three project types the project service creates itself. */
export interface CreateProjectDraft {
  title: string;
  description: string;
  project_type: Exclude<CreateProjectType, 'ai_content_generator'>;
  input_method: InputMethod;
  script_content: string;
  slides_content: string;
  software_details: string;
  /** The uploaded files' ids (file mode). */
  file_ids: string[];
  visual_format: string;
  document_format: string;
  branding: Branding | null;
  ai_instructions: string;
  font_style: string;
  image_style: string;
  template_id: string | null;
  /** The narration voice (video formats only); null is the default premade voice. */
  voice: VoiceSelection | null;
  burn_subtitles: boolean;
}

/** The body of POST /api/projects. */
export type CreateProjectBody = Record<string, unknown> & { title: string; project_type: string };

export function createProjectBody(draft: CreateProjectDraft): CreateProjectBody {
  const fileMode = draft.input_method === 'file' && draft.project_type !== 'software_analysis';
  const body: CreateProjectBody = {
    title: draft.title.trim(),
    description: draft.description.trim(),
    project_type: draft.project_type,
    visual_format: draft.visual_format,
    document_format: draft.document_format,
    include_branding: draft.branding !== null,
    ai_instructions: draft.ai_instructions.trim(),
    font_style: draft.font_style,
    image_style: draft.image_style,
  };
  if (draft.project_type !== 'software_analysis') body.input_method = draft.input_method;
  if (draft.project_type === 'script_to_slides' && !fileMode) body.script_content = draft.script_content;
  if (draft.project_type === 'slides_to_script' && !fileMode) body.slides_content = draft.slides_content;
  if (draft.project_type === 'software_analysis') body.software_details = draft.software_details.trim();
  if (fileMode) body.file_ids = draft.file_ids;
  if (draft.branding) {
    body.company_name = draft.branding.company_name.trim();
    if (draft.branding.logo_url.trim()) body.logo_url = draft.branding.logo_url.trim();
    if (draft.branding.website.trim()) body.website = draft.branding.website.trim();
  }
  if (draft.template_id) body.template_id = draft.template_id;
  if (draft.voice) body.voice_selection = draft.voice;
  if (draft.burn_subtitles) body.burn_subtitles = true;
  return body;
}

/** The form's fields a message can belong to. */
export type CreateField = 'title' | 'content' | 'software_details' | 'uploads' | 'company_name' | 'logo_url' | 'website';

/** Messages by field, as i18n keys. */
export type CreateFieldErrors = Partial<Record<CreateField, string>>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The checks the server makes too (their messages mirror its own), on a request body. */
export function createProjectErrors(body: Record<string, unknown>): CreateFieldErrors {
  const found: CreateFieldErrors = {};
  const fileMode = body.input_method === 'file';
  const files = Array.isArray(body.file_ids) ? body.file_ids.length : 0;
  if (!text(body.title).trim()) found.title = 'projectForm.errors.titleRequired';
  if (body.project_type === 'script_to_slides') {
    if (!fileMode && !text(body.script_content).trim()) found.content = 'projectForm.errors.scriptRequired';
    if (fileMode && files === 0) found.uploads = 'projectForm.errors.scriptFileRequired';
  }
  if (body.project_type === 'slides_to_script') {
    if (!fileMode && !text(body.slides_content).trim()) found.content = 'projectForm.errors.slidesContentRequired';
    if (fileMode && files === 0) found.uploads = 'projectForm.errors.slidesRequired';
  }
  if (body.project_type === 'software_analysis' && !text(body.software_details).trim()) found.software_details = 'projectForm.errors.softwareRequired';
  return { ...found, ...brandingErrors({ logo_url: text(body.logo_url), website: text(body.website) }) };
}

/** Branding's addresses, when given, must be full http(s) addresses (the generator's form too). */
export function brandingErrors(branding: Pick<Branding, 'logo_url' | 'website'> | null): CreateFieldErrors {
  const found: CreateFieldErrors = {};
  const logo = branding?.logo_url.trim() ?? '';
  const website = branding?.website.trim() ?? '';
  if (logo && !isHttpUrl(logo)) found.logo_url = 'companies.invalidUrl';
  if (website && !isHttpUrl(website)) found.website = 'companies.invalidUrl';
  return found;
}

/** The form field a server validation error names (`detail.field`). */
export const CREATE_FIELD_OF: Record<string, CreateField> = {
  title: 'title',
  script_content: 'content',
  slides_content: 'content',
  software_details: 'software_details',
  file_ids: 'uploads',
  logo_url: 'logo_url',
  website: 'website',
};

/** What the /projects/new action answers. */
export type CreateAnswer =
  | { ok: true; project: { id: string; title: string } }
  /** The action's own checks refused the request: messages by field (i18n keys). */
  | { ok: false; errors: CreateFieldErrors }
  /** The server refused, or did not answer in time (status null). */
  | { ok: false; failure: ActionFailure };

/** The two ways the action creates: the project service's types, and the AI content generator's JSON call. */
export type CreateIntent = 'create' | 'generate';

/** How long a create may take (the gateway's call, then the browser's). */
export const CREATE_TIMEOUT_MS = 30_000;
