// Stock phrases that mark text as machine-written. `exclude_ai_phrases` removes them from what
// either engine produces; the LLM is also told not to use them.

/** Phrase -> plain replacement ('' drops it). Matched case-insensitively on word boundaries. */
export const AI_PHRASES: ReadonlyArray<readonly [string, string]> = [
  ["in today's fast-paced world,", ''],
  ["in today's fast-paced world", 'today'],
  ['in the ever-evolving landscape of', 'in'],
  ['in the realm of', 'in'],
  ["it's important to note that", ''],
  ['it is important to note that', ''],
  ['it is worth noting that', ''],
  ['needless to say,', ''],
  ['at the end of the day,', ''],
  ['delve into', 'explore'],
  ['delves into', 'explores'],
  ['delving into', 'exploring'],
  ['unlock the power of', 'use'],
  ['unleash the power of', 'use'],
  ['harness the power of', 'use'],
  ['a testament to', 'evidence of'],
  ['navigate the complexities of', 'handle'],
  ['game-changer', 'major change'],
  ['game changer', 'major change'],
  ['seamlessly', 'smoothly'],
  ['embark on a journey', 'start'],
  ['tapestry of', 'mix of'],
  ['rich tapestry', 'wide mix'],
  ['in conclusion,', ''],
  ['furthermore,', 'also,'],
  ['moreover,', 'also,'],
  ['leverage', 'use'],
  ['leveraging', 'using'],
  ['cutting-edge', 'current'],
  ['robust', 'solid'],
  ['elevate your', 'improve your'],
  ['supercharge', 'speed up'],
];

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const PATTERNS = AI_PHRASES.map(([phrase, replacement]) => ({
  re: new RegExp(`(?<![\\p{L}\\p{N}])${escape(phrase)}(?![\\p{L}\\p{N}])`, 'giu'),
  replacement,
}));

/** Replaces stock phrases, keeps the sentence readable (capital first letter, single spaces). */
export function stripAiPhrases(text: string): string {
  let out = text;
  for (const { re, replacement } of PATTERNS) out = out.replace(re, replacement);
  return out
    .split('\n')
    .map((line) =>
      line
        .replace(/[ \t]{2,}/g, ' ')
        .replace(/ ([,.;:!?])/g, '$1')
        .replace(/^(\s*(?:[-*]\s+)?)(\p{Ll})/u, (_, lead: string, ch: string) => lead + ch.toUpperCase())
        .replace(/([.!?]\s+)(\p{Ll})/gu, (_, lead: string, ch: string) => lead + ch.toUpperCase())
        .trimEnd(),
    )
    .join('\n');
}

/** The stock phrases that occur in a text (for scoring and tests). */
export function findAiPhrases(text: string): string[] {
  return AI_PHRASES.filter(([phrase]) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(phrase)}(?![\\p{L}\\p{N}])`, 'iu').test(text)).map(([p]) => p);
}
