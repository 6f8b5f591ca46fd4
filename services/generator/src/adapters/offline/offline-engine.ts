// The embedded offline engine: structures, summarises and questions the user's own material with
// the modules of this folder, and works from the request alone (an outline, a learning path) when
// there is no material. It never adds facts, and every result says which engine made it.
import { type Audience, type ComplexityLevel, type ContentLength, type GeneratorRequest, type OutputFormat, type WritingStyle, GENERATION_FAILURES, catalogueMessage } from '@trainwright/catalogue';
import { deckToScript, detectTextFormat, parseSlideText, scriptTextToDeck, type GeneratedQuestion, type Slide, type SlideDeck } from '@trainwright/formats';
import { deckToSource } from '../../domain/source.js';
import {
  type GenerationInput,
  type GenerationResult,
  type GeneratorEngine,
  type ProgressReporter,
  type SourceDocument,
  GenerationError,
} from '../../domain/types.js';
import { stripAiPhrases } from './ai-phrases.js';
import { FRAMING, fill } from './framing.js';
import { buildGlossary } from './glossary.js';
import { buildLearningPath } from './learning-path.js';
import { objectivesFromMaterial } from './objectives.js';
import { sourceToDeck, textToSource } from './plain-text.js';
import { QuestionBuilder, type QuestionOptions } from './questions.js';
import { refreshSource } from './refresh.js';
import { assembleDeck, planDeck, sectionSlides } from './segment.js';
import { softwareMaterial } from './software.js';
import { isEngineLanguage, type EngineLanguage } from './stop-words.js';
import { extractiveSummary, summaryWordLimit } from './summary.js';
import { type Analysis, analyseSource, detectLanguage } from './text-analysis.js';
import { withTopicSections } from './topics.js';
import { buildTopicOutline } from './topic-outline.js';

export const OFFLINE_ENGINE_NAME = 'offline';
export const ENGINE_NOTICE =
  'Made by the offline engine (no AI model): it structures, summarises and questions your own material and adds no facts.';

/** Said of Spanish and French material: compromise reads English only (docs/generator.md, "Language processing"). */
export function ruleBasedLanguageNotice(language: EngineLanguage): string | null {
  const name = ({ es: 'Spanish', fr: 'French' } as Partial<Record<EngineLanguage, string>>)[language];
  return name
    ? `This material is in ${name}: the offline engine's phrase analysis covers English only, so its objectives, section titles and questions come from simpler rules. Review them before use.`
    : null;
}

export const AI_INSTRUCTIONS_NOTICE =
  'Your instructions to the AI were not applied: the offline engine does not interpret free text. Configure an AI model to use them.';

/** The knowledge check that comes with material-based content when no assessment was asked for. */
export const KNOWLEDGE_CHECK: Omit<QuestionOptions, 'language'> = {
  count: 5,
  types: ['multiple_choice', 'true_false'],
  difficulty: 'intermediate',
  includeExplanations: true,
};
const QUESTIONS_PER_REPORT = 5;

type Report = (percent: number, stage: string) => Promise<void>;

/** Forwards whole percentages that move forward, so a job's progress never goes back. */
function forwardOnly(progress: ProgressReporter): Report {
  let last = -1;
  return async (percent, stage) => {
    const p = Math.min(100, Math.max(0, Math.round(percent)));
    if (p <= last) return;
    last = p;
    await progress(p, stage);
  };
}

/** The Bloom level objectives aim at when the request gives an audience rather than a level. */
function levelForAudience(audience: Audience): ComplexityLevel {
  if (audience === 'beginners' || audience === 'students') return 'basic';
  if (audience === 'advanced' || audience === 'technical' || audience === 'executives') return 'advanced';
  return 'intermediate';
}

interface MaterialJob {
  source: SourceDocument;
  title: string;
  format: OutputFormat;
  length: ContentLength | null;
  style: WritingStyle;
  audience: Audience;
  includeTables: boolean;
  focus: string;
  level: ComplexityLevel;
  /** The user's own objectives; derived from the material when empty. */
  objectives: string[];
  glossary: boolean;
  questions: Omit<QuestionOptions, 'language'> | null;
  /** 'material': built from the material; 'questions': presents the questions (assessment
   *  generator); a deck: the input's own (a script's scenes, uploaded slides), kept as it is. */
  deck: 'material' | 'questions' | SlideDeck;
  extraSlides?: Map<number, Slide[]>;
  notices: string[];
}

const MATERIAL_DEFAULTS: Omit<MaterialJob, 'source' | 'title'> = {
  format: 'slides',
  length: null,
  style: 'professional',
  audience: 'general',
  includeTables: true,
  focus: '',
  level: 'intermediate',
  objectives: [],
  glossary: true,
  questions: KNOWLEDGE_CHECK,
  deck: 'material',
  notices: [],
};

function analyse(source: SourceDocument, focus = ''): Analysis {
  const language = detectLanguage(source.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...s.bullets]).join('\n'));
  const analysis = analyseSource(withTopicSections(source, language), { focus, language });
  if (analysis.units.length === 0) {
    throw new GenerationError(catalogueMessage(GENERATION_FAILURES, 'noUsableText'));
  }
  return analysis;
}

/** One slide per question (the cover carries the title). */
function questionDeck(title: string, questions: GeneratedQuestion[], language: EngineLanguage): SlideDeck {
  const framing = FRAMING[language];
  const slides: Slide[] = [];
  questions.forEach((q, i) => {
    const correct = q.options.find((o) => o.is_correct)!;
    slides.push({
      title: fill(framing.questionTitle, { n: i + 1 }),
      points: q.options.map((o) => o.text),
      paragraphs: [q.prompt],
      notes: [fill(framing.answer, { x: correct.text }), q.explanation].filter(Boolean).join('\n\n'),
    });
  });
  return { title, slides };
}

async function fromMaterial(job: MaterialJob, report: Report): Promise<GenerationResult> {
  await report(5, 'analyzing');
  const analysis = analyse(job.source, job.focus);
  await report(15, 'analyzing');
  const objectives = job.objectives.length > 0 ? job.objectives : objectivesFromMaterial(analysis, job.level);
  const summary = extractiveSummary(analysis, summaryWordLimit(job.length, analysis.words));
  const glossary = job.glossary ? buildGlossary(analysis) : [];
  await report(20, 'generating_content');

  const questionShare = job.questions ? (job.deck === 'material' ? 30 : 75) : 0;
  const deckEnd = 95 - questionShare;
  let materialDeck: SlideDeck | null = null;
  if (job.deck === 'material') {
    const plan = planDeck(analysis, {
      title: job.title,
      format: job.format,
      length: job.length,
      style: job.style,
      audience: job.audience,
      includeTables: job.includeTables,
      objectives,
    });
    const parts: Slide[][] = [job.extraSlides?.get(-1) ?? []];
    for (const section of analysis.sections) {
      parts.push([...sectionSlides(plan, section), ...(job.extraSlides?.get(section.index) ?? [])]);
      await report(20 + ((section.index + 1) / analysis.sections.length) * (deckEnd - 20), 'creating_slides');
    }
    materialDeck = assembleDeck(plan, parts);
  }

  const languageNotice = ruleBasedLanguageNotice(analysis.language);
  const notices = [ENGINE_NOTICE, ...(languageNotice ? [languageNotice] : []), ...job.notices];
  const questions: GeneratedQuestion[] = [];
  if (job.questions) {
    const builder = new QuestionBuilder(analysis, job.questions);
    for (let q = builder.next(); q; q = builder.next()) {
      questions.push(q);
      if (questions.length % QUESTIONS_PER_REPORT === 0) await report(deckEnd + (questions.length / job.questions.count) * questionShare, 'generating_content');
    }
    const shortfall = builder.shortfall();
    // An assessment's slides are its questions: without any there is nothing to present.
    if (job.deck === 'questions' && questions.length === 0) throw new GenerationError(shortfall ?? catalogueMessage(GENERATION_FAILURES, 'noQuestions'));
    if (shortfall) notices.push(shortfall);
  }
  const deck = typeof job.deck === 'object' ? job.deck : (materialDeck ?? questionDeck(job.title, questions, analysis.language));
  return {
    engine: OFFLINE_ENGINE_NAME,
    title: job.title,
    summary,
    objectives,
    deck,
    questions,
    glossary,
    modules: [],
    notices,
  };
}

/**
 * Stock AI phrases out of every text of a result whose words are all framing or request text (the
 * outline, a learning path without material). Ids, types and levels are data and stay as they are.
 */
function withoutAiPhrases(result: GenerationResult): GenerationResult {
  const clean = stripAiPhrases;
  const all = (texts: string[]) => texts.map(clean);
  return {
    ...result,
    title: clean(result.title),
    summary: clean(result.summary),
    objectives: all(result.objectives),
    deck: {
      title: clean(result.deck.title),
      slides: result.deck.slides.map((s) => ({
        title: clean(s.title),
        points: all(s.points),
        paragraphs: all(s.paragraphs),
        notes: clean(s.notes),
        ...(s.trainerNotes ? { trainerNotes: clean(s.trainerNotes) } : {}),
      })),
    },
    modules: result.modules.map((m) => ({ ...m, title: clean(m.title), objectives: all(m.objectives), topics: all(m.topics), prerequisites: all(m.prerequisites), practice: clean(m.practice) })),
    notices: all(result.notices),
  };
}

function requireSource(source: SourceDocument | null, what: string): SourceDocument {
  if (!source) throw new GenerationError(`The offline engine needs ${what} for this method, and none was provided.`);
  return source;
}

export class OfflineEngine implements GeneratorEngine {
  readonly name = OFFLINE_ENGINE_NAME;

  async generate(input: GenerationInput, progress: ProgressReporter): Promise<GenerationResult> {
    const report = forwardOnly(progress);
    await report(0, 'analyzing');
    const result = await this.run(input, report);
    await report(100, 'completed');
    if (!input.aiInstructions.trim()) return result;
    return { ...result, notices: [...result.notices, AI_INSTRUCTIONS_NOTICE] };
  }

  private language(input: GenerationInput): EngineLanguage {
    return isEngineLanguage(input.language) ? input.language : 'en';
  }

  private async run(input: GenerationInput, report: Report): Promise<GenerationResult> {
    const { task } = input;
    switch (task.kind) {
      case 'generator':
        return this.generator(input, task.request, task.source, report);
      case 'script_to_slides':
        return this.scriptToSlides(input, task.source, task.scriptText, report);
      case 'slides_to_script':
        return this.slidesToScript(input, task.source, task.slidesText, report);
      case 'software_analysis': {
        if (!task.softwareDetails.trim()) throw new GenerationError(catalogueMessage(GENERATION_FAILURES, 'softwareDetailsRequired'));
        const title = this.title(input, '');
        const material = softwareMaterial(task.softwareDetails, task.softwareList, title);
        const notices = material.undocumented.length > 0 ? [`The details say nothing about ${material.undocumented.join(', ')}: their slides ask the trainer to add the tasks.`] : [];
        return fromMaterial({ ...MATERIAL_DEFAULTS, source: material.source, title, extraSlides: material.extraSlides, notices }, report);
      }
    }
  }

  private title(input: GenerationInput, fallback: string): string {
    return input.title.trim() || fallback.trim() || 'Training';
  }

  private async generator(input: GenerationInput, request: GeneratorRequest, source: SourceDocument | null, report: Report): Promise<GenerationResult> {
    switch (request.generator_type) {
      case 'topic_to_content': {
        const r = request.request_data;
        // With material the words are the user's own (quoted verbatim) plus framing that holds no
        // stock phrases, so exclude_ai_phrases has nothing to remove there.
        if (source) {
          return fromMaterial(
            {
              ...MATERIAL_DEFAULTS,
              source,
              title: this.title(input, r.topic),
              format: r.format,
              length: r.length,
              style: r.writing_style,
              audience: r.target_audience,
              focus: [r.topic, ...r.subtopics].join(' '),
              level: r.complexity_level,
              objectives: r.learning_objectives,
            },
            report,
          );
        }
        await report(30, 'generating_content');
        const outline = buildTopicOutline(r, { title: this.title(input, r.topic), language: this.language(input) });
        await report(90, 'creating_slides');
        const result: GenerationResult = {
          engine: OFFLINE_ENGINE_NAME,
          title: outline.deck.title,
          summary: outline.summary,
          objectives: outline.objectives,
          deck: outline.deck,
          questions: [],
          glossary: [],
          modules: [],
          notices: [ENGINE_NOTICE, ...outline.notices],
        };
        return r.exclude_ai_phrases ? withoutAiPhrases(result) : result;
      }
      case 'url_content': {
        const r = request.request_data;
        const page = requireSource(source, 'the fetched web page');
        return fromMaterial(
          {
            ...MATERIAL_DEFAULTS,
            source: page,
            title: this.title(input, page.title),
            format: r.transform_to,
            length: r.target_length,
            style: r.writing_style,
            audience: r.target_audience,
            focus: r.content_focus,
            level: levelForAudience(r.target_audience),
            notices: [`Source: ${page.origin}`],
          },
          report,
        );
      }
      case 'document_analysis': {
        const r = request.request_data;
        const doc = requireSource(source, 'the uploaded document');
        const notices = r.extract_images ? ['Images are not analysed by the offline engine: the result uses the document’s text and tables.'] : [];
        return fromMaterial(
          {
            ...MATERIAL_DEFAULTS,
            source: doc,
            title: this.title(input, doc.title),
            format: r.analysis_output,
            focus: r.analysis_focus,
            includeTables: r.extract_tables,
            glossary: r.create_glossary,
            notices,
          },
          report,
        );
      }
      case 'assessment_generator': {
        const r = request.request_data;
        const material = source ?? textToSource(r.content_source, input.title);
        return fromMaterial(
          {
            ...MATERIAL_DEFAULTS,
            source: material,
            title: this.title(input, material.title),
            level: r.difficulty_level,
            questions: { count: r.question_count, types: r.assessment_types, difficulty: r.difficulty_level, includeExplanations: r.include_explanations },
            deck: 'questions',
          },
          report,
        );
      }
      case 'content_refresh': {
        const r = request.request_data;
        const original = source ?? textToSource(r.existing_content, input.title);
        const refreshed = refreshSource(original, analyse(original), {
          modernizeLanguage: r.modernize_language,
          improveEngagement: r.improve_engagement,
          maintainCoreConcepts: r.maintain_core_concepts,
          updateExamples: r.update_examples,
          industryUpdates: r.industry_updates,
          contentAge: r.content_age,
        });
        return fromMaterial({ ...MATERIAL_DEFAULTS, source: refreshed.source, title: this.title(input, refreshed.source.title), notices: refreshed.notices }, report);
      }
      case 'learning_path': {
        const r = request.request_data;
        const analysis = source ? analyse(source) : null;
        await report(20, 'generating_content');
        const path = buildLearningPath(r, { title: input.title.trim(), language: this.language(input), analysis });
        await report(50, 'creating_slides');
        const notices = [ENGINE_NOTICE, ...path.notices];
        const questions: GeneratedQuestion[] = [];
        if (analysis && r.include_assessments) {
          const count = Math.min(20, r.module_count * 2);
          const builder = new QuestionBuilder(analysis, { ...KNOWLEDGE_CHECK, count });
          for (let q = builder.next(); q; q = builder.next()) {
            questions.push(q);
            if (questions.length % QUESTIONS_PER_REPORT === 0) await report(50 + (questions.length / count) * 45, 'generating_content');
          }
          const shortfall = builder.shortfall();
          if (shortfall) notices.push(shortfall);
        }
        const result: GenerationResult = {
          engine: OFFLINE_ENGINE_NAME,
          title: path.deck.title,
          summary: analysis ? extractiveSummary(analysis, summaryWordLimit(null, analysis.words)) : path.overview,
          objectives: path.objectives,
          deck: path.deck,
          questions,
          glossary: analysis ? buildGlossary(analysis) : [],
          modules: path.modules,
          notices,
        };
        // Without material every word is framing or request text, so it can be cleaned safely.
        return analysis ? result : withoutAiPhrases(result);
      }
    }
  }

  private async scriptToSlides(input: GenerationInput, source: SourceDocument, scriptText: string, report: Report): Promise<GenerationResult> {
    const text = scriptText.trim() ? scriptText : source.sections.flatMap((s) => [...s.paragraphs, ...s.bullets]).join('\n\n');
    // Text with the structure of neither format is not a script: it is segmented like a document.
    if (detectTextFormat(text) === null) {
      const title = this.title(input, source.title);
      return fromMaterial({ ...MATERIAL_DEFAULTS, source: scriptText.trim() ? textToSource(scriptText, title) : source, title }, report);
    }
    // A script's scenes, or the slides of a script written in the slide text format (its notes
    // stay notes), are the slides: the deck is the script's own, not one rebuilt from the analysis.
    const written = scriptTextToDeck(text, this.title(input, source.title));
    const title = this.title(input, written.title);
    const deck = { ...written, title };
    return fromMaterial({ ...MATERIAL_DEFAULTS, source: deckToSource(deck, 'script'), title, deck }, report);
  }

  private async slidesToScript(input: GenerationInput, source: SourceDocument, slidesText: string, report: Report): Promise<GenerationResult> {
    const parsed = slidesText.trim() ? parseSlideText(slidesText) : sourceToDeck(source);
    if (parsed.slides.length === 0) throw new GenerationError(catalogueMessage(GENERATION_FAILURES, 'noSlidesToNarrate'));
    const title = this.title(input, parsed.title || source.title);
    // Slides keep their own notes; the others are narrated from their points and text, as deckToScript reads them.
    const narration: string[][] = [];
    for (const block of deckToScript(parsed).blocks) {
      if (block.kind === 'scene') narration.push([]);
      else if (block.kind === 'line') narration[narration.length - 1]!.push(block.text);
    }
    const deck: SlideDeck = {
      title,
      slides: parsed.slides.map((s, i) => ({ ...s, notes: s.notes.trim() ? s.notes : narration[i]!.join('\n\n') })),
    };
    return fromMaterial({ ...MATERIAL_DEFAULTS, source: deckToSource(deck, 'slides'), title, deck }, report);
  }
}
