// The proto -> API JSON mappings whose answer must not change with the proto messages.
import { GeneratedContent } from '@trainwright/proto/trainwright/content/v1/content';
import { QualityAssessment } from '@trainwright/proto/trainwright/generator/v1/generator';
import { Voice } from '@trainwright/proto/trainwright/media/v1/media';
import { GeneratorRequest, Project } from '@trainwright/proto/trainwright/project/v1/project';
import { assessmentJson, projectJson, requestDataJson, voiceJson } from '../src/schemas/mappers.js';

// Through the wire, as the gateway receives them.
const decoded = <T>(fns: { encode(m: T): { finish(): Uint8Array }; decode(b: Uint8Array): T }, message: T) => fns.decode(fns.encode(message).finish());

describe('requestDataJson', () => {
  it('should answer the one method of the request with its empty lists', () => {
    const request = decoded(GeneratorRequest, GeneratorRequest.fromPartial({ topicToContent: { topic: 'Forklifts', length: 'medium', includeExamples: true } }));
    expect(requestDataJson(request)).toEqual({
      topic: 'Forklifts',
      subtopics: [],
      length: 'medium',
      format: '',
      writing_style: '',
      target_audience: '',
      industry_domain: '',
      complexity_level: '',
      learning_objectives: [],
      include_examples: true,
      include_visuals: false,
      include_assessments: false,
      exclude_ai_phrases: false,
      company_context: '',
      brand_voice: '',
      use_library: false,
    });
  });

  it('should keep an improvement plan with its empty map and the keys of its map as sent', () => {
    const plan = decoded(GeneratorRequest, GeneratorRequest.fromPartial({ qualityImprovement: { assessmentId: 'a1', selectedRecommendations: ['split-dense-slides'], userModifications: {} } }));
    expect(requestDataJson(plan)).toEqual({ assessment_id: 'a1', selected_recommendations: ['split-dense-slides'], user_modifications: {}, improvement_notes: '' });
    const modified = GeneratorRequest.fromPartial({ qualityImprovement: { userModifications: { 'split-dense-slides': 'Keep slide 2' } } });
    expect(requestDataJson(modified)?.user_modifications).toEqual({ 'split-dense-slides': 'Keep slide 2' });
  });

  it('should answer null for a project without a method', () => {
    expect(requestDataJson(undefined)).toBeNull();
    expect(requestDataJson(GeneratorRequest.fromPartial({}))).toBeNull();
  });
});

describe('assessmentJson', () => {
  it('should answer the snake_case assessment with its lists even when empty', () => {
    const assessment = decoded(QualityAssessment, QualityAssessment.fromPartial({ id: 'a1', overallScore: 91.5, qualityGrade: 'A', dimensionScores: { content_quality: 90 }, engagementPrediction: 80 }));
    expect(assessmentJson(assessment)).toEqual({
      id: 'a1',
      overall_score: 91.5,
      quality_grade: 'A',
      dimension_scores: { content_quality: 90 },
      priority_areas: [],
      recommendations: [],
      metrics: {},
      engagement_prediction: 80,
    });
    expect(assessmentJson(undefined)).toBeNull();
  });
});

describe('projectJson', () => {
  it('should answer generated_content as the content model, and null without one', () => {
    const bare = decoded(Project, Project.fromPartial({ id: 'p1' }));
    expect(projectJson(bare)).toMatchObject({ id: 'p1', generated_content: null, request_data: null, branding: null, voice_selection: null, error: null });
    const generated = decoded(Project, Project.fromPartial({ id: 'p2', generatedContent: GeneratedContent.fromJSON({ script: 'Hello', slides: { slide_content: '## Welcome' } }) }));
    expect(projectJson(generated).generated_content).toMatchObject({ script: 'Hello', slides: { slide_content: '## Welcome', quality_assessment: null }, questions: [] });
  });

  it("should answer library_material as 'cited' or 'none', and null for '' or a value it does not know", () => {
    const material = (libraryMaterial: string) => projectJson(decoded(Project, Project.fromPartial({ libraryMaterial }))).library_material;
    expect(material('cited')).toBe('cited');
    expect(material('none')).toBe('none');
    expect(material('')).toBeNull();
    expect(material('some')).toBeNull();
  });

  it('should answer branding, voice and files with the specification names', () => {
    const p = decoded(
      Project,
      Project.fromPartial({
        branding: { companyName: 'Acme', logoUrl: '', website: 'https://acme.test' },
        voiceSelection: { voiceId: 'v1', name: 'Ava', category: 'premade' },
        files: [{ id: 'f1', kind: 'script', filename: 'a.txt', size: 12, contentType: 'text/plain' }],
      }),
    );
    expect(projectJson(p)).toMatchObject({
      branding: { company_name: 'Acme', logo_url: '', website: 'https://acme.test', logo_path: null },
      voice_selection: { voice_id: 'v1', name: 'Ava', category: 'premade' },
      files: [{ id: 'f1', kind: 'script', filename: 'a.txt', size: 12, content_type: 'text/plain' }],
    });
  });
});

describe('voiceJson', () => {
  it('should answer the voice settings without the pitch and rate it does not set', () => {
    const voice = decoded(Voice, Voice.fromPartial({ voiceId: 'en-us', settings: { provider: 'espeak', voice: 'en-us', rate: 170 } }));
    expect(voiceJson(voice).settings).toEqual({ provider: 'espeak', voice: 'en-us', rate: 170 });
  });
});
