// The RenderInput of a translation: the project's look and settings with the translation's text
// and language (no I/O).
import { Project } from '@trainwright/proto/trainwright/project/v1/project';
import { Translation } from '@trainwright/proto/trainwright/translation/v1/translation';
import { renderInputOf, translatedProject } from '../../../src/services/renders/render-input.js';

const PROJECT = Project.fromPartial({
  id: 'project-1',
  companyId: 'company-1',
  title: 'Fire safety',
  description: 'Basics',
  primaryLanguage: 'en',
  templateId: 'corporate',
  fontStyle: 'classic',
  imageStyle: 'modern',
  burnSubtitles: true,
  slidesContent: '# Fire safety\n\n## Exits\n**Content:**\n- Walk\n',
  generatedContent: { slides: { slideContent: '# Fire safety\n\n## Exits\n**Content:**\n- Walk\n' }, script: 'NARRATOR: Walk.', summary: 'About exits', objectives: ['Find exits'] },
});

const SPANISH = Translation.fromPartial({
  summary: { targetLanguage: 'es', version: 4, sourceVersion: 2 },
  title: 'Seguridad contra incendios',
  description: 'Conceptos básicos',
  slidesContent: '# Seguridad contra incendios\n\n## Salidas\n**Content:**\n- Camine\n',
  scriptContent: 'NARRADOR: Camine.',
  generatedContent: { slides: { slideContent: '# Seguridad contra incendios\n\n## Salidas\n**Content:**\n- Camine, no corra\n' }, script: 'NARRADOR: Camine, no corra.', summary: 'Sobre salidas', objectives: ['Encontrar las salidas'] },
});

describe(translatedProject.name, () => {
  it('should render the translation\'s text in its language with the project\'s look and settings', () => {
    const own = renderInputOf(PROJECT, null, null);
    const input = renderInputOf(translatedProject(PROJECT, SPANISH), null, null);
    expect(input).toMatchObject({ projectId: 'project-1', title: 'Seguridad contra incendios', description: 'Conceptos básicos', language: 'es', summary: 'Sobre salidas', objectives: ['Encontrar las salidas'], script: 'NARRADOR: Camine, no corra.', burnSubtitles: true });
    expect(input.deck.slides.map((s) => [s.title, s.points])).toEqual([['Salidas', ['Camine, no corra']]]);
    expect(input.style).toEqual(own.style);
    expect(own).toMatchObject({ title: 'Fire safety', language: 'en' });
  });

  it('should fall back to the translated slides when the translation has no generated content', () => {
    const input = renderInputOf(translatedProject(PROJECT, { ...SPANISH, generatedContent: undefined }), null, null);
    expect(input.deck.slides[0]!.points).toEqual(['Camine']);
    // Never the project's own generated text under a translated title.
    expect(input.summary).toBe('');
  });
});
