// Which of a project's texts a person edits (the edit dialog, a co-editing session): the generated
// slides when there are some, else the project's own slides or script, as the project type and
// what it holds say.

export type EditableField = 'generated_slides' | 'slides_content' | 'script_content';

export function editableField(project: { projectType: string; scriptContent: string; slidesContent: string; generatedSlides: string }): EditableField {
  if (project.generatedSlides) return 'generated_slides';
  if (project.projectType === 'slides_to_script' || (!project.scriptContent && project.slidesContent)) return 'slides_content';
  return 'script_content';
}

export function editableText(project: { scriptContent: string; slidesContent: string; generatedSlides: string }, field: EditableField): string {
  return field === 'generated_slides' ? project.generatedSlides : field === 'slides_content' ? project.slidesContent : project.scriptContent;
}
