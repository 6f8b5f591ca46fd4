import { type TopicToContentRequest, normalizeGeneratorRequest } from '@trainwright/catalogue';
import { deckToScript, parseSlideText, printScript, printSlideText, type SlideDeck } from '@trainwright/formats';
import { FRAMING, framingVocabulary } from '../../../src/adapters/offline/framing.js';
import type { EngineLanguage } from '../../../src/adapters/offline/stop-words.js';
import { tokenize } from '../../../src/adapters/offline/text-analysis.js';
import { NO_LIBRARY_MATERIAL_NOTICE, OUTLINE_NOTICE, buildTopicOutline } from '../../../src/adapters/offline/topic-outline.js';
import { fillerNoteOpeners } from '../../../src/quality/faults.js';

function topicRequest(data: Record<string, unknown>): TopicToContentRequest {
  const request = normalizeGeneratorRequest('topic_to_content', data, false);
  if (request.generator_type !== 'topic_to_content') throw new Error('unexpected type');
  return request.request_data;
}

const REQUEST = {
  topic: 'Customer complaint handling',
  subtopics: 'Listening to the customer\nLogging the complaint\nEscalation paths',
  learning_objectives: 'Acknowledge a complaint within one working day\nRecord every complaint in the service desk',
  target_audience: 'beginners',
  writing_style: 'conversational',
  company_context: 'We run a chain of twelve garden centres.',
  brand_voice: 'Warm and direct',
};

/** Every content word of the deck: titles, points, text, notes and trainer notes. */
function contentWords(deck: SlideDeck, language: EngineLanguage): string[] {
  const texts = [deck.title, ...deck.slides.flatMap((s) => [s.title, ...s.points, ...s.paragraphs, s.notes, s.trainerNotes ?? ''])];
  return texts.flatMap((t) => tokenize(t, language).filter((w) => !w.stop && /\p{L}/u.test(w.text)).map((w) => w.lower));
}

function requestWords(request: TopicToContentRequest, title: string, language: EngineLanguage): Set<string> {
  const own = [title, request.topic, ...request.subtopics, ...request.learning_objectives, request.company_context, request.brand_voice];
  return new Set(own.flatMap((t) => tokenize(t, language).map((w) => w.lower)));
}

describe('buildTopicOutline', () => {
  it('should build the outline only from the request’s words and fixed framing', () => {
    for (const length of ['short', 'medium', 'long', 'extended']) {
      for (const format of ['slides', 'handbook', 'script', 'lesson_plan']) {
        const request = topicRequest({ ...REQUEST, length, format });
        const outline = buildTopicOutline(request, { title: 'Complaints 101', language: 'en' });
        const allowed = requestWords(request, 'Complaints 101', 'en');
        const vocabulary = framingVocabulary('en');
        const foreign = contentWords(outline.deck, 'en').filter((w) => !allowed.has(w) && !vocabulary.has(w));
        expect(foreign).toEqual([]);
      }
    }
  });

  it('should catch a word that is neither request nor framing', () => {
    const outline = buildTopicOutline(topicRequest(REQUEST), { title: 'Complaints 101', language: 'en' });
    const tampered: SlideDeck = { ...outline.deck, slides: [...outline.deck.slides, { title: 'Refunds', points: ['Refund within 14 days'], paragraphs: [], notes: '' }] };
    const allowed = requestWords(topicRequest(REQUEST), 'Complaints 101', 'en');
    const foreign = contentWords(tampered, 'en').filter((w) => !allowed.has(w) && !framingVocabulary('en').has(w));
    expect(foreign).toEqual(expect.arrayContaining(['refunds', 'refund']));
  });

  it('should give every subtopic its slide, prompts for examples and a knowledge check of the objectives', () => {
    const request = topicRequest({ ...REQUEST, length: 'medium' });
    const { deck, objectives, notices } = buildTopicOutline(request, { title: 'Complaints 101', language: 'en' });
    const titles = deck.slides.map((s) => s.title);
    for (const sub of request.subtopics) {
      expect(titles).toContain(sub);
      expect(deck.slides.some((s) => s.points.includes(`Add an example from your team: ${sub}`))).toBe(true);
    }
    expect(objectives).toEqual(request.learning_objectives);
    const check = deck.slides.find((s) => s.title === FRAMING.en.knowledgeCheck)!;
    expect(check.points).toEqual(request.learning_objectives.map((o) => `Check: ${o}`));
    // No section opener ('Let's look at ...', 'This section covers ...') in any style: the bar's check.
    for (const writing_style of ['professional', 'conversational', 'humorous', 'formal', 'casual', 'motivational', 'technical', 'storytelling']) {
      const styled = buildTopicOutline(topicRequest({ ...REQUEST, length: 'medium', writing_style }), { title: 'Complaints 101', language: 'en' });
      expect({ writing_style, filler: fillerNoteOpeners(styled.deck) }).toEqual({ writing_style, filler: [] });
    }
    expect(deck.slides.some((s) => s.trainerNotes?.includes('For beginners: define each term before you use it.'))).toBe(true);
    expect(notices).toEqual([NO_LIBRARY_MATERIAL_NOTICE, OUTLINE_NOTICE]);
    expect(NO_LIBRARY_MATERIAL_NOTICE).toBe('No material about this topic in your library yet: add documents, or connect an AI model');
    // A trainer who chose not to use the library is not told it holds nothing.
    expect(buildTopicOutline(topicRequest({ ...REQUEST, use_library: false }), { title: 'Complaints 101', language: 'en' }).notices).toEqual([OUTLINE_NOTICE]);
    expect(OUTLINE_NOTICE).toMatch(/offline engine built an outline .* added no facts/);
    expect(OUTLINE_NOTICE).toMatch(/upload your own material .* or configure an AI model/);
  });

  it('should follow the options: no examples, no check, objectives instead of subtopics', () => {
    const request = topicRequest({ ...REQUEST, subtopics: '', include_examples: false, include_assessments: false, include_visuals: false, length: 'long' });
    const { deck } = buildTopicOutline(request, { title: '', language: 'en' });
    expect(deck.title).toBe(REQUEST.topic);
    for (const o of request.learning_objectives) expect(deck.slides.map((s) => s.title)).toContain(o);
    const text = printSlideText(deck);
    expect(text).not.toContain('Add an example from your team');
    expect(text).not.toContain('Add a photo, diagram or screenshot');
    expect(deck.slides.some((s) => s.title === FRAMING.en.knowledgeCheck)).toBe(false);
    expect(deck.slides.some((s) => s.title.startsWith('Practice: '))).toBe(true);
  });

  it('should frame a topic alone by the complexity level, and grow with the length', () => {
    const short = buildTopicOutline(topicRequest({ topic: 'Forklift safety', length: 'short', complexity_level: 'basic' }), { title: '', language: 'en' });
    const extended = buildTopicOutline(topicRequest({ topic: 'Forklift safety', length: 'extended', complexity_level: 'basic' }), { title: '', language: 'en' });
    expect(short.deck.slides.map((s) => s.title)).toEqual(expect.arrayContaining(['Foundations of Forklift safety', 'Key terms of Forklift safety']));
    expect(short.objectives[0]).toBe('Identify the key terms of Forklift safety');
    expect(extended.deck.slides.length).toBeGreaterThan(short.deck.slides.length);
  });

  it('should write its framing in the project’s language and round-trip through the slide text format', () => {
    const request = topicRequest({ ...REQUEST, topic: 'Atención de reclamaciones', subtopics: 'Escuchar al cliente\nRegistrar la reclamación', learning_objectives: '' });
    const { deck } = buildTopicOutline(request, { title: '', language: 'es' });
    expect(deck.slides.some((s) => s.points.includes('Añada un ejemplo de su equipo: Escuchar al cliente'))).toBe(true);
    const allowed = requestWords(request, '', 'es');
    expect(contentWords(deck, 'es').filter((w) => !allowed.has(w) && !framingVocabulary('es').has(w))).toEqual([]);
    expect(parseSlideText(printSlideText(deck))).toEqual(deck);
  });

  it('should put its prompts to the trainer in trainer notes and nowhere in learner text (issue 23, point 6)', () => {
    for (const format of ['slides', 'script', 'lesson_plan', 'handbook']) {
      const request = topicRequest({ ...REQUEST, length: 'medium', format });
      const { deck } = buildTopicOutline(request, { title: 'Complaints 101', language: 'en' });
      const prompt = 'Trainer prompt: present Listening to the customer in your own words. This outline holds no facts yet.';
      expect(deck.slides.find((s) => s.title === 'Listening to the customer')!.trainerNotes).toContain(prompt);
      const learner = JSON.stringify(deck.slides.map(({ trainerNotes: _t, ...s }) => s));
      const script = printScript(deckToScript(deck));
      for (const trainerOnly of ['Trainer prompt', 'For beginners:', 'Company context:', 'Brand voice:', 'Time: about']) {
        expect({ format, trainerOnly, inLearnerText: learner.includes(trainerOnly) || script.includes(trainerOnly) }).toEqual({ format, trainerOnly, inLearnerText: false });
      }
      if (format === 'lesson_plan') expect(deck.slides.some((s) => /^Time: about \d+ min\./m.test(s.trainerNotes ?? ''))).toBe(true);
      expect(parseSlideText(printSlideText(deck))).toEqual(deck);
    }
  });

  it('should state each objective once: on the objectives slide, in the check and in the result (issue 27)', () => {
    for (const complexity_level of ['basic', 'intermediate', 'advanced', 'mixed']) {
      for (const extra of [{}, { learning_objectives: 'Report a fire\nreport a fire' }, { subtopics: 'Alarms\nAlarms\nExits' }]) {
        const { deck, objectives } = buildTopicOutline(topicRequest({ topic: 'Fire safety for warehouse staff', complexity_level, length: 'long', ...extra }), { title: '', language: 'en' });
        const lower = objectives.map((o) => o.toLowerCase());
        expect({ complexity_level, extra, objectives }).toEqual({ complexity_level, extra, objectives: objectives.filter((o, i) => lower.indexOf(o.toLowerCase()) === i) });
        const objectivesSlide = deck.slides.find((s) => s.title === FRAMING.en.objectivesTitle.plain)!;
        expect(objectivesSlide.points).toHaveLength(objectives.length);
        const check = deck.slides.find((s) => s.title === FRAMING.en.knowledgeCheck);
        if (check) expect(new Set(check.points).size).toBe(check.points.length);
        const titles = deck.slides.map((s) => s.title);
        expect(new Set(titles).size).toBe(titles.length);
      }
    }
  });
});
