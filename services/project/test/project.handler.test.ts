// Unit tests of the gRPC handler's proto <-> domain mapping (in-memory ports, no server).
import { randomUUID } from 'node:crypto';
import { plainContent } from '@trainwright/formats';
import type { CallContext } from '@trainwright/platform';
import { GeneratorRequest } from '@trainwright/proto/trainwright/project/v1/project';
import { createProjectHandlers } from '../src/grpc/project.handler.js';
import { fakeCommentDeps, fakeProjectDeps, unusedLibraryDeps, type FakeProjectDeps } from './fakes/project-deps.fake.js';

let deps: FakeProjectDeps;
let handlers: ReturnType<typeof createProjectHandlers>;
let removed: string[];
const owner = randomUUID();
const company = randomUUID();
const ctx = {} as CallContext;

beforeEach(() => {
  deps = fakeProjectDeps();
  deps.memberships.join(owner, { companyId: company, companyName: 'Acme' });
  removed = [];
  handlers = createProjectHandlers(
    deps,
    async (keys) => {
      removed.push(...keys);
    },
    fakeCommentDeps(deps),
    unusedLibraryDeps(deps),
  );
});

function createRequest(overrides: Partial<Parameters<typeof handlers.createProject>[0]> = {}): Parameters<typeof handlers.createProject>[0] {
  return {
    userId: owner,
    companyId: '',
    title: 'Fire',
    description: '',
    projectType: 'ai_content_generator',
    inputMethod: 'text',
    scriptContent: '',
    slidesContent: '',
    softwareDetails: '',
    visualFormat: '',
    documentFormat: '',
    includeBranding: true,
    branding: undefined,
    aiInstructions: '',
    fontStyle: '',
    imageStyle: '',
    burnSubtitles: false,
    templateId: 'business-employee-onboarding',
    fileIds: [],
    generatorType: 'topic_to_content',
    requestData: { topic: 'Fire safety' },
    derivedFromProjectId: '',
    ...overrides,
  };
}

describe('ProjectService handler', () => {
  describe('getProject', () => {
    it('should carry the normalised request as a GeneratorRequest and the content as a message', async () => {
      const { id } = await handlers.createProject(createRequest(), ctx);
      const content = { ...plainContent('Narration.', '## Fire'), engine: 'offline', objectives: ['Know the exits'] };
      await deps.projects.update(id, { generated_content: JSON.stringify(content) }, []);
      const project = await handlers.getProject({ userId: owner, projectId: id }, ctx);
      expect(project.requestData?.topicToContent?.topic).toBe('Fire safety');
      expect(GeneratorRequest.toJSON(project.requestData!)).toMatchObject({ topic_to_content: { topic: 'Fire safety' } });
      expect(project.generatedContent).toMatchObject({ script: 'Narration.', slides: { slideContent: '## Fire' }, engine: 'offline', objectives: ['Know the exits'] });
    });

    it('should leave request_data out for a project without a generator request', async () => {
      const { id } = await handlers.createProject(createRequest({ projectType: 'script_to_slides', scriptContent: '## A', generatorType: '', requestData: undefined }), ctx);
      const project = await handlers.getProject({ userId: owner, projectId: id }, ctx);
      expect(project.requestData).toBeUndefined();
      expect(project.generatedContent).toBeUndefined();
    });
  });

  describe('getGenerationInput', () => {
    it('should send the resolved template as a Template message', async () => {
      const { id } = await handlers.createProject(createRequest(), ctx);
      const input = await handlers.getGenerationInput({ projectId: id }, ctx);
      expect(input.template).toMatchObject({ id: 'business-employee-onboarding', builtIn: true });
      expect(input.template?.colorScheme?.primary).toMatch(/^#/);
    });
  });

  describe('deleteProject', () => {
    it("should remove the deleted project's files", async () => {
      const upload = await deps.projects.insertFile({ companyId: company, kind: 'script', filename: 'a.txt', size: 3, contentType: 'text/plain', storageKey: `companies/${company}/a.txt`, createdBy: owner });
      const { id } = await handlers.createProject(
        createRequest({ projectType: 'script_to_slides', inputMethod: 'file', generatorType: '', requestData: undefined, fileIds: [upload] }),
        ctx,
      );
      await handlers.deleteProject({ userId: owner, projectId: id }, ctx);
      expect(removed).toEqual([`companies/${company}/a.txt`]);
    });
  });
});
