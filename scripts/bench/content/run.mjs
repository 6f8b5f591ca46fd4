// npm run bench:content -- [options]
//
// The content quality bar of the offline engine: eight sources of five kinds
// (services/generator/test/fixtures/sources/index.mjs: four structured guides, plain prose with
// its titles run into the text, a transcript, a slide deck read as a .pptx, a web page read by the
// URL ingest's htmlToSource) run through the six generator methods in this process, and per
// method and source the checks of the generator's quality module (services/generator/src/quality/
// bar.ts, the same function its jest bar test/adapters/offline/content-bar.test.ts calls):
// objectives and summary points of three words or more, each objective's phrase found in the
// source, 3-6 objectives, unique and topical slide titles (no 'Introduction', no 'X (2)' that does
// not continue a full slide), no title glued to its text, no markup on a slide face, no
// instruction to the writer, no title or objective cut mid-phrase (English), every question
// answerable from the source with a right key, every false statement the negation of its
// sentence, no notes opening with 'This section covers ...', every instruction of a section on
// its slide (unless the slide is full), speaker notes drawn from their own section of the source
// (never the whole source), 80% of the source's sections covered; and the scorer's overall score.
// Per source also 'topic_from_library': the source kept as a company library document, a topic of
// its title built from its passages and grounded in them as production does (methods.mjs
// libraryTask), held to the same checks and to its citations (bar.ts citationFaults: present,
// each an existing passage supporting a point of its slide, every point of a slide but the
// objectives drawn from a passage, 'Source: <title>.' closing the notes); docs/library.md#measured.
// Then, for the forklift script and the plain prose, the old text (captured before the reworks,
// docs/content-before/*.json) beside the new. Needs the built generator (npm run build).
//
// Options:
//   --smoke      the same checks, no side-by-side (npm test runs it)
//   --json FILE  also write the results as JSON
//   --strict     exit 2 when a check fails (exit 1 always does on an error)
import { readFileSync, writeFileSync } from 'node:fs';
import { log, parseOptions, printHelpIfAsked } from '../lib/cli.mjs';
import { SOURCES, citationFaults, generate, generateFromLibrary, learnerView, loadSource, methodTasks, pointsCited, quality } from './methods.mjs';

const opts = parseOptions({}, { load: false });
printHelpIfAsked(opts, import.meta.url);

// The checks are the generator's own (src/quality/bar.ts): the same function the jest bar calls.
function checks(result, text) {
  return quality.contentBar({ ...quality.scorableFromResult(result), objectives: quality.barObjectives(result) }, text, 'en', result.objectives);
}

const results = {};
let failed = 0;
const rows = [];
for (const name of Object.keys(SOURCES)) {
  const { text } = await loadSource(name);
  for (const [method, task] of Object.entries(await methodTasks(name))) {
    const started = performance.now();
    const result = await generate(task);
    const ms = performance.now() - started;
    const view = learnerView(result);
    const { failures, score } = checks(result, text);
    failed += failures.length;
    results[`${name}/${method}`] = { ms, score, failures, view };
    rows.push(`${name.padEnd(10)} ${method.padEnd(21)} ${String(view.objectives.length).padStart(3)} obj ${String(view.questions.length).padStart(3)} q ${ms.toFixed(1).padStart(7)} ms  score ${String(score).padStart(3)}  ${failures.length === 0 ? 'ok' : `FAIL ${failures.length}`}`);
    for (const f of failures) rows.push(`    - ${f}`);
  }
  // Topic from library: the source as a library document, a topic built from its passages and
  // grounded in them; the usual bar against the source, and its citations (bar.ts citationFaults).
  const started = performance.now();
  const { result, passages } = await generateFromLibrary(name);
  const ms = performance.now() - started;
  const view = learnerView(result);
  const bar = checks(result, text);
  const failures = [...bar.failures, ...citationFaults(result.deck, result.citations ?? [], passages)];
  const cited = pointsCited(result, passages);
  failed += failures.length;
  results[`${name}/topic_from_library`] = { ms, score: bar.score, failures, view, citations: result.citations?.length ?? 0, passages: passages.length, pointsCited: cited };
  rows.push(`${name.padEnd(10)} ${'topic_from_library'.padEnd(21)} ${String(view.objectives.length).padStart(3)} obj ${String(view.questions.length).padStart(3)} q ${ms.toFixed(1).padStart(7)} ms  score ${String(bar.score).padStart(3)}  ${failures.length === 0 ? 'ok' : `FAIL ${failures.length}`}  (${result.citations?.length ?? 0} citations of ${passages.length} passages, points cited ${cited.cited}/${cited.points})`);
  for (const f of failures) rows.push(`    - ${f}`);
}
console.log('source     method                objectives questions  time       score      checks');
console.log(rows.join('\n'));

if (!opts.smoke) {
  const before = (name) => JSON.parse(readFileSync(new URL(`../../../docs/content-before/${name}.json`, import.meta.url), 'utf8')).document_analysis;
  const side = (label, a, b) => {
    console.log(`\n${label}\n  before:`);
    for (const x of a) console.log(`    ${x}`);
    console.log('  after:');
    for (const x of b) console.log(`    ${x}`);
  };
  const forklift = results['forklift/document_analysis'].view;
  side('Objectives (forklift, document analysis)', before('forklift').objectives, forklift.objectives);
  side('Summary slide', before('forklift').summarySlide, forklift.summarySlide);
  side('Slide titles', before('forklift').titles, forklift.titles);
  const q = (list) => list.slice(0, 3).map((x) => `${x.prompt}  [${x.options.join(' / ')}]`);
  side('Three questions', q(before('forklift').questions), q(forklift.questions));
  // Plain prose (a web page's text in one blob): titles, objectives and the notes of the slide
  // that narrates 'Press firmly on the wound ...' (before: the whole source on 'Introduction').
  const prose = results['first-aid/document_analysis'].view;
  const narrating = (view) => view.notes.find((n) => n.includes('Press firmly on the wound')) ?? '';
  side('Slide titles (plain prose, document analysis)', before('first-aid').titles, prose.titles);
  side('Objectives', before('first-aid').objectives, prose.objectives);
  side("A slide's notes (the one narrating 'Press firmly on the wound')", [narrating(before('first-aid'))], [narrating(prose)]);
}
if (opts.json) writeFileSync(opts.json, JSON.stringify(results, null, 2));
log(failed === 0 ? 'every check passed' : `${failed} check(s) failed`);
process.exit(failed > 0 && opts.strict ? 2 : 0);
