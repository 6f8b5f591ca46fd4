// Shared by segments.test.ts and segments.timed.test.ts.
import { assemble, segment, type TranslatableContent } from '../../src/text/segments.js';
import { restore } from '../../src/text/placeholders.js';

/** A pretend translation: every segment's text upper-cased, placeholders restored. */
export function shout(content: TranslatableContent): TranslatableContent {
  const texts = new Map<string, string>();
  for (const s of segment(content)) {
    const r = restore(s.id, s.source.replace(/(^|>)([^<]*)/g, (_m, a: string, b: string) => a + b.toUpperCase().replace(/&(AMP|LT|GT);/g, (e) => e.toLowerCase())), s.placeholders);
    if (!r.ok) throw new Error(r.error);
    texts.set(s.id, r.text);
  }
  return assemble(content, texts);
}

export function only(text: string, kind: 'slides' | 'script' = 'slides'): TranslatableContent {
  return { title: '', description: '', slidesContent: kind === 'slides' ? text : '', scriptContent: kind === 'script' ? text : '', generatedContent: null };
}

/** 50,000 characters of slide text: one slide with markup, a link and an emoji, repeated. */
export function bigSlideText(): string {
  const slide = '## Slide title number 7\n**Content:**\n- Check the **brakes** before every shift at https://example.com 😀.\n- The load is 2.5 tonnes.\n\n**Speaker Notes:**\nTell the workers why.\n\n';
  return slide.repeat(Math.ceil(50_000 / slide.length)).slice(0, 50_000);
}
