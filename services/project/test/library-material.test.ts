// What a project's content drew from the company library: derived from the content, stored with it
// and listed with the project (the list leaves the content out).
import { LIBRARY_MESSAGES } from '@trainwright/catalogue';
import { plainContent, type GeneratedContent } from '@trainwright/formats';
import { toProtoProject } from '../src/grpc/project.handler.js';
import type { PipelineEvent } from '../src/services/projects/apply-pipeline-event.js';
import { completeGeneration } from '../src/services/projects/hand-off-to-render.js';
import { libraryMaterialOf } from '../src/services/projects/library-material.js';
import { listProjects } from '../src/services/projects/list-projects.js';
import { updateProject } from '../src/services/projects/update-project.js';
import { fakeProjectDepsWithOwner } from './fakes/project-deps.fake.js';
import { newProject, storeProject } from './fixtures/new-project.fixture.js';

const SLIDES = '# Forklifts\n\n## Daily checks\n- Check the forks\n\n## Loads\n- Carry loads low\n';
const citation = { slide_index: 0, document_id: 'd1', document_title: 'Forklift manual', passage: 'Check the forks before every shift.' };
const cited: GeneratedContent = { ...plainContent('Check the forks.', SLIDES), engine: 'offline', citations: [citation] };
const noMaterial: GeneratedContent = { ...plainContent('Fire safety.', '## Fire safety'), engine: 'offline', notices: [LIBRARY_MESSAGES.noMaterial] };

describe(libraryMaterialOf.name, () => {
  it("should answer 'cited' for content citing library passages", () => {
    expect(libraryMaterialOf(cited)).toBe('cited');
  });

  it("should answer 'none' for content whose notices say the library held nothing about the topic", () => {
    expect(libraryMaterialOf(noMaterial)).toBe('none');
  });

  it('should answer null without content, for content not built from the library, and for content stored before citations and notices', () => {
    expect(libraryMaterialOf(null)).toBeNull();
    expect(libraryMaterialOf({ ...plainContent('S.', '## S'), notices: ['Written from your document only.'] })).toBeNull();
    const { citations: _c, notices: _n, ...older } = cited;
    expect(libraryMaterialOf(older as GeneratedContent)).toBeNull();
  });
});

describe('library_material of a project', () => {
  it('should be stored with the generated content, listed, follow hand edits and be sent on the wire', async () => {
    const { deps, owner, company } = fakeProjectDepsWithOwner();
    const citing = await storeProject(deps.projects, newProject(company, owner, { title: 'Forklifts', status: 'generating_content' }));
    const empty = await storeProject(deps.projects, newProject(company, owner, { title: 'Fire', status: 'generating_content' }));
    await storeProject(deps.projects, newProject(company, owner, { title: 'Own script' }));
    const completed = (projectId: string, generatedContent: GeneratedContent): PipelineEvent => ({
      source: 'generation',
      projectId,
      status: 'generating_content',
      stage: 'generating_content',
      percent: 60,
      error: '',
      generatedContent,
    });
    await completeGeneration(deps, 'g1', completed(citing, cited));
    await completeGeneration(deps, 'g2', completed(empty, noMaterial));

    const listed = async () => Object.fromEntries((await listProjects(deps, owner, {})).projects.map((p) => [p.title, p.library_material]));
    expect(await listed()).toEqual({ Forklifts: 'cited', Fire: 'none', 'Own script': null });

    const wire = (await listProjects(deps, owner, {})).projects.map(toProtoProject);
    expect(Object.fromEntries(wire.map((p) => [p.title, p.libraryMaterial]))).toEqual({ Forklifts: 'cited', Fire: 'none', 'Own script': '' });

    // An edit of another slide keeps the cited one's citations; an edit of the cited slide drops
    // them (its points may no longer be the passage's), and the content then cites nothing.
    await updateProject(deps, owner, citing, { generatedSlides: SLIDES.replace('Carry loads low', 'Carry loads low and slow') });
    expect(await listed()).toMatchObject({ Forklifts: 'cited' });
    await updateProject(deps, owner, citing, { generatedSlides: SLIDES.replace('Check the forks', 'Check the tyres') });
    expect(await listed()).toMatchObject({ Forklifts: null });
  });
});
