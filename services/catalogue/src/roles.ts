// Team roles of a company membership and what each may do. Every service checks company-owned
// resources against this one matrix (through the platform's access check, platform/src/access.ts).

export const ROLES = ['owner', 'editor', 'commenter', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ACTIONS = [
  'company.read',
  'company.update',
  'company.manage_members',
  'project.read',
  'project.create',
  'project.update',
  'project.delete',
  'project.comment',
  'template.create',
  /** Adding, editing and deleting the company glossary's terms (translation). */
  'glossary.update',
  /** Building a SCORM package of a project (what learners receive). */
  'scorm.export',
  /** Making a company voice from recorded samples (voice cloning). */
  'voice.create',
  /** Adding documents to the company library and removing them (reading it is company.read). */
  'library.update',
  /** Creating and revoking the company's learning record store credentials (Owner only). */
  'lrs.manage',
  /** Connecting, testing, reading the delivery log of and removing the company's integrations (Owner only: they hold its credentials elsewhere). */
  'integration.manage',
  /** Uploading videos for processing and running video jobs on them (advanced video processing). */
  'video.process',
] as const;
export type Action = (typeof ACTIONS)[number];

const GRANTS: Record<Role, readonly Action[]> = {
  owner: ACTIONS,
  editor: ['company.read', 'project.read', 'project.create', 'project.update', 'project.delete', 'project.comment', 'template.create', 'glossary.update', 'scorm.export', 'voice.create', 'library.update', 'video.process'],
  commenter: ['company.read', 'project.read', 'project.comment'],
  viewer: ['company.read', 'project.read'],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Actions that change nothing: the access check may answer them from kept memberships. */
const READ_ACTIONS: readonly Action[] = ['company.read', 'project.read'];

export function isReadAction(action: Action): boolean {
  return READ_ACTIONS.includes(action);
}

export function roleAllows(role: Role, action: Action): boolean {
  return GRANTS[role].includes(action);
}
