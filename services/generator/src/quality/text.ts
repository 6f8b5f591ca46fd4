// Text helpers shared by scoring, improvements and the AI-service analyses: where the text of a
// deck is, how its sentences are read and rewritten, and the language-specific word lists the
// measurements use (English, Spanish and French, the engine's languages).
import { countWords, splitSentences, type Slide, type SlideDeck } from '@trainwright/formats';
import { detectLanguage, stemWord, tokenize } from '../adapters/offline/text-analysis.js';
import { BLOOM_VERB_WORDS } from '../adapters/offline/bloom.js';
import type { Atmosphere } from '@trainwright/catalogue';
import type { EngineLanguage } from '../adapters/offline/stop-words.js';

export type Language = EngineLanguage;

export type SentenceField = 'point' | 'paragraph' | 'notes';

export interface SentenceRef {
  /** Index of the slide in the deck. */
  slide: number;
  field: SentenceField;
  text: string;
  words: number;
}

/** Every text of the deck in reading order: titles, points, paragraphs and (unless off) notes. */
export function deckText(deck: SlideDeck, options: { notes?: boolean } = {}): string {
  return deck.slides.flatMap((s) => slideTexts(s, options)).join('\n');
}

export function slideTexts(slide: Slide, options: { notes?: boolean } = {}): string[] {
  const parts = [slide.title, ...slide.points, ...slide.paragraphs];
  if (options.notes !== false) parts.push(slide.notes);
  return parts.filter((p) => p.trim() !== '');
}

export function deckLanguage(deck: SlideDeck): Language {
  return detectLanguage(deckText(deck));
}

/** The sentences of points, paragraphs and notes; a point without a full stop is one sentence. */
export function deckSentences(deck: SlideDeck): SentenceRef[] {
  const out: SentenceRef[] = [];
  deck.slides.forEach((slide, index) => {
    const add = (field: SentenceField, text: string) => {
      for (const s of splitSentences(text)) {
        const words = countWords(s.text);
        if (words > 0) out.push({ slide: index, field, text: s.text, words });
      }
    };
    for (const p of slide.points) add('point', p);
    for (const p of slide.paragraphs) add('paragraph', p);
    add('notes', slide.notes);
  });
  return out;
}

/**
 * Rewrites a text sentence by sentence; `fn` returns the new sentence, or null to drop it. Line
 * structure is kept: a line whose sentences are all dropped goes, blank separator lines stay
 * (never more than one in a row). Text without any change comes back as the same string.
 */
export function mapSentences(text: string, fn: (sentence: string) => string | null): string {
  let changed = false;
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    const spans = splitSentences(line);
    if (spans.length === 0) {
      lines.push(line);
      continue;
    }
    let result = line.slice(0, spans[0]!.start);
    let kept = 0;
    let previousEnd = spans[0]!.start;
    for (const span of spans) {
      const gap = line.slice(previousEnd, span.start);
      previousEnd = span.end;
      const next = fn(span.text);
      if (next !== span.text) changed = true;
      if (next === null || next.trim() === '') continue;
      result += (kept > 0 ? gap || ' ' : '') + next;
      kept++;
    }
    if (kept > 0) lines.push(result + line.slice(previousEnd).trimEnd());
  }
  if (!changed) return text;
  return lines
    .join('\n')
    .replace(/\n[ \t]*\n(?:[ \t]*\n)+/g, '\n\n')
    .replace(/^\s*\n/, '')
    .trimEnd();
}

/** Lower case, no accents, spaces collapsed, no trailing punctuation: two sentences that read the same match. */
export function sentenceKey(text: string): string {
  return fold(text)
    .replace(/^\s*(?:[-–—*•]|\d{1,3}[.)])\s+/, '')
    .replace(/[\s.!?…;:,]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function capitalise(text: string): string {
  return text.replace(/^(\P{L}*)(\p{Ll})/u, (_, lead: string, ch: string) => lead + ch.toUpperCase());
}

/** Ends the text with a full stop unless it already ends a sentence. */
export function asSentence(text: string): string {
  const t = text.trim();
  return /[.!?…:;]["'”’»)\]]*$/u.test(t) ? t : `${t}.`;
}

/** Content words (no stop words, no numbers) as stems, the way the engine matches terms. */
export function contentStems(text: string, language: Language, exclude: ReadonlySet<string> = new Set()): string[] {
  const stems: string[] = [];
  for (const t of tokenize(text, language)) {
    if (t.stop || !/\p{L}/u.test(t.text) || t.text.length < 3 || exclude.has(t.lower)) continue;
    stems.push(stemWord(t.lower));
  }
  return stems;
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function share(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

export function clamp(value: number, min = 0, max = 1): number {
  return Math.min(max, Math.max(min, value));
}

const NOT_LETTER_BEFORE = '(?<![\\p{L}\\p{N}])';
const NOT_LETTER_AFTER = '(?![\\p{L}\\p{N}])';

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A whole-word pattern (Unicode-aware: JavaScript's \b only knows ASCII letters). */
export function wordPattern(body: string, flags = 'gu'): RegExp {
  return new RegExp(`${NOT_LETTER_BEFORE}(?:${body})${NOT_LETTER_AFTER}`, flags);
}

// ---------------------------------------------------------------------------------------------
// Placeholders: marks of unfinished text. Upper-case markers are matched with their case only
// ('todo' is a Spanish word).

const PLACEHOLDER_MARKERS = wordPattern('TODO|TBD|TBC|FIXME|XXX');
const PLACEHOLDER_TEXT =
  /lorem ipsum|\[\s*(?:insert|add|placeholder|your|todo|tbd|insertar|añadir|insérer|ajouter)\b[^\]]*\]|<\s*(?:insert|add)\b[^>]*>|\?{3,}|\{\{[^}]*\}\}/giu;

export function findPlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER_MARKERS), ...text.matchAll(PLACEHOLDER_TEXT)].map((m) => m[0]);
}

/** The text without its placeholder marks (for titles, which are kept rather than dropped). */
export function removePlaceholderMarks(text: string): string {
  return text
    .replace(PLACEHOLDER_MARKERS, '')
    .replace(PLACEHOLDER_TEXT, '')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s:;,.\-–—]+|[\s:;,\-–—]+$/g, '')
    .trim();
}

// ---------------------------------------------------------------------------------------------
// English contractions. 's is only a contraction after a pronoun or question word (otherwise it
// is a possessive); 'd means had before a participle and would otherwise.

const CONTRACTION = wordPattern(
  "(?:can|won|shan|ain)['’]t|\\p{L}+n['’]t|let['’]s|(?:i|you|we|they|he|she|it|that|there|here|what|who|where|how)['’](?:s|d)|\\p{L}+['’](?:re|ve|ll|m)",
  'giu',
);

export function countContractions(text: string): number {
  return [...text.matchAll(CONTRACTION)].length;
}

function matchCase(original: string, replacement: string): string {
  if (original.length > 1 && original === original.toUpperCase() && /\p{L}{2}/u.test(original)) return replacement.toUpperCase();
  return /^\p{Lu}/u.test(original) ? capitalise(replacement) : replacement;
}

const EXPANSIONS: Record<string, string> = { "can't": 'cannot', "won't": 'will not', "shan't": 'shall not', "ain't": 'is not', "let's": 'let us' };
const SUFFIXES: Record<string, string> = { re: 'are', ve: 'have', ll: 'will', m: 'am' };

export function expandContractions(text: string): string {
  return text.replace(CONTRACTION, (m: string, offset: number, whole: string) => {
    const lower = m.toLowerCase().replace(/’/g, "'");
    const fixed = EXPANSIONS[lower];
    if (fixed) return matchCase(m, fixed);
    if (lower.endsWith("n't")) return `${m.slice(0, -3)} not`;
    const at = lower.lastIndexOf("'");
    const base = m.slice(0, at);
    const suffix = lower.slice(at + 1);
    const next = /^\s+(\p{L}+)/u.exec(whole.slice(offset + m.length))?.[1]?.toLowerCase() ?? '';
    let word = SUFFIXES[suffix];
    if (suffix === 's') word = next === 'been' || next === 'got' ? 'has' : 'is';
    if (suffix === 'd') word = next === 'been' || /(?:ed|en)$/.test(next) ? 'had' : 'would';
    return `${base} ${word}`;
  });
}

const CONTRACTIBLE: ReadonlyArray<readonly [string, string]> = [
  ['do not', "don't"],
  ['does not', "doesn't"],
  ['did not', "didn't"],
  ['is not', "isn't"],
  ['are not', "aren't"],
  ['was not', "wasn't"],
  ['were not', "weren't"],
  ['cannot', "can't"],
  ['can not', "can't"],
  ['will not', "won't"],
  ['would not', "wouldn't"],
  ['should not', "shouldn't"],
  ['could not', "couldn't"],
  ['have not', "haven't"],
  ['has not', "hasn't"],
  ['it is', "it's"],
  ['that is', "that's"],
  ['there is', "there's"],
  ['you are', "you're"],
  ['we are', "we're"],
  ['they are', "they're"],
  ['you will', "you'll"],
  ['we will', "we'll"],
  ['let us', "let's"],
  ['i am', "I'm"],
];

// Only before another word: 'as it is.' must not become 'as it's.'
const CONTRACTIBLE_PATTERNS = CONTRACTIBLE.map(
  ([from, to]) => [new RegExp(`${NOT_LETTER_BEFORE}${from.replace(' ', '\\s+')}(?=\\s+\\p{L})`, 'giu'), to] as const,
);

export function contractPairs(text: string): string {
  let out = text;
  for (const [re, to] of CONTRACTIBLE_PATTERNS) out = out.replace(re, (m: string) => (to === "I'm" ? to : matchCase(m, to)));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Tone markers per sentence.

const SECOND_PERSON: Record<Language, RegExp> = {
  en: wordPattern('you|your|yours|yourself|yourselves', 'iu'),
  es: wordPattern('tú|tu|tus|te|ti|contigo|usted|ustedes|vosotros|vosotras|vuestro|vuestra|vuestros|vuestras|os', 'iu'),
  fr: /(?<![\p{L}\p{N}])(?:vous|votre|vos|tu|te|toi|ton|ta|tes)(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])t['’](?=\p{L})/iu,
};

// Spanish and French mark informal speech by the familiar 'you' (tú, tu) rather than contractions.
const INFORMAL_ADDRESS: Record<Exclude<Language, 'en'>, RegExp> = {
  es: wordPattern('tú|tu|tus|te|ti|contigo|vosotros|vosotras|vuestro|vuestra|vuestros|vuestras|os', 'iu'),
  fr: /(?<![\p{L}\p{N}])(?:tu|te|toi|ton|ta|tes)(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])t['’](?=\p{L})/iu,
};

const IMPERATIVES: Record<Language, ReadonlySet<string>> = {
  en: new Set(
    `use try check make take start keep remember consider think imagine picture ask avoid follow review write read open
    click select choose add remove create build plan set turn put get go find look note see learn practise practice apply
    share report lock enable update protect store verify watch listen stop focus identify compare explain describe discuss
    join contact call send save test install change never always don't do let's please be give bring prepare complete begin
    explore discover celebrate commit believe aim reach act grab`.split(/\s+/),
  ),
  es: new Set(
    `usa utiliza use utilice prueba pruebe comprueba compruebe revisa revise haz haga toma tome empieza empiece comienza
    comience recuerda recuerde piensa piense imagina imagine pregunta pregunte evita evite sigue siga lee lea escribe escriba
    abre abra selecciona seleccione elige elija añade añada crea cree planifica planifique mantén mantenga activa active
    actualiza actualice protege proteja guarda guarde verifica verifique nunca siempre vamos descubre descubra explora
    explore aplica aplique practica practique comparte comparta informa informe bloquea bloquee cambia cambie da dé`.split(/\s+/),
  ),
  fr: new Set(
    `utilisez utilise essayez essaie vérifiez vérifie faites fais prenez prends commencez commence rappelez souvenez pensez
    pense imaginez imagine demandez demande évitez évite suivez suis lisez lis écrivez écris ouvrez ouvre sélectionnez
    sélectionne choisissez choisis ajoutez ajoute créez crée planifiez gardez garde activez active mettez mets protégez
    protège enregistrez verrouillez partagez appliquez applique découvrez découvre explorez explore n'oubliez n'hésitez
    jamais toujours allons signalez changez lancez lance`.split(/\s+/),
  ),
};

const BE_FORMS = 'am|is|are|was|were|be|been|being|isn\'t|aren\'t|wasn\'t|weren\'t';
const IRREGULAR_PARTICIPLES =
  'done|made|given|taken|seen|written|known|shown|built|sent|found|held|kept|left|lost|paid|put|read|said|set|sold|told|thought|understood|chosen|driven|forgotten|hidden|stolen|broken|spoken|drawn|grown|thrown|begun|bought|brought|caught|taught|meant|spent|shut|cut|hit|led|fed|met|won|run|worn|torn|born';
// English only: a form of 'be', an optional adverb, then a participle.
const PASSIVE_EN = wordPattern(`(?:${BE_FORMS})\\s+(?:\\p{L}+ly\\s+)?(?:\\p{L}+ed|${IRREGULAR_PARTICIPLES})`, 'iu');

export interface SentenceTone {
  secondPerson: boolean;
  informal: boolean;
  exclamation: boolean;
  question: boolean;
  imperative: boolean;
  /** null where the language has no heuristic (Spanish, French). */
  passive: boolean | null;
}

export function sentenceTone(sentence: string, language: Language): SentenceTone {
  const first = /[\p{L}]+(?:['’][\p{L}]+)?/u.exec(sentence)?.[0]?.toLowerCase().replace(/’/g, "'") ?? '';
  const trimmed = sentence.trim();
  return {
    secondPerson: SECOND_PERSON[language].test(sentence),
    informal: language === 'en' ? countContractions(sentence) > 0 : INFORMAL_ADDRESS[language].test(sentence),
    exclamation: /!["'”’»)\]]*$/u.test(trimmed) || trimmed.startsWith('¡'),
    question: /\?["'”’»)\]]*$/u.test(trimmed) || trimmed.startsWith('¿'),
    imperative: IMPERATIVES[language].has(first),
    passive: language === 'en' ? PASSIVE_EN.test(sentence) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Readability.

/** English syllables by vowel groups, with the silent final e, -es and -ed handled. */
export function syllables(word: string): number {
  let w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (w === '') return /\p{N}/u.test(word) ? 1 : 0;
  if (w.length <= 3) return 1;
  if (w.endsWith('le') && !/[aeiouy]le$/.test(w)) {
    // 'table', 'people': the final -le is its own syllable.
  } else if (/[^aeiouy](?:es|ed)$/.test(w) && !/(?:[sxz]|ch|sh|ce|ge)es$/.test(w) && !/[td]ed$/.test(w)) {
    w = w.slice(0, -2);
  } else if (w.endsWith('e') && !w.endsWith('ee')) {
    w = w.slice(0, -1);
  }
  w = w.replace(/^y/, '');
  return Math.max(1, w.match(/[aeiouy]+/g)?.length ?? 0);
}

/** Letters-only length of a word; LIX counts words of seven or more letters as long. */
export function letterCount(word: string): number {
  return word.match(/\p{L}/gu)?.length ?? 0;
}

export const LONG_WORD_LETTERS = 7;

export function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu) ?? [];
}

// ---------------------------------------------------------------------------------------------
// Slide roles, recognised by their titles in any of the three languages; continuation slides
// ('Summary (2)') share the role of the first part.

export type SlideRole = 'title' | 'objectives' | 'summary' | 'knowledge_check' | 'content';

const ROLE_PATTERNS: Array<[Exclude<SlideRole, 'title' | 'content'>, RegExp]> = [
  ['objectives', /\b(?:learning objectives?|objectives?|learning goals?|goals|what you(?:'ll| will) learn|objetivos?|objectifs?)\b/],
  ['knowledge_check', /\b(?:knowledge check|check your (?:understanding|knowledge)|quiz|self[- ]check|test yourself|comprueba lo aprendido|autoevaluacion|cuestionario|verifiez vos connaissances|questionnaire|auto-evaluation)\b/],
  ['summary', /\b(?:summary|recap|conclusions?|key takeaways|takeaways|wrap[- ]?up|resumen|recapitulacion|resume|recapitulatif|synthese|en bref)\b/],
];

export function baseTitle(title: string): string {
  return title.replace(/\s*\(\d+\)\s*$/, '').trim();
}

export function slideRoles(deck: SlideDeck): SlideRole[] {
  const deckTitle = fold(deck.title).trim();
  return deck.slides.map((slide, i) => {
    const title = fold(baseTitle(slide.title));
    for (const [role, re] of ROLE_PATTERNS) if (re.test(title)) return role;
    if (i === 0 && deckTitle !== '' && title === deckTitle) return 'title';
    return 'content';
  });
}

export function hasBody(slide: Slide): boolean {
  return slide.points.some((p) => p.trim() !== '') || slide.paragraphs.some((p) => p.trim() !== '');
}

// ---------------------------------------------------------------------------------------------
// Texts the improvements write, per language.

export interface Labels {
  objectives: string;
  knowledgeCheck: string;
  summary: string;
  answer: string;
  covered: string;
  presentedBy: string;
  improvementNotes: string;
  reviewerNote: string;
  /** Verb of an objective derived from a section title. */
  explain: string;
}

export const LABELS: Record<Language, Labels> = {
  en: {
    objectives: 'Learning objectives',
    knowledgeCheck: 'Knowledge check',
    summary: 'Summary',
    answer: 'Answer',
    covered: 'This training covered:',
    presentedBy: 'Presented by',
    improvementNotes: 'Improvement notes',
    reviewerNote: 'Reviewer note',
    explain: 'Explain',
  },
  es: {
    objectives: 'Objetivos de aprendizaje',
    knowledgeCheck: 'Comprueba lo aprendido',
    summary: 'Resumen',
    answer: 'Respuesta',
    covered: 'Esta formación ha tratado:',
    presentedBy: 'Presentado por',
    improvementNotes: 'Notas de mejora',
    reviewerNote: 'Nota del revisor',
    explain: 'Explicar',
  },
  fr: {
    objectives: "Objectifs d'apprentissage",
    knowledgeCheck: 'Vérifiez vos connaissances',
    summary: 'Résumé',
    answer: 'Réponse',
    covered: 'Cette formation a couvert :',
    presentedBy: 'Présenté par',
    improvementNotes: "Notes d'amélioration",
    reviewerNote: 'Note du relecteur',
    explain: 'Expliquer',
  },
};

// ---------------------------------------------------------------------------------------------
// Bloom levels of objectives: the engine's table (src/adapters/offline/bloom.ts), which writes them.

export { BLOOM_LEVELS, bloomLevel, type BloomLevel } from '../adapters/offline/bloom.js';

/** Words of an objective that say what kind of objective it is, not what it is about. */
export const OBJECTIVE_FRAME_WORDS: ReadonlySet<string> = new Set([
  ...BLOOM_VERB_WORDS,
  ...'able learner learners participant participants student students you will know learn how why what end training course module'.split(' '),
  ...'capaz alumno alumnos participante participantes saber aprender formación curso módulo'.split(' '),
  ...'capable apprenant apprenants participant participants savoir apprendre formation cours module'.split(' '),
]);


// Framing lines for a section's notes, written in each atmosphere's register. Formal has none: its
// profile asks only for what rewriting gives (no contractions, no exclamations).
export const TONE_FRAMING: Record<Exclude<Atmosphere, 'formal'>, Record<Language, string>> = {
  professional: {
    en: 'Consider how “{title}” applies to your own role.',
    es: '¿Cómo aplicaría usted “{title}” en su propio puesto?',
    fr: 'Comment appliqueriez-vous « {title} » dans votre propre poste ?',
  },
  casual: {
    en: "So what's “{title}” got to do with you? Let's find out.",
    es: '¿Qué tiene que ver “{title}” contigo? Vamos a verlo.',
    fr: "Qu'est-ce que « {title} » change pour toi ? On va voir ça.",
  },
  humorous: {
    en: "Ever wondered why “{title}” matters so much? You're about to find out!",
    es: '¿Alguna vez te has preguntado por qué importa tanto “{title}”? ¡Estás a punto de descubrirlo!',
    fr: "Tu t'es déjà demandé pourquoi « {title} » compte autant ? Tu vas le découvrir !",
  },
  creative: {
    en: 'Imagine “{title}” in your own team. What would you change first?',
    es: 'Imagina “{title}” en tu propio equipo. ¿Qué cambiarías primero?',
    fr: 'Imagine « {title} » dans ta propre équipe. Que changerais-tu en premier ?',
  },
  motivational: {
    en: 'You can put “{title}” into practice today. Start with one small step!',
    es: 'Puedes poner en práctica “{title}” desde hoy. ¡Empieza con un pequeño paso!',
    fr: "Vous pouvez mettre « {title} » en pratique dès aujourd'hui. Commencez par un petit pas !",
  },
};

const TONE_FRAMING_LINES: readonly RegExp[] = Object.values(TONE_FRAMING).flatMap((byLanguage) =>
  Object.values(byLanguage).map((template) => new RegExp(`^${template.split('{title}').map(escapeRegExp).join('.+')}$`, 'u')),
);

/** Whether a line of notes is a tone framing line an improvement added ('Consider how “Phishing” applies to your own role.'). */
export function isToneFramingLine(line: string): boolean {
  return TONE_FRAMING_LINES.some((re) => re.test(line.trim()));
}
