// npm run bench:content -- [options]
//
// The content quality bar of the offline engine: four realistic sources (the forklift script, a
// software how-to, an HR policy, a sales playbook; services/generator/test/fixtures/sources/) run
// through the six generator methods in this process, and per method and source the checks the
// generator's jest suite holds (test/engine/content-bar.test.ts): objectives and summary points of
// three words or more, each objective's phrase found in the source, unique slide titles, no markup
// on a slide face, no engine instruction in slides or notes, every question from a source
// sentence with a right key. Then, for the forklift script, the old text (captured before the
// NLP rework, docs/content-before/forklift.json) beside the new: objectives, summary slide,
// slide titles, three questions. Needs the built generator (npm run build).
//
// Options:
//   --smoke      the same checks, no side-by-side (npm test runs it)
//   --json FILE  also write the results as JSON
//   --strict     exit 2 when a check fails (exit 1 always does on an error)
import { readFileSync, writeFileSync } from 'node:fs';
import { log, parseOptions, printHelpIfAsked } from '../lib/cli.mjs';
import { SOURCES, generate, learnerView, methodTasks, sourceText } from './methods.mjs';

const opts = parseOptions({}, { load: false });
printHelpIfAsked(opts, import.meta.url);

const INSTRUCTIONS = [/For a general audience/, /For beginners:/, /For executives:/, /For technical staff:/];
const MARKUP = /[#*[\]<>|`]/;
const norm = (t) => t.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, ' ').replace(/\s+/g, ' ').trim();
const words = (t) => t.split(/\s+/).filter(Boolean).length;

function checks(view, text, method) {
  const material = norm(text);
  const failures = [];
  const objectives = method === 'learning_path' ? [] : view.objectives;
  for (const o of objectives) {
    if (words(o) < 3) failures.push(`objective under three words: ${o}`);
    else if (!material.includes(norm(o).split(' ').slice(1, 3).join(' '))) failures.push(`objective phrase not in the source: ${o}`);
  }
  for (const p of view.summarySlide) if (words(p) < 3) failures.push(`summary point under three words: ${p}`);
  if (new Set(view.titles).size !== view.titles.length) failures.push('duplicate slide titles');
  if (view.titles.some((t) => MARKUP.test(t))) failures.push('markup in a title');
  if (view.notes.some((n) => INSTRUCTIONS.some((r) => r.test(n)))) failures.push('engine instruction in the notes');
  for (const q of view.questions) {
    if (!material.includes(norm(q.source))) failures.push(`question not from the source: ${q.prompt}`);
    const correct = q.options.filter((o) => o.startsWith('*')).map((o) => o.slice(1));
    if (correct.length !== 1) failures.push(`not one correct option: ${q.prompt}`);
    else if (q.type !== 'true_false' && !norm(q.source).includes(norm(correct[0]))) failures.push(`key not in its sentence: ${q.prompt}`);
    else if (q.type === 'true_false' && correct[0] === 'False' && !/\bnot\b/.test(q.prompt)) failures.push(`false statement is no negation: ${q.prompt}`);
  }
  return failures;
}

const results = {};
let failed = 0;
const rows = [];
for (const name of Object.keys(SOURCES)) {
  const text = sourceText(name);
  for (const [method, task] of Object.entries(methodTasks(name))) {
    const started = performance.now();
    const view = learnerView(await generate(task));
    const ms = performance.now() - started;
    const failures = checks(view, text, method);
    failed += failures.length;
    results[`${name}/${method}`] = { ms, failures, view };
    rows.push(`${name.padEnd(9)} ${method.padEnd(21)} ${String(view.objectives.length).padStart(3)} obj ${String(view.questions.length).padStart(3)} q ${ms.toFixed(1).padStart(7)} ms  ${failures.length === 0 ? 'ok' : `FAIL ${failures.length}`}`);
    for (const f of failures) rows.push(`    - ${f}`);
  }
}
console.log('source    method                  objectives questions  time    checks');
console.log(rows.join('\n'));

if (!opts.smoke) {
  const before = JSON.parse(readFileSync(new URL('../../../docs/content-before/forklift.json', import.meta.url), 'utf8')).document_analysis;
  const after = results['forklift/document_analysis'].view;
  const side = (label, a, b) => {
    console.log(`\n${label}\n  before:`);
    for (const x of a) console.log(`    ${x}`);
    console.log('  after:');
    for (const x of b) console.log(`    ${x}`);
  };
  side('Objectives (forklift, document analysis)', before.objectives, after.objectives);
  side('Summary slide', before.summarySlide, after.summarySlide);
  side('Slide titles', before.titles, after.titles);
  const q = (list) => list.slice(0, 3).map((x) => `${x.prompt}  [${x.options.join(' / ')}]`);
  side('Three questions', q(before.questions), q(after.questions));
}
if (opts.json) writeFileSync(opts.json, JSON.stringify(results, null, 2));
log(failed === 0 ? 'every check passed' : `${failed} check(s) failed`);
process.exit(failed > 0 && opts.strict ? 2 : 0);
