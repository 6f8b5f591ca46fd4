// Templates: the built-in catalogue plus each company's own, with the plan's templateCount
// deciding which built-ins a plan may use. Operations on `deps.templates`, the companies' own
// templates (the project repository).
import type { TierId } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import {
  BUILTIN_TEMPLATES,
  categoryCounts,
  getBuiltinTemplate,
  isTemplateAvailable,
  listTemplates,
  templatePreviewDataUri,
  validateCustomTemplate,
  type AnyTemplate,
  type TemplateFields,
  type TemplateSort,
} from '@trainwright/templates';
import { isUuid } from '../validation.js';

/** Companies' own templates (repositories/project.repository.ts). */
export interface TemplateStore {
  customTemplates(companyId: string): Promise<Array<{ id: string; document: Record<string, unknown> }>>;
  findCustomTemplate(id: string, companyId: string): Promise<{ id: string; document: Record<string, unknown> } | undefined>;
  insertCustomTemplate(companyId: string, createdBy: string, document: Record<string, unknown>): Promise<string>;
}

export interface TemplateView extends TemplateFields {
  id: string;
  builtIn: boolean;
  rank?: number;
  available: boolean;
  preview_image: string;
}

export interface TemplateDeps {
  templates: TemplateStore;
}

export async function listCompanyTemplates(
  deps: TemplateDeps,
  companyId: string,
  tier: TierId,
  filter: { search?: string; category?: string; level?: string; sort?: string },
): Promise<{ templates: TemplateView[]; categories: Record<string, number> }> {
  const custom = (await deps.templates.customTemplates(companyId)).map((t) => ({
    ...(t.document as unknown as TemplateFields),
    id: t.id,
    builtIn: false as const,
  }));
  const all = [...BUILTIN_TEMPLATES, ...custom];
  const sort = ['name', 'category', 'difficulty', 'slides'].includes(filter.sort ?? '') ? (filter.sort as TemplateSort) : undefined;
  const listed = listTemplates(all, { search: filter.search, category: filter.category, level: filter.level, sort });
  return {
    templates: listed.map((t) => ({
      ...t,
      available: isTemplateAvailable(t, tier),
      preview_image: templatePreviewDataUri(t),
    })),
    categories: categoryCounts(all),
  };
}

export async function createCompanyTemplate(deps: TemplateDeps, companyId: string, userId: string, input: unknown): Promise<TemplateView> {
  const result = validateCustomTemplate(input);
  if (!result.ok) {
    const first = result.errors[0]!;
    throw new AppError('VALIDATION_FAILED', first.message, { field: first.field, issues: result.errors });
  }
  const id = await deps.templates.insertCustomTemplate(companyId, userId, result.template as unknown as Record<string, unknown>);
  const view = { ...result.template, id, builtIn: false as const };
  return { ...view, available: true, preview_image: templatePreviewDataUri(view) };
}

/** The project's template as the renderer needs it (built-in or the company's own), or null. */
export async function resolveTemplate(deps: TemplateDeps, templateId: string, companyId: string): Promise<AnyTemplate | null> {
  if (!templateId) return null;
  const builtIn = getBuiltinTemplate(templateId);
  if (builtIn) return builtIn;
  const custom = isUuid(templateId) ? await deps.templates.findCustomTemplate(templateId, companyId) : undefined;
  return custom ? { ...(custom.document as unknown as TemplateFields), id: custom.id, builtIn: false } : null;
}

/** Throws unless the template exists for the company and the plan includes it. */
export async function requireUsableTemplate(deps: TemplateDeps, templateId: string, companyId: string, tier: TierId): Promise<void> {
  const builtIn = getBuiltinTemplate(templateId);
  if (builtIn) {
    if (!isTemplateAvailable(builtIn, tier)) {
      throw new AppError('PLAN_LIMIT_REACHED', 'This template is not included in your plan. Upgrade to use it.');
    }
    return;
  }
  if (!isUuid(templateId) || !(await deps.templates.findCustomTemplate(templateId, companyId))) {
    throw AppError.validation('template_id', 'Template not found');
  }
}
