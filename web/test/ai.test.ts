// The AI screens' logic (lib/ai.ts): the generator request per method with the catalogue's
// defaults and messages, the JSON and multipart calls (request_data as JSON text, real upload
// progress), the plan's locked methods, score bands and grades, the quality dialog's selection
// and modification state, the AI services' calls and the readable layout of their insights.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { GENERATOR_MESSAGES, QUALITY_MESSAGES, TRIAL_MESSAGES, normalizeGeneratorRequest } from '@trainwright/catalogue';
import {
  applyImprovementsBody,
  buildGeneratorSubmission,
  defaultGeneratorDrafts,
  describeValue,
  engagementDifference,
  engineOf,
  generatedExtras,
  generatorErrorField,
  generatorFormData,
  generatorMethodOptions,
  humanizeKey,
  initialQualityState,
  planGeneratorMethods,
  qualityReducer,
  qualityRequestBody,
  rawRequestData,
  sameAiAction,
  scoreDisplay,
  type GeneratorDrafts,
  type GeneratorFormInput,
  type QualityAssessment,
  type QualityState,
} from '../app/lib/ai.js';
import { catalogueMessageKey } from '../app/lib/errors.js';
import en from '../app/i18n/en.js';
import es from '../app/i18n/es.js';
import fr from '../app/i18n/fr.js';

const file = (name = 'handbook.pdf', bytes = 'PDF bytes') => new File([bytes], name, { type: 'application/octet-stream' });

function input(overrides: Partial<GeneratorFormInput> & { edit?: (d: GeneratorDrafts) => void } = {}): GeneratorFormInput {
  const drafts = defaultGeneratorDrafts();
  overrides.edit?.(drafts);
  const { edit: _edit, ...rest } = overrides;
  return { method: 'topic_to_content', drafts, sourceMode: 'file', file: null, projectName: 'Onboarding', branding: null, ...rest };
}

type Tree = { [key: string]: string | Tree };
function lookup(path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), en);
}

describe('generator defaults', () => {
  it('are exactly what normalizeGeneratorRequest fills in, with the required text empty', () => {
    const d = defaultGeneratorDrafts();
    expect(d.topic_to_content).toMatchObject({
      topic: '',
      subtopics: '',
      learning_objectives: '',
      length: 'medium',
      format: 'slides',
      writing_style: 'professional',
      target_audience: 'general',
      industry_domain: 'general',
      complexity_level: 'intermediate',
      include_examples: true,
      include_visuals: true,
      include_assessments: true,
      exclude_ai_phrases: true,
      company_context: '',
      brand_voice: '',
    });
    expect(d.url_content).toEqual({ url: '', content_focus: '', transform_to: 'slides', target_length: 'medium', writing_style: 'professional', target_audience: 'general' });
    expect(d.document_analysis).toEqual({ analysis_focus: '', analysis_output: 'slides', extract_tables: true, extract_images: false, create_glossary: true });
    expect(d.assessment_generator).toEqual({
      content_source: '',
      question_count: 10,
      assessment_types: ['multiple_choice', 'true_false'],
      difficulty_level: 'intermediate',
      include_explanations: true,
      scenario_based: false,
    });
    expect(d.content_refresh).toEqual({
      existing_content: '',
      content_age: '',
      modernize_language: true,
      update_examples: true,
      improve_engagement: true,
      maintain_core_concepts: true,
      industry_updates: false,
    });
    expect(d.learning_path).toEqual({
      main_topic: '',
      skill_level_start: 'basic',
      skill_level_target: 'advanced',
      module_count: 5,
      include_prerequisites: true,
      include_assessments: true,
      practical_application: true,
      industry_context: 'general',
      use_library: true,
    });
  });

  it('are fresh objects each time', () => {
    const a = defaultGeneratorDrafts();
    a.assessment_generator.assessment_types.push('scenario');
    expect(defaultGeneratorDrafts().assessment_generator.assessment_types).toEqual(['multiple_choice', 'true_false']);
  });
});

describe('buildGeneratorSubmission', () => {
  it('topic_to_content: JSON with the normalised request, subtopics and objectives one per line', () => {
    const result = buildGeneratorSubmission(
      input({
        projectName: '  Complaints 101 ',
        branding: { company_name: 'Acme', logo_url: '', website: 'https://acme.test' },
        edit: (d) => {
          d.topic_to_content.topic = '  Handling complaints ';
          d.topic_to_content.subtopics = 'Listening\n\n  Apologising \r\nFollowing up\n';
          d.topic_to_content.learning_objectives = 'Calm an upset customer';
          d.topic_to_content.length = 'long';
        },
      }),
    );
    expect(result.ok && result.kind).toBe('json');
    if (!result.ok || result.kind !== 'json') return;
    expect(result.body.generator_type).toBe('topic_to_content');
    expect(result.body.project_name).toBe('Complaints 101');
    expect(result.body.branding).toEqual({ company_name: 'Acme', logo_url: '', website: 'https://acme.test' });
    expect(result.body.request_data).toMatchObject({
      topic: 'Handling complaints',
      subtopics: ['Listening', 'Apologising', 'Following up'],
      learning_objectives: ['Calm an upset customer'],
      length: 'long',
      format: 'slides',
    });
  });

  it('leaves branding out when it is off', () => {
    const result = buildGeneratorSubmission(input({ edit: (d) => (d.topic_to_content.topic = 'Safety') }));
    expect(result.ok && result.kind === 'json' && 'branding' in result.body).toBe(false);
  });

  it('reports the title and the method error together, with the server messages', () => {
    const result = buildGeneratorSubmission(input({ projectName: '   ' }));
    expect(result).toEqual({ ok: false, errors: { project_name: GENERATOR_MESSAGES.projectNameRequired, topic: 'Topic is required' } });
  });

  it('url_content: required, http(s) only', () => {
    const url = (value: string) => buildGeneratorSubmission(input({ method: 'url_content', edit: (d) => (d.url_content.url = value) }));
    expect(url('')).toEqual({ ok: false, errors: { url: 'URL is required' } });
    expect(url('not a url')).toEqual({ ok: false, errors: { url: 'Please enter a valid URL (http or https)' } });
    expect(url('ftp://example.com/file')).toEqual({ ok: false, errors: { url: 'Please enter a valid URL (http or https)' } });
    const ok = url(' https://example.com/guide ');
    expect(ok.ok && ok.kind === 'json' && ok.body.request_data).toMatchObject({ url: 'https://example.com/guide', transform_to: 'slides' });
  });

  it('document_analysis: needs the file, then goes multipart with request_data as JSON text', () => {
    expect(buildGeneratorSubmission(input({ method: 'document_analysis' }))).toEqual({
      ok: false,
      errors: { file: 'Please upload a document file for analysis.' },
    });
    const doc = file();
    const result = buildGeneratorSubmission(
      input({
        method: 'document_analysis',
        file: doc,
        branding: { company_name: 'Acme', logo_url: 'https://acme.test/logo.png', website: '' },
        edit: (d) => {
          d.document_analysis.analysis_focus = 'Safety rules';
          d.document_analysis.extract_images = true;
        },
      }),
    );
    expect(result.ok && result.kind).toBe('multipart');
    if (!result.ok || result.kind !== 'multipart') return;
    expect(result.file).toBe(doc);
    expect(result.fields.generator_type).toBe('document_analysis');
    expect(result.fields.project_name).toBe('Onboarding');
    expect(JSON.parse(result.fields.request_data)).toEqual({
      analysis_focus: 'Safety rules',
      analysis_output: 'slides',
      extract_tables: true,
      extract_images: true,
      create_glossary: true,
    });
    expect(JSON.parse(result.fields.branding!)).toEqual({ company_name: 'Acme', logo_url: 'https://acme.test/logo.png', website: '' });
    // What the server will do with it: the same request.
    expect(normalizeGeneratorRequest('document_analysis', JSON.parse(result.fields.request_data), true).request_data).toEqual(JSON.parse(result.fields.request_data));
  });

  it('assessment_generator: a file or pasted text, with the specification message when neither', () => {
    expect(buildGeneratorSubmission(input({ method: 'assessment_generator', sourceMode: 'file' }))).toEqual({
      ok: false,
      errors: { content_source: GENERATOR_MESSAGES.assessmentSourceRequired },
    });
    expect(buildGeneratorSubmission(input({ method: 'assessment_generator', sourceMode: 'text', file: file() }))).toEqual({
      ok: false,
      errors: { content_source: 'Please provide content source (upload file or paste text) for assessment generation.' },
    });

    const pasted = buildGeneratorSubmission(
      input({
        method: 'assessment_generator',
        sourceMode: 'text',
        file: file(), // chosen earlier, not sent in text mode
        edit: (d) => {
          d.assessment_generator.content_source = 'Fire exits must stay clear.';
          d.assessment_generator.question_count = 5;
          d.assessment_generator.scenario_based = true;
        },
      }),
    );
    expect(pasted.ok && pasted.kind).toBe('json');
    expect(pasted.ok && pasted.kind === 'json' && pasted.body.request_data).toEqual({
      content_source: 'Fire exits must stay clear.',
      question_count: 5,
      assessment_types: ['multiple_choice', 'true_false', 'scenario'],
      difficulty_level: 'intermediate',
      include_explanations: true,
      scenario_based: true,
    });

    const uploaded = buildGeneratorSubmission(
      input({ method: 'assessment_generator', sourceMode: 'file', file: file('notes.docx'), edit: (d) => (d.assessment_generator.content_source = 'typed before switching') }),
    );
    expect(uploaded.ok && uploaded.kind).toBe('multipart');
    if (uploaded.ok && uploaded.kind === 'multipart') expect(JSON.parse(uploaded.fields.request_data).content_source).toBe('');
  });

  it('assessment_generator: at least one question type', () => {
    const result = buildGeneratorSubmission(
      input({ method: 'assessment_generator', sourceMode: 'text', edit: (d) => ((d.assessment_generator.content_source = 'x'), (d.assessment_generator.assessment_types = [])) }),
    );
    expect(result).toEqual({ ok: false, errors: { assessment_types: 'Choose at least one question type' } });
  });

  it('content_refresh: existing content or a file', () => {
    expect(buildGeneratorSubmission(input({ method: 'content_refresh', sourceMode: 'text' }))).toEqual({
      ok: false,
      errors: { existing_content: 'Please provide existing content (upload file or paste text) for refresh.' },
    });
    const result = buildGeneratorSubmission(input({ method: 'content_refresh', sourceMode: 'file', file: file('deck.pptx'), edit: (d) => (d.content_refresh.content_age = '5 years') }));
    expect(result.ok && result.kind).toBe('multipart');
    if (result.ok && result.kind === 'multipart') {
      expect(JSON.parse(result.fields.request_data)).toMatchObject({ existing_content: '', content_age: '5 years', industry_updates: false });
    }
  });

  it('learning_path: main topic required, target not below the start', () => {
    expect(buildGeneratorSubmission(input({ method: 'learning_path' }))).toEqual({ ok: false, errors: { main_topic: 'Main topic is required' } });
    const below = buildGeneratorSubmission(
      input({
        method: 'learning_path',
        edit: (d) => {
          d.learning_path.main_topic = 'Excel';
          d.learning_path.skill_level_start = 'advanced';
          d.learning_path.skill_level_target = 'intermediate';
        },
      }),
    );
    expect(below.ok).toBe(false);
    expect(!below.ok && Object.keys(below.errors)).toEqual(['skill_level_target']);
    const ok = buildGeneratorSubmission(input({ method: 'learning_path', edit: (d) => ((d.learning_path.main_topic = 'Excel'), (d.learning_path.module_count = 7)) }));
    expect(ok.ok && ok.kind === 'json' && ok.body.request_data).toMatchObject({ main_topic: 'Excel', module_count: 7 });
  });

  it('sends only the fields of the chosen method', () => {
    const d = defaultGeneratorDrafts();
    expect(Object.keys(rawRequestData('assessment_generator', d, 'file')).sort()).toEqual(
      ['assessment_types', 'difficulty_level', 'include_explanations', 'question_count', 'scenario_based'].sort(),
    );
    expect(rawRequestData('content_refresh', d, 'text')).toHaveProperty('existing_content');
    expect(rawRequestData('content_refresh', d, 'file')).not.toHaveProperty('existing_content');
  });

  it('sends the output formats and the chosen narration voice, in JSON and in the multipart fields', () => {
    const voice = { voice_id: 'flite:rms', name: 'English (America), Flite rms', category: 'premade' };
    const json = buildGeneratorSubmission(input({ visualFormat: 'mp4', documentFormat: 'word', voice, edit: (d) => (d.topic_to_content.topic = 'Safety') }));
    expect(json.ok && json.kind === 'json' && json.body).toMatchObject({ visual_format: 'mp4', document_format: 'word', voice_selection: voice });
    const none = buildGeneratorSubmission(input({ visualFormat: 'powerpoint', voice: null, edit: (d) => (d.topic_to_content.topic = 'Safety') }));
    expect(none.ok && none.kind === 'json' && 'voice_selection' in none.body).toBe(false);
    const multipart = buildGeneratorSubmission(input({ method: 'document_analysis', file: file(), visualFormat: 'mov', documentFormat: 'pdf', voice }));
    expect(multipart.ok && multipart.kind === 'multipart' && multipart.fields).toMatchObject({ visual_format: 'mov', document_format: 'pdf' });
    if (!multipart.ok || multipart.kind !== 'multipart') return;
    expect(JSON.parse(multipart.fields.voice_selection!)).toEqual(voice);
    expect([...generatorFormData(multipart.fields, file()).keys()]).toEqual([
      'generator_type',
      'request_data',
      'project_name',
      'visual_format',
      'document_format',
      'voice_selection',
      'file',
    ]);
  });

  it('sends burn_subtitles only when it is on, as true in JSON and as the text true in the multipart fields', () => {
    const json = buildGeneratorSubmission(input({ visualFormat: 'mp4', burnSubtitles: true, edit: (d) => (d.topic_to_content.topic = 'Safety') }));
    expect(json.ok && json.kind === 'json' && json.body.burn_subtitles).toBe(true);
    const off = buildGeneratorSubmission(input({ visualFormat: 'mp4', burnSubtitles: false, edit: (d) => (d.topic_to_content.topic = 'Safety') }));
    expect(off.ok && off.kind === 'json' && 'burn_subtitles' in off.body).toBe(false);
    const multipart = buildGeneratorSubmission(input({ method: 'document_analysis', file: file(), visualFormat: 'mov', burnSubtitles: true }));
    if (!multipart.ok || multipart.kind !== 'multipart') throw new Error('expected multipart');
    expect(generatorFormData(multipart.fields, file()).get('burn_subtitles')).toBe('true');
    expect([...generatorFormData(multipart.fields, file()).keys()].at(-1)).toBe('file');
  });

  it('maps server fields to the form', () => {
    expect(generatorErrorField('request_data.topic')).toBe('topic');
    expect(generatorErrorField('file')).toBe('file');
    expect(generatorErrorField('project_name')).toBe('project_name');
  });
});

describe('generatorFormData', () => {
  it('puts the text fields first and the file last', async () => {
    const doc = file('policy.pdf', 'abc');
    const form = generatorFormData({ generator_type: 'document_analysis', request_data: '{"analysis_focus":""}', project_name: 'Policy', branding: '{"company_name":"Acme"}' }, doc);
    expect([...form.keys()]).toEqual(['generator_type', 'request_data', 'project_name', 'branding', 'file']);
    expect(form.get('request_data')).toBe('{"analysis_focus":""}');
    const sent = form.get('file') as File;
    expect(sent.name).toBe('policy.pdf');
    expect(await sent.text()).toBe('abc');
    expect([...generatorFormData({ generator_type: 'content_refresh', request_data: '{}', project_name: 'P' }, doc).keys()]).not.toContain('branding');
  });
});

describe('the multipart call', () => {
  class FakeXhr {
    static last: FakeXhr | null = null;
    static answer: ((xhr: FakeXhr) => void) | null = null;
    method = '';
    url = '';
    headers: Record<string, string> = {};
    withCredentials = false;
    status = 0;
    responseText = '';
    body: FormData | null = null;
    upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: FormData) {
      this.body = body;
      FakeXhr.last = this;
      FakeXhr.answer?.(this);
    }
    abort() {
      this.onabort?.();
    }
    reply(status: number, body: unknown) {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    }
  }

  beforeEach(() => {
    FakeXhr.last = null;
    FakeXhr.answer = null;
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = FakeXhr;
  });
  afterEach(() => {
    delete (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
  });

  it('posts the form to upload-projects and reports the bytes sent', async () => {
    const { uploadGeneratorProject } = await import('../app/lib/ai.js');
    const progress: [number, number][] = [];
    FakeXhr.answer = (xhr) => {
      xhr.upload.onprogress?.({ loaded: 4, total: 10, lengthComputable: true });
      xhr.upload.onprogress?.({ loaded: 10, total: 10, lengthComputable: true });
      xhr.reply(201, { project_id: 'p1', title: 'Policy', file: { id: 'f1', filename: 'policy.pdf', size: 3 } });
    };
    const handle = uploadGeneratorProject({ generator_type: 'document_analysis', request_data: '{}', project_name: 'Policy' }, file('policy.pdf', 'abc'), (s, t) => progress.push([s, t]));
    await expect(handle.promise).resolves.toEqual({ project_id: 'p1', title: 'Policy', file: { id: 'f1', filename: 'policy.pdf', size: 3 } });
    expect(FakeXhr.last?.method).toBe('POST');
    expect(FakeXhr.last?.url).toBe('/api/ai-content-generator/upload-projects');
    expect(FakeXhr.last?.withCredentials).toBe(true);
    expect(FakeXhr.last?.body?.get('generator_type')).toBe('document_analysis');
    expect(progress).toEqual([
      [4, 10],
      [10, 10],
    ]);
  });

  it("rejects with the server's error", async () => {
    const { uploadGeneratorProject } = await import('../app/lib/ai.js');
    const { ApiError } = await import('../app/lib/api.js');
    FakeXhr.answer = (xhr) =>
      xhr.reply(400, { code: 'VALIDATION_FAILED', message: 'Please upload a document file for analysis.', detail: { field: 'file' } });
    const error = await uploadGeneratorProject({ generator_type: 'document_analysis', request_data: '{}', project_name: 'P' }, file(), () => undefined).promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as InstanceType<typeof ApiError>).serverMessage).toBe('Please upload a document file for analysis.');
    expect((error as InstanceType<typeof ApiError>).detail).toEqual({ field: 'file' });
  });

  it('gives up when nothing moves for the idle time', async () => {
    const { sendMultipart } = await import('../app/lib/uploads.js');
    const { TimeoutError } = await import('../app/lib/api.js');
    const handle = sendMultipart('/ai-content-generator/upload-projects', () => new FormData(), () => undefined, { idleTimeoutMs: 20 });
    await expect(handle.promise).rejects.toBeInstanceOf(TimeoutError);
  });

  it('cancels', async () => {
    const { sendMultipart, UploadCancelled } = await import('../app/lib/uploads.js');
    const handle = sendMultipart('/uploads', () => new FormData(), () => undefined);
    handle.cancel();
    await expect(handle.promise).rejects.toBeInstanceOf(UploadCancelled);
  });
});

describe('methods of the plan', () => {
  it("locks the methods outside the plan and names the plan that has them", () => {
    const options = generatorMethodOptions(['topic_to_content']);
    expect(options.map((o) => [o.method, o.available, o.lowestPlan])).toEqual([
      ['topic_to_content', true, 'free-trial'],
      ['url_content', false, 'professional'],
      ['document_analysis', false, 'business'],
      ['assessment_generator', false, 'professional'],
      ['content_refresh', false, 'business'],
      ['learning_path', false, 'enterprise'],
    ]);
  });

  it("reads the server's limits, else the catalogue tier", () => {
    const limits = { companyLimit: 1, aiGeneratorMethods: ['topic_to_content', 'url_content'] as ('topic_to_content' | 'url_content')[] };
    expect(planGeneratorMethods({ subscription: { tier: 'free-trial', plan: '', projectsUsed: 0, createdAt: '', limits } })).toEqual(['topic_to_content', 'url_content']);
    expect(planGeneratorMethods({ subscription: { tier: 'business', plan: '', projectsUsed: 0, createdAt: '', limits: { companyLimit: 3 } } })).toEqual([
      'topic_to_content',
      'url_content',
      'assessment_generator',
      'document_analysis',
      'content_refresh',
    ]);
  });
});

describe('messages', () => {
  it('translates every catalogue message the server or the form may show, with the same English text', () => {
    for (const [group, messages] of [
      ['aiGenerator.errors', GENERATOR_MESSAGES],
      ['quality.messages', QUALITY_MESSAGES],
      ['trial', TRIAL_MESSAGES],
    ] as const) {
      for (const [key, text] of Object.entries(messages)) {
        expect(catalogueMessageKey(text)).toBe(`${group}.${key}`);
        expect(lookup(`${group}.${key}`)).toBe(text);
      }
    }
    expect(catalogueMessageKey('topic must be at most 200 characters')).toBeNull();
  });

  it('keeps the specification texts of the quality and AI screens', () => {
    expect(en.quality.assessmentFailed).toBe('Assessment failed. Please try again.');
    expect(en.quality.applyFailed).toBe('Failed to apply improvements. Please try again.');
    expect(en.quality.back).toBe('Back to Setup');
    expect(en.quality.apply).toBe('Apply Selected Improvements');
    expect(en.aiDashboard.errorTitle).toBe('Analysis Error');
    expect(en.aiDashboard.initFailed).toBe('Failed to initialize AI service');
    expect(en.aiDashboard.analysisFailed).toBe('Analysis failed');
    expect(en.aiDashboard.noProjectSelected).toBe('No project selected');
    expect(en.aiDashboard.analyzingProject).toBe('Analyzing: {{title}}');
    expect(en.aiDashboard.refresh).toBe('Refresh Analysis');
  });
});

describe('engagementDifference (the card beside the quality dialog)', () => {
  it('is null when the two figures show alike, and names both when they do not', () => {
    expect(engagementDifference(60.4, 59.6)).toBeNull();
    expect(engagementDifference(60.2, 61.1)).toEqual({ stored: 60, measured: 61 });
    expect(engagementDifference(null, 61)).toBeNull();
    expect(engagementDifference(60, undefined)).toBeNull();
  });

  it('explains the difference in every interface language', () => {
    for (const catalogue of [en, es, fr]) {
      const text = catalogue.quality.engagementDiffers;
      expect(text).toContain('{{stored}}');
      expect(text).toContain('{{measured}}');
    }
  });
});

describe('scoreDisplay', () => {
  it.each([
    [95, 95, 'green', 'A'],
    [89.6, 90, 'green', 'A'], // the band of the number shown
    [89.4, 89, 'blue', 'B'],
    [80, 80, 'blue', 'B'],
    [72, 72, 'yellow', 'C'],
    [60, 60, 'orange', 'D'],
    [59.4, 59, 'red', 'F'],
    [-3, 0, 'red', 'F'],
    [140, 100, 'green', 'A'],
  ])('%s shows %s in %s with grade %s', (score, shown, band, grade) => {
    expect(scoreDisplay(score)).toEqual({ score: shown, band, grade });
  });

  it("uses the server's grade when it is one", () => {
    expect(scoreDisplay(85, 'B')?.grade).toBe('B');
    expect(scoreDisplay(85, 'excellent')?.grade).toBe('B');
  });

  it('is null without a score', () => {
    expect(scoreDisplay(null)).toBeNull();
    expect(scoreDisplay(undefined)).toBeNull();
    expect(scoreDisplay(Number.NaN)).toBeNull();
  });
});

describe('the quality dialog state', () => {
  const assessment: QualityAssessment = {
    id: 'a1',
    overall_score: 74,
    quality_grade: 'C',
    dimension_scores: { content_quality: 80, structure_flow: 60 },
    priority_areas: [{ name: 'structure_flow', score: 60, priority: 'high' }],
    recommendations: [
      { id: 'split-dense-slides', action: 'Split dense slides', priority: 'high', effort: 'low', reason: '4 slides have 9+ points', implementation: 'Move points' },
      { id: 'add-objectives', action: 'Add objectives', priority: 'medium', effort: 'medium', reason: 'None stated', implementation: 'State 3' },
      { id: 'add-summary', action: 'Add a summary', priority: 'low', effort: 'low', reason: 'No summary slide', implementation: 'Add one' },
    ],
  };
  const assessed = (): QualityState => qualityReducer(initialQualityState(), { type: 'assessed', assessment });

  it('starts at Setup with the defaults, and the request fills in the audience and focus', () => {
    const state = initialQualityState();
    expect(state.step).toBe('setup');
    expect(state.setup).toEqual({ desired_atmosphere: 'professional', target_audience: 'professional learners', focus_areas: [], notes: '' });
    expect(qualityRequestBody({ ...state.setup, target_audience: '  ' })).toEqual({
      desired_atmosphere: 'professional',
      target_audience: 'professional learners',
      focus_areas: null,
      notes: '',
    });
    let s = qualityReducer(state, { type: 'toggleFocus', area: 'visual_design' });
    s = qualityReducer(s, { type: 'toggleFocus', area: 'content_quality' });
    s = qualityReducer(s, { type: 'toggleFocus', area: 'tone_alignment' });
    s = qualityReducer(s, { type: 'toggleFocus', area: 'tone_alignment' });
    s = qualityReducer(s, { type: 'setup', change: { desired_atmosphere: 'humorous', notes: ' for sales ' } });
    expect(qualityRequestBody(s.setup)).toEqual({
      desired_atmosphere: 'humorous',
      target_audience: 'professional learners',
      focus_areas: ['content_quality', 'visual_design'],
      notes: 'for sales',
    });
  });

  it('needs at least one selected recommendation', () => {
    expect(applyImprovementsBody(assessed())).toEqual({ ok: false, error: 'selectRecommendation' });
    expect(applyImprovementsBody(initialQualityState())).toEqual({ ok: false, error: 'selectRecommendation' });
    expect(en.quality.messages.selectRecommendation).toBe('Please select at least one recommendation to apply.');
  });

  it('sends the selected ids in the assessment order with the modifications of the selected ones only', () => {
    let s = assessed();
    s = qualityReducer(s, { type: 'toggle', id: 'add-summary' });
    s = qualityReducer(s, { type: 'toggle', id: 'split-dense-slides' });
    s = qualityReducer(s, { type: 'toggle', id: 'add-objectives' });
    s = qualityReducer(s, { type: 'toggle', id: 'add-objectives' }); // unselected again
    s = qualityReducer(s, { type: 'toggle', id: 'unknown' }); // not a recommendation of this assessment
    s = qualityReducer(s, { type: 'modify', id: 'split-dense-slides', text: '  at most 5 points  ' });
    s = qualityReducer(s, { type: 'modify', id: 'add-objectives', text: 'kept but not selected' });
    s = qualityReducer(s, { type: 'modify', id: 'add-summary', text: '   ' });
    s = qualityReducer(s, { type: 'notes', text: ' keep the tone ' });
    expect(s.selected).toEqual(['add-summary', 'split-dense-slides']);
    expect(applyImprovementsBody(s)).toEqual({
      ok: true,
      body: {
        assessment_id: 'a1',
        selected_recommendations: ['split-dense-slides', 'add-summary'],
        user_modifications: { 'split-dense-slides': 'at most 5 points' },
        preserve_original: true,
        improvement_notes: 'keep the tone',
      },
    });
  });

  it('a new assessment clears the selections; Back to Setup keeps the setup; reset starts over', () => {
    let s = qualityReducer(initialQualityState(), { type: 'setup', change: { target_audience: 'nurses' } });
    s = qualityReducer(s, { type: 'assessed', assessment });
    s = qualityReducer(s, { type: 'toggle', id: 'add-summary' });
    s = qualityReducer(s, { type: 'modify', id: 'add-summary', text: 'x' });
    const again = qualityReducer(s, { type: 'assessed', assessment: { ...assessment, id: 'a2' } });
    expect(again).toMatchObject({ step: 'results', selected: [], modifications: {}, improvementNotes: '' });
    expect(again.assessment?.id).toBe('a2');
    const back = qualityReducer(s, { type: 'back' });
    expect(back).toMatchObject({ step: 'setup', assessment: null, selected: [], modifications: {} });
    expect(back.setup.target_audience).toBe('nurses');
    expect(qualityReducer(s, { type: 'reset' })).toEqual(initialQualityState());
  });
});

describe('AI calls', () => {
  const bodies: { url: string; method: string; body: unknown }[] = [];
  beforeEach(() => {
    bodies.length = 0;
    globalThis.fetch = jest.fn(async (url: unknown, init?: RequestInit) => {
      bodies.push({ url: String(url), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
  });

  it('posts the generator, quality and AI service requests', async () => {
    const ai = await import('../app/lib/ai.js');
    await ai.createGeneratorProject({ generator_type: 'topic_to_content', request_data: defaultGeneratorDrafts().url_content, project_name: 'P' });
    await ai.assessQuality('p 1', initialQualityState().setup);
    await ai.applyImprovements('p1', { assessment_id: 'a', selected_recommendations: ['r'], user_modifications: {}, preserve_original: true, improvement_notes: '' });
    await ai.runAiAction({ kind: 'initialize', service: 'visual_enhancer' }, 'p1');
    await ai.runAiAction({ kind: 'analyze', analysis: 'readability_check' }, 'p1');
    expect(bodies.map((b) => `${b.method} ${b.url}`)).toEqual([
      'POST /api/ai-content-generator/projects',
      'POST /api/projects/p%201/quality-assessment',
      'POST /api/projects/p1/apply-improvements',
      'POST /api/ai-services/initialize',
      'POST /api/ai-services/analyze',
    ]);
    expect(bodies[1]!.body).toEqual({ desired_atmosphere: 'professional', target_audience: 'professional learners', focus_areas: null, notes: '' });
    expect(bodies[3]!.body).toEqual({ service_type: 'visual_enhancer', project_id: 'p1' });
    expect(bodies[4]!.body).toEqual({ analysis_type: 'readability_check', project_id: 'p1' });
  });

  it('knows a repeated action (Refresh Analysis)', () => {
    expect(sameAiAction({ kind: 'analyze', analysis: 'content_quality' }, { kind: 'analyze', analysis: 'content_quality' })).toBe(true);
    expect(sameAiAction({ kind: 'analyze', analysis: 'content_quality' }, { kind: 'initialize', service: 'quality_optimizer' })).toBe(false);
    expect(sameAiAction(null, { kind: 'initialize', service: 'quality_optimizer' })).toBe(false);
  });
});

describe('insights', () => {
  it('lays out JSON as numbers, text, yes/no, lists and labelled fields', () => {
    expect(
      describeValue({
        avg_sentence_length: 14.5,
        longSlides: ['Intro', '', 'Hazards'],
        passed: false,
        empty: null,
        nested: { wordCount: 1200, notes: [] },
      }),
    ).toEqual({
      kind: 'fields',
      entries: [
        { key: 'avg_sentence_length', label: 'Avg sentence length', node: { kind: 'number', value: 14.5 } },
        {
          key: 'longSlides',
          label: 'Long slides',
          node: { kind: 'list', items: [{ kind: 'text', value: 'Intro' }, { kind: 'text', value: 'Hazards' }] },
        },
        { key: 'passed', label: 'Passed', node: { kind: 'boolean', value: false } },
        { key: 'nested', label: 'Nested', node: { kind: 'fields', entries: [{ key: 'wordCount', label: 'Word count', node: { kind: 'number', value: 1200 } }] } },
      ],
    });
    expect(describeValue({})).toEqual({ kind: 'empty' });
    expect(describeValue(Number.POSITIVE_INFINITY)).toEqual({ kind: 'empty' });
    expect(humanizeKey('engagement_prediction')).toBe('Engagement prediction');
  });
});

describe('generated content', () => {
  it('names the engine', () => {
    expect(engineOf('offline')).toEqual({ kind: 'offline' });
    expect(engineOf('openai:gpt-4o-mini')).toEqual({ kind: 'model', model: 'gpt-4o-mini' });
    expect(engineOf('')).toBeNull();
    expect(engineOf(null)).toBeNull();
  });

  it('keeps the parts that are present and well formed', () => {
    const extras = generatedExtras({
      engine: 'offline',
      summary: '  ',
      notices: ['Made from your document only; no facts were added.', ''],
      objectives: ['Name the exits'],
      questions: [
        {
          id: 'q1',
          type: 'multiple_choice',
          difficulty: 'basic',
          prompt: 'Where?',
          options: [
            { id: 'a', text: 'Here', is_correct: true },
            { id: 'b', text: 'There', is_correct: false },
          ],
          explanation: 'Because.',
          source: '',
        },
        { id: 'q2', type: 'true_false', difficulty: 'basic', prompt: '', options: [], explanation: '', source: '' },
      ],
      glossary: [{ term: 'Egress', definition: 'A way out' }],
      modules: [],
    });
    expect(extras.engine).toEqual({ kind: 'offline' });
    expect(extras.summary).toBe('');
    expect(extras.notices).toEqual(['Made from your document only; no facts were added.']);
    expect(extras.questions.map((q) => q.id)).toEqual(['q1']);
    expect(extras.glossary).toHaveLength(1);
    expect(extras.modules).toEqual([]);
    expect(generatedExtras(null).questions).toEqual([]);
  });
});
