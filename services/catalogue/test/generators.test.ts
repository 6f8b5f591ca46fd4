import {
  GENERATOR_MESSAGES,
  GeneratorRequestError,
  generatorMethodMessage,
  normalizeGeneratorRequest,
  qualityBand,
  qualityGrade,
} from '../src/index.js';

function refusal(fn: () => unknown): { field: string; message: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof GeneratorRequestError) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('normalizeGeneratorRequest', () => {
  it('should fill the defaults and split subtopics and objectives one per line, dropping blank lines', () => {
    const r = normalizeGeneratorRequest('topic_to_content', { topic: ' Fire safety ', subtopics: 'Alarms\n\n  Exits \n', learning_objectives: ['Find the exits', ''] }, false);
    expect(r).toEqual({
      generator_type: 'topic_to_content',
      request_data: expect.objectContaining({
        topic: 'Fire safety',
        subtopics: ['Alarms', 'Exits'],
        learning_objectives: ['Find the exits'],
        length: 'medium',
        format: 'slides',
        writing_style: 'professional',
        target_audience: 'general',
        include_assessments: true,
        exclude_ai_phrases: true,
      }),
    });
  });

  it("should refuse each method's missing input with the specification's message", () => {
    expect(refusal(() => normalizeGeneratorRequest('topic_to_content', {}, false))).toEqual({ field: 'request_data.topic', message: GENERATOR_MESSAGES.topicRequired });
    expect(refusal(() => normalizeGeneratorRequest('url_content', { url: 'ftp://x' }, false)).message).toBe(GENERATOR_MESSAGES.urlInvalid);
    expect(refusal(() => normalizeGeneratorRequest('learning_path', {}, false)).message).toBe(GENERATOR_MESSAGES.mainTopicRequired);
    expect(refusal(() => normalizeGeneratorRequest('document_analysis', {}, false))).toEqual({ field: 'file', message: 'Please upload a document file for analysis.' });
    expect(refusal(() => normalizeGeneratorRequest('assessment_generator', {}, false)).message).toBe(
      'Please provide content source (upload file or paste text) for assessment generation.',
    );
    expect(refusal(() => normalizeGeneratorRequest('content_refresh', { existing_content: '   ' }, false)).message).toBe(
      'Please provide existing content (upload file or paste text) for refresh.',
    );
  });

  it('should accept a file instead of pasted text', () => {
    expect(normalizeGeneratorRequest('assessment_generator', { question_count: '20' }, true).request_data).toMatchObject({ question_count: 20, content_source: '' });
    expect(normalizeGeneratorRequest('content_refresh', {}, true).generator_type).toBe('content_refresh');
  });

  it('should refuse unknown fields, values outside the option lists and a target below the start', () => {
    expect(refusal(() => normalizeGeneratorRequest('url_content', { url: 'https://a.example', colour: 'red' }, false)).field).toBe('request_data.colour');
    expect(refusal(() => normalizeGeneratorRequest('assessment_generator', { content_source: 'x', question_count: 7 }, false)).message).toBe(
      'question_count must be one of 5, 10, 15, 20',
    );
    expect(refusal(() => normalizeGeneratorRequest('learning_path', { main_topic: 'x', skill_level_start: 'advanced', skill_level_target: 'intermediate' }, false)).field).toBe(
      'request_data.skill_level_target',
    );
  });

  it('should add scenario questions when scenario_based is set', () => {
    const r = normalizeGeneratorRequest('assessment_generator', { content_source: 'x', assessment_types: ['true_false'], scenario_based: true }, false);
    expect(r.request_data).toMatchObject({ assessment_types: ['true_false', 'scenario'] });
  });

  it('should name the lowest plan that has a method', () => {
    expect(generatorMethodMessage('url_content')).toBe('URL extraction requires the Professional plan or higher.');
    expect(generatorMethodMessage('content_refresh')).toBe('Content modernizer requires the Business plan or higher.');
    expect(generatorMethodMessage('learning_path')).toBe('Learning path architect requires the Enterprise plan or higher.');
  });
});

describe('quality bands and grades', () => {
  it.each([
    [100, 'green', 'A'],
    [90, 'green', 'A'],
    [89, 'blue', 'B'],
    [80, 'blue', 'B'],
    [79, 'yellow', 'C'],
    [70, 'yellow', 'C'],
    [69, 'orange', 'D'],
    [60, 'orange', 'D'],
    [59, 'red', 'F'],
    [0, 'red', 'F'],
  ])('should band %i as %s (%s)', (score, band, grade) => {
    expect(qualityBand(score)).toBe(band);
    expect(qualityGrade(score)).toBe(grade);
  });
});
