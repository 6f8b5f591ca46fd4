// The picture each content slide carries, the same in the PowerPoint deck, the PDF guide and the
// video frames: a chart when the slide's points are numbers of one kind, else an icon chosen from
// the Tabler icon set (MIT, @tabler/icons: ~5,500 outline and ~1,000 filled icons, each with a
// name, a category and tags) by the slide's key phrases, drawn in the template's palette in the
// project's image style. A slide dense with text gets none: its text takes the room.
//
// Choosing the icon (see docs/media-render.md, "Slide visuals"): the words of the slide's title
// (weight 3) and of its points and paragraphs (weight 1), without stop words and plural endings,
// are matched against each icon's name parts (a hit counts 2) and one-word tags (a hit counts 1);
// computer and gadget icons count half outside technology templates; the best score wins, ties go
// to the shorter (more general) name. Icons already used in the deck are
// skipped, so no two slides share one; a slide that matches nothing gets the next unused icon of
// its template category's fallback list. The tags are English: a Spanish or French slide's words
// go through a keyword table first (icon-words.ts, bridgeTerms).
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { LRUCache } from 'lru-cache';
import { KeptBytes } from './kept-bytes.js';
import { escapeXml, type FontFamily } from '@trainwright/templates';
import { FALLBACK_FAMILIES, fontFile, fontRuns } from './fonts.js';
import { ICON_WORDS } from './icon-words.js';

const require = createRequire(import.meta.url);
// ECharts as its one-file CommonJS build, loaded by the first chart drawn: its ES module tree
// (hundreds of files) costs every process that imports this module about 0.5 s of CPU, the
// bundle 0.1 s, and most processes (and test files) never draw a chart.
type ECharts = typeof import('echarts');
let echartsLib: ECharts | undefined;
const echarts = (): ECharts => (echartsLib ??= require('echarts') as ECharts);

export const IMAGE_STYLE_VALUES = ['professional', 'modern', 'classic', 'creative', 'animated', 'abstract', 'realistic'] as const;
export type ImageStyleValue = (typeof IMAGE_STYLE_VALUES)[number];

export interface ChartSpec {
  /** 'doughnut' for shares of a whole (percentages adding up to about 100), else horizontal bars. */
  kind: 'bar' | 'doughnut';
  labels: string[];
  values: number[];
  /** '%', a currency sign, a unit word ('kg', 'km/h', 'hours') or '' for plain counts. */
  unit: string;
}

export type SlideVisual = { kind: 'icon'; icon: string } | { kind: 'chart'; chart: ChartSpec };

/** The text of a slide the visual is chosen from. */
export interface VisualSource {
  title: string;
  points: string[];
  paragraphs: string[];
}

/** Colours a visual is drawn with ('#rrggbb'). */
export interface VisualColors {
  primary: string;
  secondary: string;
  accent: string;
  /** What the visual sits on (the slide's background, or white on a page). */
  background: string;
  /** Text on that background (chart labels). */
  ink: string;
  onPrimary: string;
}

// ---------------------------------------------------------------------------------------------
// Density

/** More text than this (characters of points and paragraphs) fills a slide: it gets no visual. */
export const DENSE_CHARACTERS = 420;
/** More items than this fill a slide too. */
export const DENSE_ITEMS = 7;

/** Whether a slide has so much text that a visual beside it would squeeze it. */
export function isDense(s: VisualSource): boolean {
  const items = [...s.points, ...s.paragraphs];
  const characters = items.reduce((n, t) => n + [...t].length, 0);
  return characters > DENSE_CHARACTERS || items.length > DENSE_ITEMS;
}

// ---------------------------------------------------------------------------------------------
// Numbers: a chart when at least two points carry one quantity each of the same kind.

const QUANTITY = /(?<![\p{L}\p{N}.,])([$€£¥]\s?)?(\d{1,3}(?:[,\u00a0\u202f ]\d{3})+|\d+(?:\.\d+)?)(?:\s?(%|percent\b|per cent\b|[\p{L}]+(?:\/[\p{L}]+)?))?/gu;
const YEAR = /^(19|20)\d\d$/;
/** Words after a number that are not its unit ('3 of them'): the number is then a plain count. */
const NOT_UNITS = new Set(['of', 'to', 'and', 'or', 'in', 'on', 'at', 'for', 'the', 'a', 'an', 'is', 'are', 'was', 'were', 'before', 'after', 'from', 'with', 'by']);

interface Quantity {
  label: string;
  value: number;
  unit: string;
}

function quantityOf(text: string): Quantity | null {
  const found = [...text.matchAll(QUANTITY)];
  if (found.length !== 1) return null;
  const [match, currency, digits, unitWord] = found[0]!;
  const value = Number(digits!.replace(/[,\u00a0\u202f ]/g, ''));
  if (!Number.isFinite(value)) return null;
  let unit = currency?.trim() ?? '';
  let consumed = match;
  const word = unitWord?.toLowerCase() ?? '';
  if (word === '%' || word === 'percent' || word === 'per cent') unit = '%';
  else if (word && !NOT_UNITS.has(word) && !unit) unit = word;
  else if (unitWord) consumed = match.slice(0, match.length - unitWord.length);
  if (!unit && YEAR.test(digits!)) return null;
  const label = text
    .replace(consumed, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s:–—,;-]+|[\s:–—,;.-]+$/g, '')
    .trim();
  if (label === '') return null;
  return { label: [...label].length > 48 ? `${[...label].slice(0, 47).join('')}…` : label, value, unit };
}

/** The chart of a slide whose points (or, without points, paragraphs) are quantities of one kind; null otherwise. */
export function chartOf(s: VisualSource): ChartSpec | null {
  const items = s.points.length >= 2 ? s.points : s.paragraphs;
  if (items.length < 2 || items.length > 12) return null;
  const quantities = items.map(quantityOf);
  const found = quantities.filter((q): q is Quantity => q !== null);
  // Most items must be quantities, all of one unit, and not all the same number.
  if (found.length < 2 || found.length * 2 < items.length * 1.5) return null;
  const unit = found[0]!.unit;
  if (found.some((q) => q.unit !== unit)) return null;
  const values = found.map((q) => q.value);
  if (values.every((v) => v === values[0])) return null;
  const sum = values.reduce((a, b) => a + b, 0);
  const kind = unit === '%' && sum >= 95 && sum <= 105 ? 'doughnut' : 'bar';
  return { kind, labels: found.map((q) => q.label), values, unit };
}

// ---------------------------------------------------------------------------------------------
// Icons

interface IconMeta {
  name: string;
  category: string;
  tags: string[];
  styles: { outline?: unknown; filled?: unknown };
}
type IconNode = Array<[string, Record<string, string>]>;

interface IconSet {
  meta: IconMeta[];
  outline: Record<string, IconNode>;
  filled: Record<string, IconNode>;
  /** term -> [icon index, weight] */
  index: Map<string, Array<[number, number]>>;
  /** Per icon: the parts of its name beyond the first ('parking-circle': 1), which rank it lower. */
  extraParts: number[];
}

/** Categories whose icons say nothing about a slide's subject (brand logos, letters, numbers, flags). */
const SKIPPED_CATEGORIES = new Set(['Brand', 'Letters', 'Numbers', 'Flags', 'Text', 'Arrows', 'Shapes', 'Math']);

const STOP_WORDS = new Set(
  (
    'a an and are as at be before after by can do does for from has have how if in into is it its of on or our that the their then this to ' +
    'under up use used using was we what when where which who why will with you your yours all any each every more most no not never only ' +
    'other over same so some such than too very just also about again against because been being both but did down during few further here ' +
    'him his her hers i me my myself off once out own she should there these they those through until while would could must may might ' +
    'always keep make sure let get give go right left way time day thing one two three four five six seven eight nine ten first second third new good well'
  ).split(' '),
);

/** Lower-case words of a text, without stop words, plural endings folded ('ladders' -> 'ladder'). */
export function keyTerms(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}[\p{L}\p{N}'-]*/gu) ?? [])
    .flatMap((w) => w.split('-'))
    .map((w) => w.replace(/'s$/, ''))
    .filter((w) => w.length > 2 && !STOP_WORDS.has(w))
    .map(stem);
}

/**
 * The key terms of a text in the slide's language: English words as they are (keyTerms), Spanish
 * and French words through the keyword table of icon-words.ts (accents folded, the word tried as
 * it is, then without a plural -s, -es or -x); a word the table does not hold is dropped. Other
 * languages: keyTerms, which matches only words spelled as in English.
 */
export function bridgeTerms(text: string, language = 'en'): string[] {
  const table = ICON_WORDS[language.split('-')[0]!.toLowerCase()];
  if (!table) return keyTerms(text);
  const words = text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').match(/\p{L}+/gu) ?? [];
  return words.flatMap((w) => {
    const english = table[w] ?? (w.endsWith('s') || w.endsWith('x') ? table[w.slice(0, -1)] : undefined) ?? (w.endsWith('es') ? table[w.slice(0, -2)] : undefined);
    return english ? keyTerms(english) : [];
  });
}

function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

let iconSet: IconSet | null = null;
function icons(): IconSet {
  if (iconSet) return iconSet;
  const meta = Object.values(require('@tabler/icons/icons.json') as Record<string, IconMeta>).filter(
    (m) => m.styles.outline && !SKIPPED_CATEGORIES.has(m.category) && !m.name.endsWith('-off'),
  );
  const index = new Map<string, Array<[number, number]>>();
  meta.forEach((m, i) => {
    const weights = new Map<string, number>();
    for (const part of m.name.split('-').map(stem)) weights.set(part, 2);
    // One-word tags only: a phrase's words alone mean something else ('near-field-communication'
    // is no icon for a near miss).
    for (const tag of m.tags.map((t) => String(t).toLowerCase()).filter((t) => /^\p{L}+$/u.test(t)).map(stem)) if (!weights.has(tag)) weights.set(tag, 1);
    for (const [term, weight] of weights) {
      let list = index.get(term);
      if (!list) index.set(term, (list = []));
      list.push([i, weight]);
    }
  });
  iconSet = {
    meta,
    outline: require('@tabler/icons/tabler-nodes-outline.json') as Record<string, IconNode>,
    filled: require('@tabler/icons/tabler-nodes-filled.json') as Record<string, IconNode>,
    index,
    extraParts: meta.map((m) => m.name.split('-').length - 1),
  };
  return iconSet;
}

/** Icon categories about computers and gadgets: half their score outside technology templates ('load-balancer' is no forklift load). */
const TECHNICAL_CATEGORIES = new Set(['Computers', 'Database', 'Development', 'Devices', 'Extensions', 'Version control']);

/** Icons for slides that match nothing, by template category; every list is long enough to rotate. */
const FALLBACK_ICONS: Record<string, string[]> = {
  Business: ['briefcase', 'presentation', 'target-arrow', 'building', 'chart-line', 'users-group', 'bulb', 'checklist', 'handshake', 'calendar-event'],
  Technology: ['device-laptop', 'cpu', 'cloud', 'code', 'shield-lock', 'server', 'network', 'settings', 'database', 'world'],
  Healthcare: ['heart-rate-monitor', 'stethoscope', 'first-aid-kit', 'pill', 'vaccine', 'hospital', 'heartbeat', 'nurse', 'microscope', 'clipboard-heart'],
  Education: ['school', 'book', 'certificate', 'notebook', 'pencil', 'bulb', 'books', 'presentation', 'award', 'brain'],
  Marketing: ['speakerphone', 'target-arrow', 'chart-arrows-vertical', 'message-circle', 'users', 'shopping-cart', 'trending-up', 'ad', 'heart', 'star'],
  'Human Resources': ['users', 'user-check', 'id-badge', 'heart-handshake', 'messages', 'calendar', 'clipboard-check', 'scale', 'briefcase', 'mood-smile'],
  Manufacturing: ['building-factory-2', 'tool', 'settings', 'helmet', 'truck', 'package', 'box', 'assembly', 'recycle', 'alert-triangle'],
  Creative: ['palette', 'brush', 'camera', 'pencil', 'sparkles', 'photo', 'music', 'movie', 'bulb', 'feather'],
  Design: ['palette', 'layout', 'bulb', 'sparkles', 'target-arrow', 'compass', 'puzzle', 'rocket', 'flag', 'star'],
};
const GENERIC_ICONS = ['bulb', 'target-arrow', 'checklist', 'info-circle', 'flag', 'star', 'compass', 'rocket', 'puzzle', 'bookmark', 'clipboard-list', 'award'];

/**
 * Scores of the icons a slide's text matches (see the top of the file): the icons' indexes, and
 * every icon's score by index (0 for those not matched; every weight is positive).
 */
function scores(s: VisualSource, language: string): { matched: number[]; score: Float64Array } {
  const set = icons();
  const score = new Float64Array(set.meta.length);
  const matched: number[] = [];
  const add = (terms: string[], weight: number) => {
    for (const term of new Set(terms)) {
      for (const [i, w] of set.index.get(term) ?? []) {
        if (score[i] === 0) matched.push(i);
        score[i]! += w * weight;
      }
    }
  };
  add(bridgeTerms(s.title, language), 3);
  add(bridgeTerms([...s.points, ...s.paragraphs].join(' '), language), 1);
  return { matched, score };
}

/**
 * The icon ranked first of those a slide scored, unused in the deck and scoring at least 2: the
 * highest score, then the shorter name, then the name's order. One pass: a common word scores
 * hundreds of icons, and ranking them all for the first was most of preparing a deck.
 */
function bestIcon(set: IconSet, scored: { matched: number[]; score: Float64Array }, category: string, used: Set<string>): string | undefined {
  let best: { name: string; score: number } | undefined;
  for (const i of scored.matched) {
    const meta = set.meta[i]!;
    const fit = category !== 'Technology' && TECHNICAL_CATEGORIES.has(meta.category) ? 0.5 : 1;
    // Each part of the icon's name the slide does not mention costs a little: 'parking' beats 'parking-circle'.
    const score = scored.score[i]! * fit - 0.5 * set.extraParts[i]!;
    if (score < 2 || used.has(meta.name)) continue;
    const name = meta.name;
    if (!best || score > best.score || (score === best.score && (name.length < best.name.length || (name.length === best.name.length && name.localeCompare(best.name) < 0)))) best = { name, score };
  }
  return best?.name;
}

/** The best icon for each slide, never one already used in the deck; fallbacks by template category. */
export function chooseIcons(slides: VisualSource[], category: string, language = 'en'): string[] {
  const set = icons();
  const used = new Set<string>();
  const fallback = [...(FALLBACK_ICONS[category] ?? []), ...GENERIC_ICONS].filter((name) => set.outline[name]);
  return slides.map((s) => {
    let name = bestIcon(set, scores(s, language), category, used) ?? fallback.find((f) => !used.has(f));
    // A deck longer than every list: any unused icon, in a stable order.
    name ??= set.meta.find((m) => !used.has(m.name))!.name;
    used.add(name);
    return name;
  });
}

/** The visual of every slide: a chart for numbers, else an icon; null for a slide dense with text. */
export function planVisuals(slides: VisualSource[], category: string, language = 'en'): Array<SlideVisual | null> {
  const charts = slides.map((s) => (isDense(s) ? null : chartOf(s)));
  const needIcons = slides.map((s, i) => !isDense(s) && !charts[i]);
  const chosen = chooseIcons(
    slides.filter((_, i) => needIcons[i]),
    category,
    language,
  );
  let next = 0;
  return slides.map((s, i) => (charts[i] ? { kind: 'chart', chart: charts[i]! } : needIcons[i] ? { kind: 'icon', icon: chosen[next++]! } : null));
}

// ---------------------------------------------------------------------------------------------
// Drawing

const num = (n: number) => String(Math.round(n * 100) / 100);

function attrs(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(typeof v === 'number' ? num(v) : v!)}"`)
    .join('');
}

/** The icon's shapes (24 x 24 units), outline (stroked) or filled. */
function iconShapes(name: string, variant: 'outline' | 'filled', paint: Record<string, string | number>): string {
  const set = icons();
  const nodes = (variant === 'filled' ? set.filled[name] : undefined) ?? set.outline[name] ?? set.outline['bulb']!;
  const filled = variant === 'filled' && Boolean(set.filled[name]);
  const base = filled
    ? { fill: paint.color, stroke: 'none' }
    : { fill: 'none', stroke: paint.color, 'stroke-width': paint.width ?? 2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
  const shapes = nodes.map(([tag, a]) => `<${tag}${attrs(a)}/>`).join('');
  return `<g${attrs({ ...base, 'fill-opacity': paint.opacity, 'stroke-opacity': filled ? undefined : paint.opacity })}>${shapes}</g>`;
}

/** The icon placed at (x, y) with `size` units. */
function placeIcon(name: string, variant: 'outline' | 'filled', x: number, y: number, size: number, paint: Record<string, string | number>): string {
  return `<g transform="translate(${num(x)} ${num(y)}) scale(${num(size / 24)})">${iconShapes(name, variant, paint)}</g>`;
}

function mix(color: string, other: string, amount: number): string {
  const ch = (c: string, i: number) => parseInt(c.slice(1 + i * 2, 3 + i * 2), 16);
  return `#${[0, 1, 2].map((i) => Math.round(ch(color, i) + (ch(other, i) - ch(color, i)) * amount).toString(16).padStart(2, '0')).join('')}`;
}

/** A four-pointed sparkle centred on (x, y). */
const sparkle = (x: number, y: number, r: number, fill: string) =>
  `<path d="M${num(x)} ${num(y - r)} Q${num(x + r * 0.18)} ${num(y - r * 0.18)} ${num(x + r)} ${num(y)} Q${num(x + r * 0.18)} ${num(y + r * 0.18)} ${num(x)} ${num(y + r)} Q${num(x - r * 0.18)} ${num(y + r * 0.18)} ${num(x - r)} ${num(y)} Q${num(x - r * 0.18)} ${num(y - r * 0.18)} ${num(x)} ${num(y - r)} Z" fill="${fill}"/>`;

/**
 * The icon illustration, 240 x 240 units, in the image style's treatment (docs/media-render.md,
 * "Slide visuals"). `id` keeps gradient and filter ids unique when several sit in one SVG.
 */
export function iconIllustration(name: string, style: string, c: VisualColors, id = 'v'): string {
  const light = mix(c.secondary, '#ffffff', 0.78);
  switch (style as ImageStyleValue) {
    case 'modern':
      // Filled icon knocked out of a rounded primary tile, an accent corner.
      return (
        `<rect x="20" y="20" width="200" height="200" rx="48" fill="${c.primary}"/>` +
        `<rect x="150" y="150" width="70" height="70" rx="24" fill="${c.accent}"/>` +
        placeIcon(name, 'filled', 60, 60, 120, { color: c.onPrimary })
      );
    case 'classic':
      // Monochrome line drawing in a double-ruled frame, like an engraved plate.
      return (
        `<rect x="14" y="14" width="212" height="212" fill="${mix(c.background, c.ink, 0.04)}" stroke="${c.ink}" stroke-width="3"/>` +
        `<rect x="26" y="26" width="188" height="188" fill="none" stroke="${c.ink}" stroke-width="1"/>` +
        placeIcon(name, 'outline', 62, 62, 116, { color: c.ink, width: 1.25 })
      );
    case 'creative': {
      // Duotone on an organic blob: the filled shape in the accent, offset, under the outline.
      return (
        `<path d="M128 18c46 4 92 38 94 88s-30 104-84 114-110-18-116-72 56-134 106-130z" fill="${mix(c.accent, '#ffffff', 0.7)}"/>` +
        `<circle cx="206" cy="40" r="12" fill="${c.secondary}"/><circle cx="30" cy="196" r="8" fill="${c.accent}"/>` +
        placeIcon(name, 'filled', 70, 66, 116, { color: c.accent, opacity: 0.55 }) +
        placeIcon(name, 'outline', 58, 56, 116, { color: c.primary, width: 1.6 })
      );
    }
    case 'animated':
      // A cartoon: thick strokes on a bright disc, motion arcs and sparkles.
      return (
        `<circle cx="120" cy="124" r="92" fill="${mix(c.accent, '#ffffff', 0.55)}"/>` +
        `<path d="M34 78a96 96 0 0 1 40-44M206 166a96 96 0 0 1-40 44" fill="none" stroke="${c.secondary}" stroke-width="8" stroke-linecap="round"/>` +
        sparkle(196, 46, 16, c.accent) +
        sparkle(44, 190, 11, c.primary) +
        placeIcon(name, 'outline', 64, 68, 112, { color: c.primary, width: 2.75 })
      );
    case 'abstract':
      // Geometry first: overlapping translucent shapes, the icon small on a primary disc.
      return (
        `<circle cx="92" cy="96" r="72" fill="${c.secondary}" fill-opacity="0.55"/>` +
        `<rect x="96" y="92" width="118" height="118" rx="6" transform="rotate(18 155 151)" fill="${c.accent}" fill-opacity="0.5"/>` +
        `<circle cx="168" cy="64" r="34" fill="${c.primary}" fill-opacity="0.35"/>` +
        `<path d="M18 222L88 150L140 222Z" fill="${c.primary}" fill-opacity="0.3"/>` +
        `<circle cx="120" cy="124" r="46" fill="${c.primary}"/>` +
        placeIcon(name, 'outline', 94, 98, 52, { color: c.onPrimary, width: 2 })
      );
    case 'realistic':
      // Lit and shaded: a gradient scene, a soft shadow, the filled icon with a gradient and a drop shadow.
      return (
        `<defs><linearGradient id="${id}-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${mix(c.secondary, c.primary, 0.35)}"/></linearGradient>` +
        `<linearGradient id="${id}-body" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(c.primary, '#ffffff', 0.35)}"/><stop offset="1" stop-color="${mix(c.primary, '#000000', 0.3)}"/></linearGradient>` +
        `<filter id="${id}-blur" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="6"/></filter></defs>` +
        `<rect x="10" y="10" width="220" height="220" rx="18" fill="url(#${id}-sky)"/>` +
        `<ellipse cx="120" cy="196" rx="74" ry="12" fill="#000000" fill-opacity="0.28" filter="url(#${id}-blur)"/>` +
        `<g transform="translate(5 6)" filter="url(#${id}-blur)" opacity="0.35">${placeIcon(name, 'filled', 58, 52, 124, { color: '#000000', width: 2.2 })}</g>` +
        placeIcon(name, 'filled', 58, 52, 124, { color: `url(#${id}-body)`, width: 2.2 })
      );
    case 'professional':
    default:
      // Clean and corporate: the outline icon in a tinted disc with a thin ring.
      return (
        `<circle cx="120" cy="120" r="104" fill="${light}"/>` +
        `<circle cx="120" cy="120" r="104" fill="none" stroke="${c.primary}" stroke-width="3"/>` +
        placeIcon(name, 'outline', 60, 60, 120, { color: c.primary, width: 1.5 })
      );
  }
}

/** A standalone SVG of the icon illustration at `size` pixels. */
export function iconSvg(name: string, style: string, c: VisualColors, size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 240 240">${iconIllustration(name, style, c)}</svg>`;
}

function formatValue(value: number, unit: string): string {
  const n = value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  if (unit === '%') return `${n}%`;
  if (/^[$€£¥]$/.test(unit)) return `${unit}${n}`;
  return unit ? `${n} ${unit}` : n;
}

/** The chart as SVG (Apache ECharts, server-side rendering), `width` x `height` pixels, in the palette and the body font. */
export function chartSvg(chart: ChartSpec, c: VisualColors, family: FontFamily, width: number, height: number): string {
  const instance = echarts().init(null, null, { renderer: 'svg', ssr: true, width, height });
  const font = [family, ...FALLBACK_FAMILIES.filter((f) => f !== family)].map((f) => `'${f}'`).join(', ');
  const colors = [c.primary, c.accent, c.secondary, mix(c.primary, '#ffffff', 0.45), mix(c.accent, '#000000', 0.25), mix(c.secondary, '#000000', 0.3)];
  const size = Math.max(11, Math.round(Math.min(width, height) / 22));
  const format = (v: number) => formatValue(v, chart.unit);
  const data = chart.values.map((value, i) => ({ name: chart.labels[i]!, value }));
  try {
    instance.setOption(
      chart.kind === 'doughnut'
        ? {
            animation: false,
            color: colors,
            textStyle: { fontFamily: font, color: c.ink, fontSize: size },
            series: [
              {
                type: 'pie',
                radius: ['42%', '68%'],
                center: ['50%', '52%'],
                data,
                label: { color: c.ink, fontSize: size, formatter: (p: { name: string; value: number }) => `${p.name}\n${format(p.value)}` },
                labelLine: { lineStyle: { color: c.ink } },
                itemStyle: { borderColor: c.background, borderWidth: 2 },
              },
            ],
          }
        : {
            animation: false,
            color: colors,
            textStyle: { fontFamily: font, color: c.ink, fontSize: size },
            grid: { left: 8, right: 24 + size * 4, top: 12, bottom: 8, containLabel: true },
            xAxis: { type: 'value', axisLabel: { show: false }, splitLine: { lineStyle: { color: mix(c.background, c.ink, 0.15) } } },
            yAxis: {
              type: 'category',
              inverse: true,
              data: chart.labels,
              axisLine: { lineStyle: { color: c.ink } },
              axisTick: { show: false },
              axisLabel: { color: c.ink, fontSize: size, width: Math.round(width * 0.42), overflow: 'break' },
            },
            series: [
              {
                type: 'bar',
                data: chart.values.map((value, i) => ({ value, itemStyle: { color: i === chart.values.indexOf(Math.max(...chart.values)) ? c.accent : c.primary, borderRadius: [0, 4, 4, 0] } })),
                barMaxWidth: Math.round(height / 6),
                label: { show: true, position: 'right', color: c.ink, fontSize: size, formatter: (p: { value: number }) => format(p.value) },
              },
            ],
          },
    );
    return instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
}

// Drawn visuals kept by content (the visual, its style, palette, font and size): a deck's pptx, pdf,
// docx and video draw the same pictures, and decks of one template share most icons. A hit skips
// ECharts' layout and resvg's rasterising.
const drawnSvgs = new LRUCache<string, string>({ max: 512 });
const drawnPngs = new KeptBytes<Buffer>('deck_visuals', 64 * 1024 * 1024, (png) => png.length);
const drawingKey = (...parts: unknown[]) => JSON.stringify(parts);

/** The visual as a standalone SVG of `width` x `height` pixels (an icon is square, centred). */
export function visualSvg(visual: SlideVisual, style: string, c: VisualColors, family: FontFamily, width: number, height: number): string {
  const key = drawingKey(visual, style, c, family, width, height);
  let svg = drawnSvgs.get(key);
  if (svg === undefined) drawnSvgs.set(key, (svg = drawVisualSvg(visual, style, c, family, width, height)));
  return svg;
}

function drawVisualSvg(visual: SlideVisual, style: string, c: VisualColors, family: FontFamily, width: number, height: number): string {
  if (visual.kind === 'chart') return chartSvg(visual.chart, c, family, width, height);
  const side = Math.min(width, height);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<g transform="translate(${num((width - side) / 2)} ${num((height - side) / 2)}) scale(${num(side / 240)})">${iconIllustration(visual.icon, style, c)}</g></svg>`
  );
}

/**
 * An SVG document drawn inside another at a box, as a group (scaled to fit, centred): the frame
 * stays one <svg> element. The group is marked class="slide-visual".
 */
export function nestSvg(svg: string, box: { x: number; y: number; w: number; h: number }): string {
  const open = svg.slice(0, svg.indexOf('>'));
  const view = /viewBox="([^"]+)"/.exec(open)?.[1]?.split(/[\s,]+/).map(Number);
  const [vw, vh] = view && view.length === 4 ? [view[2]!, view[3]!] : [box.w, box.h];
  const scale = Math.min(box.w / vw, box.h / vh);
  const x = box.x + (box.w - vw * scale) / 2;
  const y = box.y + (box.h - vh * scale) / 2;
  const inner = svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'));
  return `<g class="slide-visual" transform="translate(${num(x)} ${num(y)}) scale(${num(scale)})">${inner}</g>`;
}

/**
 * The visual as a PNG (for the PDF guide, the PowerPoint deck and the Word manual), text drawn with
 * the deck's fonts. The buffer is shared with later renders of the same visual: read it, never write it.
 */
export function visualPng(visual: SlideVisual, style: string, c: VisualColors, family: FontFamily, width: number, height: number, scale = 2): Buffer {
  const key = drawingKey(visual, style, c, family, width, height, scale);
  let png = drawnPngs.get(key);
  if (png === undefined) drawnPngs.set(key, (png = rasterise(visual, style, c, family, width, height, scale)));
  return png;
}

function rasterise(visual: SlideVisual, style: string, c: VisualColors, family: FontFamily, width: number, height: number, scale: number): Buffer {
  const svg = visualSvg(visual, style, c, family, width, height);
  const files = new Set([fontFile(family, 'regular'), fontFile(family, 'bold')]);
  if (visual.kind === 'chart') for (const label of visual.chart.labels) for (const run of fontRuns(label, family, 'regular')) files.add(run.face.path);
  return new Resvg(svg, {
    fitTo: { mode: 'width', value: Math.round(width * scale) },
    font: { loadSystemFonts: false, fontFiles: [...files], defaultFontFamily: family },
    logLevel: 'off',
  })
    .render()
    .asPng();
}
