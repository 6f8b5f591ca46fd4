// The material of the render benchmark, made in the run from the generate benchmark's seeded
// handbook ("Information Security Essentials", ../generate/document.mjs), so every run renders
// the same text. Both projects are written in the slide text format and parsed with
// parseSlideText, as the media-render service reads a stored project; the script is the one the
// service derives from the deck (printScript(deckToScript(deck))) when a project has none.
//
//   documentInput()  the 20-slide project of the documents: per section of the handbook one
//                    slide of its terms (term: definition) and one of its key actions, each with a
//                    paragraph and speaker notes of about 60 words; 10 questions, the glossary,
//                    objectives, a summary, the company's logo
//   videoInput()     the 10-slide project of the video: the first slide of each section with one
//                    narrated sentence (about 60 s of speech in the default voice, Flite at 145 words a minute, with the title card)
//   NARRATION_WORDS  words of the sentence a video slide's speaker notes are taken from (at least)
import { Resvg } from '@resvg/resvg-js';
import { deckToScript, parseSlideText, printScript, seededRandom } from '@trainwright/formats';
import { BUILTIN_TEMPLATES } from '@trainwright/templates';
import { TITLE, trainingPages } from '../generate/document.mjs';

export const TEMPLATE_ID = 'technology-cybersecurity-awareness';
export const NARRATION_WORDS = 12;
/** Words of that sentence spoken: Flite at 145 words a minute makes about 60 s of the ten (espeak-ng at 175 spoke 217). */
const SPOKEN_WORDS = 9;
const NOTES_WORDS = 60;

const words = (s) => s.split(/\s+/).filter(Boolean).length;
const cap = (s) => s[0].toUpperCase() + s.slice(1);
/** A paragraph's sentences (the handbook's sentences end in '.', '?' or ';' inside a sentence). */
const sentences = (text) => text.split(/(?<=[.?])\s+(?=[A-Z])/).filter(Boolean);

/** The handbook by section: title, its sentences, its key actions, its terms with definitions. */
function sections() {
  const pages = trainingPages();
  const out = [];
  for (let p = 0; p < pages.length; p += 2) {
    const blocks = [...pages[p], ...pages[p + 1]];
    const title = blocks.find((b) => b.kind === 'heading').text.replace(/^\d+\.\s*/, '');
    const text = blocks.filter((b) => b.kind === 'paragraph' && !b.text.startsWith('Key actions')).flatMap((b) => sentences(b.text));
    const terms = new Map();
    for (const s of text) {
      const m = /^(?:When people talk about (.+?), they mean (.+)|(.+?) means (.+))\.$/.exec(s);
      if (m && !(m[1] ?? m[3]).includes(' and ')) terms.set((m[1] ?? m[3]).toLowerCase(), m[2] ?? m[4]);
    }
    out.push({ title, text, actions: blocks.filter((b) => b.kind === 'bullet').map((b) => b.text.replace(/\.$/, '')), terms: [...terms] });
  }
  return out;
}

/** Fisher-Yates with `rand`; the input is not changed. */
function shuffle(items, rand) {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Sentences from `pool` (in a seeded order, none used twice) until about `target` words. */
function pick(pool, used, rand, target, { max = 40 } = {}) {
  const candidates = shuffle(pool.filter((s) => !used.has(s) && words(s) <= max), rand);
  const out = [];
  let count = 0;
  for (const s of candidates) {
    if (count >= target) break;
    out.push(s);
    used.add(s);
    count += words(s);
  }
  return out;
}

/** The logo a company uploads: a PNG made by a real encoder. */
function logoPng() {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="96"><rect width="320" height="96" rx="14" fill="#0f766e"/>' +
    '<path d="M48 18 L76 30 V52 C76 68 64 78 48 84 C32 78 20 68 20 52 V30 Z" fill="#ffffff"/><rect x="96" y="34" width="200" height="28" rx="6" fill="#ccfbf1"/></svg>';
  return new Resvg(svg).render().asPng();
}

function baseInput(projectId, slideText, extra) {
  const template = BUILTIN_TEMPLATES.find((t) => t.id === TEMPLATE_ID);
  const deck = parseSlideText(slideText);
  return {
    projectId,
    title: deck.title,
    description: 'Everyday practices that keep company and customer information safe: phishing, passwords, remote work, incidents and more.',
    language: 'en',
    deck,
    script: printScript(deckToScript(deck)),
    summary: '',
    objectives: [],
    questions: [],
    glossary: [],
    style: { templateId: template.id, templateName: template.name, colors: { ...template.colorScheme }, layout: template.layout, fonts: { ...template.fonts }, fontStyle: template.fontStyle, imageStyle: template.imageStyle },
    branding: { companyName: 'Northwind Logistics', website: 'www.northwind-logistics.example', logo: { bytes: logoPng(), mime: 'image/png', width: 320, height: 96 } },
    generatedAt: '2026-11-22T09:30:00.000Z',
    ...extra,
  };
}

/** The 20-slide project the documents render. */
export function documentInput(seed = 20261122) {
  const rand = seededRandom(seed);
  const secs = sections();
  const used = new Set();
  const lines = [`# ${TITLE}`, ''];
  secs.forEach((s, i) => {
    const story = s.text.filter((x) => x.startsWith('Consider a real case') || x.startsWith('Looking back'));
    lines.push(`## ${i + 1}. ${s.title}`, '**Content:**');
    for (const [term, definition] of s.terms.slice(0, 4)) lines.push(`- ${cap(term)}: ${definition}`);
    lines.push(...pick(story, used, rand, 1), '**Speaker Notes:**', pick(s.text, used, rand, NOTES_WORDS).join(' '), '');
    lines.push(`## Key actions: ${s.title.toLowerCase()}`, '**Content:**');
    for (const a of s.actions) lines.push(`- ${a}`);
    lines.push(...pick(s.text, used, rand, 1, { max: 25 }), '**Speaker Notes:**', pick(s.text, used, rand, NOTES_WORDS).join(' '), '');
  });
  const glossary = secs.flatMap((s) => s.terms.map(([term, definition]) => ({ term: cap(term), definition: `${cap(definition)}.` })));
  const questions = secs.map((s, i) => {
    const [term, definition] = s.terms[0];
    const wrong = [secs[(i + 3) % secs.length].terms[1], secs[(i + 7) % secs.length].terms[0]].map(([, d]) => d);
    const options = shuffle([definition, ...wrong].map((text) => ({ text: cap(text), is_correct: text === definition })), rand);
    return { prompt: `What does "${term}" mean?`, options, explanation: `${cap(term)} means ${definition}.` };
  });
  return baseInput('bench-render-documents', lines.join('\n'), {
    summary: secs.slice(0, 3).map((s) => pick(s.text, used, rand, 1, { max: 25 })[0]).join(' '),
    objectives: secs.slice(0, 5).map((s) => `Apply the key actions of ${s.title.toLowerCase()}`),
    questions,
    glossary,
  });
}

/** The 10-slide project the video renders: about 60 s of narration with the title card. */
export function videoInput(seed = 20261123) {
  const rand = seededRandom(seed);
  const used = new Set();
  const lines = [`# ${TITLE}`, ''];
  sections().forEach((s, i) => {
    lines.push(`## ${i + 1}. ${s.title}`, '**Content:**');
    for (const a of s.actions.slice(0, 3)) lines.push(`- ${a}`);
    // One sentence per slide, of NARRATION_WORDS to NARRATION_WORDS + 5 words, its first SPOKEN_WORDS spoken.
    const sentence = shuffle(s.text.filter((x) => !used.has(x) && words(x) >= NARRATION_WORDS && words(x) <= NARRATION_WORDS + 5), rand)[0];
    used.add(sentence);
    lines.push('**Speaker Notes:**', `${sentence.split(/\s+/).slice(0, SPOKEN_WORDS).join(' ').replace(/[,;:.?]$/, '')}.`, '');
  });
  return baseInput('bench-render-video', lines.join('\n'), {});
}
