// The fixed set of source documents and the six generator methods the content bench (and the
// generator's content-quality tests) run through the real offline engine, and the learner-facing
// texts of a result that the checks read and the report prints side by side.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { normalizeGeneratorRequest } from '@trainwright/catalogue';

const GENERATOR = import.meta.resolve('@trainwright/generator'); // .../services/generator/dist/src/index.js
const { documentFromText } = await import(new URL('./ingest/index.js', GENERATOR));
const { OfflineEngine } = await import(new URL('./adapters/offline/offline-engine.js', GENERATOR));
export const quality = await import(new URL('./quality/index.js', GENERATOR));

const SOURCES_DIR = fileURLToPath(new URL('../../../services/generator/test/fixtures/sources/', import.meta.url));

/** name -> [file, topic] */
export const SOURCES = {
  forklift: ['forklift-safety.txt', 'Forklift safety'],
  software: ['software-howto.txt', 'Expense reports in the finance app'],
  hr: ['hr-leave-policy.txt', 'Leave policy'],
  sales: ['sales-playbook.txt', 'Discovery calls'],
};

export function sourceText(name) {
  return readFileSync(`${SOURCES_DIR}${SOURCES[name][0]}`, 'utf8');
}

/** The six methods of the catalogue, each with the request a trainer would send for this source. */
export function methodTasks(name) {
  const text = sourceText(name);
  const topic = SOURCES[name][1];
  const source = documentFromText(text, '');
  const task = (type, data, withSource) => ({ kind: 'generator', request: normalizeGeneratorRequest(type, data, withSource), source: withSource ? source : null });
  return {
    topic_to_content: task('topic_to_content', { topic }, true),
    url_content: task('url_content', { url: 'https://intranet.example.com/training' }, true),
    document_analysis: task('document_analysis', {}, true),
    assessment_generator: task('assessment_generator', { content_source: text, question_count: 10, assessment_types: ['multiple_choice', 'true_false', 'scenario'] }, false),
    content_refresh: task('content_refresh', { existing_content: text }, false),
    learning_path: task('learning_path', { main_topic: topic, include_assessments: true }, true),
  };
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
