// Team roles of a company membership and what each may do. Every service checks company-owned
// resources against this one matrix (through the platform's authoriser).

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
] as const;
export type Action = (typeof ACTIONS)[number];

const GRANTS: Record<Role, readonly Action[]> = {
  owner: ACTIONS,
  editor: ['company.read', 'project.read', 'project.create', 'project.update', 'project.delete', 'project.comment', 'template.create', 'glossary.update', 'scorm.export'],
  commenter: ['company.read', 'project.read', 'project.comment'],
  viewer: ['company.read', 'project.read'],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function roleAllows(role: Role, action: Action): boolean {
  return GRANTS[role].includes(action);
}
