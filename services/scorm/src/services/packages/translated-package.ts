// A translated package: the project's content and the package's own words as the completed
// translation reads them.
import type { LearningObjective, PackageRecord, ProjectSource, TranslatedContent } from '../types.js';

/** The project as its completed translation reads (the look stays the project's). */
export function translatedProject(project: ProjectSource, t: TranslatedContent): ProjectSource {
  return {
    ...project,
    language: t.language,
    title: t.title || project.title,
    description: t.description,
    slidesContent: t.slidesContent,
    scriptContent: t.scriptContent,
    generatedContent: t.generatedContent,
    hasContent: true,
  };
}

/**
 * A package's settings as its translated course shows them: a package name that is the project's
 * title becomes the translated title, and an objective written as one of the generated objectives
 * (as the Export dialog fills them in) becomes its translation. Text the user wrote themselves stays.
 */
export function translatedSettings(p: PackageRecord, project: ProjectSource, t: TranslatedContent): PackageRecord {
  const source = project.generatedContent?.objectives ?? [];
  const target = t.generatedContent?.objectives ?? [];
  const translate = (text: string) => {
    const i = text.trim() ? source.findIndex((s) => s.trim() === text.trim()) : -1;
    return i >= 0 && target[i]?.trim() ? target[i]!.trim() : text;
  };
  const objectives: LearningObjective[] = p.objectives.map((o) => ({ ...o, title: translate(o.title), description: translate(o.description) }));
  const packageName = p.packageName.trim() === project.title.trim() && t.title.trim() ? t.title.trim() : p.packageName;
  return { ...p, packageName, objectives };
}
