// The translate benchmark's material: hand-written slides in the product's slide text format
// (`## title`, `**Content:**` with bullets, `**Speaker Notes:**`), about 2,000 words of plain
// warehouse-safety training text that Debian's Apertium pairs mostly know (a few words, such as
// 'pallet' and 'aisle', they leave unknown: those segments are remembered with them).
//
// Every project of a run gets sentences no other project of the run has: a first run must find
// nothing in the translation memory nor in the Apertium engine's own stage cache (it keeps every
// stage's output in the service's process). The sentences are the 20,000 combinations of a
// subject, a verb, an object and a time, in one fixed shuffled order (the same on every run);
// project n takes the next slice of it, and its slide titles carry its number. So every project
// has the same shape and about the same length, and the words differ.

const SUBJECTS = ['The driver', 'Every worker', 'The supervisor', 'A visitor', 'The new employee', 'Our team', 'The mechanic', 'Each operator', 'The manager', 'The trainee'];
const VERBS = ['checks', 'cleans', 'reports', 'moves', 'inspects', 'repairs', 'parks', 'loads', 'stops near', 'watches'];
const OBJECTS = ['the brakes', 'the heavy boxes', 'the loading dock', 'the old truck', 'the safety signs', 'the warehouse door', 'the fire exit', 'the red pallet', 'the yellow line', 'the narrow aisle'];
const TIMES = [
  'every morning',
  'before each shift',
  'after lunch',
  'at the end of the day',
  'when the alarm sounds',
  'during the night shift',
  'on Monday',
  'before the delivery arrives',
  'when it rains',
  'with great care',
  'twice a week',
  'after every accident',
  'before the inspection',
  'in the winter',
  'when the floor is wet',
  'after the training',
  'with a colleague',
  'during the break',
  'before leaving the building',
  'when a customer asks',
];
const TOPICS = [
  'Before you start',
  'Driving in the warehouse',
  'Loading and unloading',
  'Working with visitors',
  'Fire safety',
  'Daily inspections',
  'Reporting problems',
  'Working at night',
  'Keeping the aisles clear',
  'The end of the shift',
];

/** A small seeded generator (mulberry32): the same sequence on every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SENTENCES = (() => {
  const all = [];
  for (const s of SUBJECTS) for (const v of VERBS) for (const o of OBJECTS) for (const t of TIMES) all.push(`${s} ${v} ${o} ${t}.`);
  const rand = random(20261125);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all;
})();

/** Sentences per slide: three bullets and three sentences of speaker notes. */
export const SENTENCES_PER_SLIDE = 6;

/** How many projects of `slides` slides the material has (each with sentences of its own). */
export const projectsAvailable = (slides) => Math.floor(SENTENCES.length / (slides * SENTENCES_PER_SLIDE));

/** Words with a letter in them (what a reader counts as words). */
export const countWords = (text) => text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;

/**
 * Project `n` (0, 1, ...) of `slides` slides: {title, description, slidesContent, words}. Its
 * sentences are none other project's.
 */
export function slideProject(n, slides) {
  if (n >= projectsAvailable(slides)) throw new Error(`the material has ${projectsAvailable(slides)} projects of ${slides} slides`);
  let next = n * slides * SENTENCES_PER_SLIDE;
  const take = () => SENTENCES[next++];
  const title = `Warehouse safety, part ${n + 1}`;
  const description = `Part ${n + 1} of the warehouse safety training: the rules every worker follows, slide by slide.`;
  const slideTexts = Array.from({ length: slides }, (_, s) =>
    [
      `## ${TOPICS[s % TOPICS.length]}: step ${s + 1} of part ${n + 1}`,
      '**Content:**',
      `- ${take()}`,
      `- ${take()}`,
      `- ${take()}`,
      '**Speaker Notes:**',
      `${take()} ${take()} ${take()}`,
    ].join('\n'),
  );
  const slidesContent = slideTexts.join('\n\n');
  return { title, description, slidesContent, words: countWords(`${title} ${description} ${slidesContent}`) };
}
