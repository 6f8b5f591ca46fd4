// The fixed set of source documents and the six generator methods the content bench (and the
// generator's content-quality tests) run through the real offline engine, and the learner-facing
// texts of a result that the checks read and the report prints side by side. The sources and how
// each kind is read are services/generator/test/fixtures/sources/index.mjs, shared with jest.
import { normalizeGeneratorRequest } from '@trainwright/catalogue';
import { parseSlideText } from '@trainwright/formats';

const GENERATOR = import.meta.resolve('@trainwright/generator'); // .../services/generator/dist/src/index.js
const ingest = await import(new URL('./ingest/index.js', GENERATOR));
const { htmlToSource } = await import(new URL('./ingest/url.js', GENERATOR));
const { OfflineEngine } = await import(new URL('./adapters/offline/offline-engine.js', GENERATOR));
export const quality = await import(new URL('./quality/index.js', GENERATOR));
export const { citationFaults } = await import(new URL('./quality/bar.js', GENERATOR));
const { passagesOf } = await import(new URL('./services/library/passages.js', GENERATOR));
const { librarySource } = await import(new URL('./services/library/library-source.js', GENERATOR));
const { groundedResult } = await import(new URL('./services/library/grounded-result.js', GENERATOR));
const { indexPassages, supportingPassage } = await import(new URL('./services/library/citations.js', GENERATOR));
const { slideRoles } = await import(new URL('./quality/text.js', GENERATOR));
const sources = await import(new URL('../../../services/generator/test/fixtures/sources/index.mjs', import.meta.url));

export const SOURCES = sources.SOURCES;

/** {document, text} of a source: the document its kind's ingest path makes, the text the checks read. */
export function loadSource(name) {
  return sources.loadSource(name, { documentFromText: ingest.documentFromText, extractDocument: ingest.extractDocument, htmlToSource, parseSlideText });
}

/**
 * The six methods of the catalogue, each with the request a trainer would send for this source:
 * text kinds are pasted for an assessment or a refresh, a deck or a page is the uploaded source.
 */
export async function methodTasks(name) {
  const { document, text } = await loadSource(name);
  const { topic, kind } = SOURCES[name];
  const pasted = kind !== 'deck' && kind !== 'web';
  const task = (type, data, withSource) => ({ kind: 'generator', request: normalizeGeneratorRequest(type, data, withSource), source: withSource ? document : null });
  return {
    topic_to_content: task('topic_to_content', { topic }, true),
    url_content: task('url_content', { url: 'https://intranet.example.com/training' }, true),
    document_analysis: task('document_analysis', {}, true),
    assessment_generator: task('assessment_generator', { ...(pasted ? { content_source: text } : {}), question_count: 10, assessment_types: ['multiple_choice', 'true_false', 'scenario'] }, !pasted),
    content_refresh: task('content_refresh', pasted ? { existing_content: text } : {}, !pasted),
    learning_path: task('learning_path', { main_topic: topic, include_assessments: true }, true),
  };
}

/**
 * 'Topic from library': the source kept in the company library as the project service keeps it
 * (passagesOf, 120 words a passage, document 'library-<source>' under the source's title), and a
 * topic (that title) built from its passages as production builds it (generation-task.ts: the
 * passages as the source, then grounded-result.ts: citations and 'Source: <title>.' notes).
 * Sources without a title of their own (the prose, the transcript) take the bench's topic.
 */
export async function libraryTask(name) {
  const { document } = await loadSource(name);
  const title = document.title.trim() || SOURCES[name].topic;
  const documentId = `library-${name}`;
  const passages = passagesOf(document, { maxWords: 120, maxPassages: 2000 }).map((p, i) => ({ id: `${documentId}-p${i}`, documentId, documentTitle: title, heading: p.heading, text: p.text, position: i }));
  return { task: { kind: 'generator', request: normalizeGeneratorRequest('topic_to_content', { topic: title }, false), source: librarySource(passages, title), library: { passages } }, passages };
}

/** A topic result grounded in its passages, as production returns it. */
export async function generateFromLibrary(name) {
  const { task, passages } = await libraryTask(name);
  return { result: groundedResult(await generate(task), passages, 'en'), passages };
}

/** Points (and paragraphs) of the slides but the objectives slide, and how many of them a passage supports. */
export function pointsCited(result, passages) {
  const indexed = indexPassages(passages);
  const roles = slideRoles(result.deck);
  const texts = result.deck.slides.filter((_, i) => roles[i] !== 'objectives').flatMap((s) => [...s.points, ...s.paragraphs]);
  return { cited: texts.filter((t) => supportingPassage(t, indexed) !== null).length, points: texts.length };
}

export async function generate(task, title = '') {
  return new OfflineEngine().generate({ task, title, description: '', aiInstructions: '', language: 'en' }, () => {});
}

/** What a trainer reads: objectives, summary, summary slide, slide titles, questions with the key. */
export function learnerView(result) {
  const slides = result.deck.slides;
  const summarySlide = slides.filter((s) => /^(Summary|Key takeaways|Resumen|Ideas clave|Résumé|À retenir)( \(\d+\))?$/.test(s.title)).flatMap((s) => s.points);
  return {
    objectives: result.objectives,
    summary: result.summary,
    summarySlide,
    titles: slides.map((s) => s.title),
    notes: slides.map((s) => s.notes).filter(Boolean),
    questions: result.questions.map((q) => ({
      type: q.type,
      prompt: q.prompt,
      options: q.options.map((o) => (o.is_correct ? `*${o.text}` : o.text)),
      source: q.source,
    })),
  };
}
