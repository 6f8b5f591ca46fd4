// The create form's rules (part 1 section 5) and the bounds on every text field.
import { PROJECT_LIMITS, type ProjectType } from '@trainwright/catalogue';
import { AppError, storedUrlField } from '@trainwright/platform';
import type { VoiceJson } from '../repositories/database.js';

export const MESSAGES = {
  titleRequired: 'Project title is required',
  scriptRequired: 'Script content is required',
  scriptFileRequired: 'Please upload a script file',
  slidesRequired: 'Please upload your slides',
  softwareRequired: 'Software details are required for software analysis',
  notFound: 'Project not found',
} as const;

/** The catalogue's field limits, which the gateway's schema uses too (one source). */
export const TEXT_LIMITS = PROJECT_LIMITS;

/** Ids are checked before they reach SQL (a uuid column refuses anything else with an error). */
export { isUuid } from '@trainwright/platform';

// Control characters other than tab and line breaks never belong in stored text.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function fail(field: string, message: string): never {
  throw AppError.validation(field, message);
}

export function oneOf<T extends string>(field: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === '') return fallback;
  if (!(allowed as readonly string[]).includes(value)) fail(field, `${field} must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** An optional yes/no setting: absent is false. */
export function flag(field: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') fail(field, `${field} must be true or false`);
  return value as boolean;
}

export function text(field: string, value: string | undefined, max: number, options: { multiline?: boolean } = {}): string {
  const v = (value ?? '').replace(/\r\n?/g, '\n');
  if (v.length > max) fail(field, `${field} must be at most ${max} characters`);
  if (CONTROL.test(v) || (!options.multiline && /\n/.test(v))) fail(field, `${field} must not contain control characters`);
  return options.multiline ? v : v.trim();
}

export function title(value: string | undefined): string {
  const v = text('title', value, TEXT_LIMITS.title);
  if (!v) fail('title', MESSAGES.titleRequired);
  return v;
}

/** A branding URL (website, logo): http(s), bounded, at a public address (the platform's one rule). */
export function url(field: string, value: string | undefined): string {
  return storedUrlField(field, value, TEXT_LIMITS.url);
}

export interface BrandingInput {
  companyName?: string;
  logoUrl?: string;
  website?: string;
}

export function branding(input: BrandingInput | undefined): { company_name: string; logo_url: string; website: string } {
  return {
    company_name: text('company_name', input?.companyName, TEXT_LIMITS.brandingText),
    logo_url: url('logo_url', input?.logoUrl),
    website: url('website', input?.website),
  };
}

export function voice(v: VoiceJson): VoiceJson {
  return {
    voice_id: text('voice_selection.voice_id', v.voice_id, TEXT_LIMITS.voiceId),
    name: text('voice_selection.name', v.name, TEXT_LIMITS.voiceName),
    category: text('voice_selection.category', v.category, TEXT_LIMITS.voiceCategory),
  };
}

/** Which content the create form must carry for a project type and input method. */
export function requireContent(input: {
  projectType: ProjectType;
  inputMethod: 'text' | 'file';
  scriptContent: string;
  slidesContent: string;
  softwareDetails: string;
  fileKinds: string[];
}): void {
  const { projectType, inputMethod, fileKinds } = input;
  if (projectType === 'script_to_slides') {
    if (inputMethod === 'text' && !input.scriptContent.trim()) fail('script_content', MESSAGES.scriptRequired);
    if (inputMethod === 'file' && !fileKinds.includes('script')) fail('file_ids', MESSAGES.scriptFileRequired);
  }
  if (projectType === 'slides_to_script' && !input.slidesContent.trim() && !fileKinds.includes('slides')) {
    fail('slides_content', MESSAGES.slidesRequired);
  }
  if (projectType === 'software_analysis' && !input.softwareDetails.trim()) fail('software_details', MESSAGES.softwareRequired);
}
