// Font files for every renderer that draws text itself (the PDF guide here, the slide images of
// the video through resvg), found on the system under /usr/share/fonts and /usr/local/share/fonts.
//
// API for other renderers (all paths absolute, every file exists):
//   fontFiles(): string[]                  every file below, for resvg's `font.fontFiles`
//   fontFile(family, weight): string       a template family's file; DejaVu when that family is missing
//   FALLBACK_FAMILIES                      names to list after the template family in an SVG font-family
//   fontRuns(text, family, weight)         the text cut into runs, each with the face that has its glyphs
//   textWidth(text, family, weight, size)  the advance width in the unit of `size` (points, pixels)
//   lineSpacing(family)                    single line spacing as a multiple of the font size
//
// Template families (DejaVu, Liberation, Noto; regular and bold) come from fonts-dejavu-core,
// fonts-liberation2 and fonts-noto-core. Characters the template family lacks are drawn with the
// fallbacks, in order: Noto Sans Arabic and Hebrew (right-to-left scripts), Noto Sans Thai and
// Devanagari (Thai and Hindi translations; fonts-noto-core too), DejaVu Sans (wide
// coverage, some emoji as outlines), Noto Sans Symbols and Symbols2 (more pictographs) and Droid
// Sans Fallback (CJK, fonts-droid-fallback). No colour emoji font is used: an emoji none of these
// has draws as the missing-glyph box.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { Font } from '@pdf-lib/fontkit';
import { LRUCache } from 'lru-cache';
import { FONT_FAMILIES, type FontFamily } from '@trainwright/templates';
import { RenderError } from '../domain/types.js';

export type FontWeight = 'regular' | 'bold';

/** A loaded font file; one object per file, so faces compare by identity. */
export interface FontFace {
  path: string;
  bytes: Uint8Array;
  font: Font;
}

/** A piece of text and the face that draws all of it. */
export interface FontRun {
  text: string;
  face: FontFace;
}

export const SYSTEM_FONT_DIRS = ['/usr/share/fonts', '/usr/local/share/fonts'] as const;

/** The family every missing template family falls back to (fonts-dejavu-core is the one to install). */
export const DEFAULT_FAMILY: FontFamily = 'DejaVu Sans';

const FAMILY_FILES: Record<FontFamily, Record<FontWeight, string>> = {
  'DejaVu Sans': { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' },
  'DejaVu Serif': { regular: 'DejaVuSerif.ttf', bold: 'DejaVuSerif-Bold.ttf' },
  'Liberation Sans': { regular: 'LiberationSans-Regular.ttf', bold: 'LiberationSans-Bold.ttf' },
  'Liberation Serif': { regular: 'LiberationSerif-Regular.ttf', bold: 'LiberationSerif-Bold.ttf' },
  'Noto Sans': { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' },
  'Noto Serif': { regular: 'NotoSerif-Regular.ttf', bold: 'NotoSerif-Bold.ttf' },
};

/** The fallback for Arabic-script text, also the complex-script font Office files name. */
export const ARABIC_FAMILY = 'Noto Sans Arabic';
/** The fallback for Chinese, Japanese and Korean text, also the east-Asian font Office files name. */
export const CJK_FAMILY = 'Droid Sans Fallback';

/** Fallback faces in the order they are tried; a weight with no file of its own uses the regular one. */
const FALLBACKS: ReadonlyArray<{ family: string; files: Record<FontWeight, string> }> = [
  { family: ARABIC_FAMILY, files: { regular: 'NotoSansArabic-Regular.ttf', bold: 'NotoSansArabic-Bold.ttf' } },
  { family: 'Noto Sans Hebrew', files: { regular: 'NotoSansHebrew-Regular.ttf', bold: 'NotoSansHebrew-Bold.ttf' } },
  { family: 'Noto Sans Thai', files: { regular: 'NotoSansThai-Regular.ttf', bold: 'NotoSansThai-Bold.ttf' } },
  { family: 'Noto Sans Devanagari', files: { regular: 'NotoSansDevanagari-Regular.ttf', bold: 'NotoSansDevanagari-Bold.ttf' } },
  { family: 'DejaVu Sans', files: FAMILY_FILES['DejaVu Sans'] },
  { family: 'Noto Sans Symbols', files: { regular: 'NotoSansSymbols-Regular.ttf', bold: 'NotoSansSymbols-Bold.ttf' } },
  { family: 'Noto Sans Symbols2', files: { regular: 'NotoSansSymbols2-Regular.ttf', bold: 'NotoSansSymbols2-Regular.ttf' } },
  { family: CJK_FAMILY, files: { regular: 'DroidSansFallbackFull.ttf', bold: 'DroidSansFallbackFull.ttf' } },
];

/** Family names of the fallbacks, for CSS/SVG font-family lists and Office east-Asian fonts. */
export const FALLBACK_FAMILIES: readonly string[] = FALLBACKS.map((f) => f.family);

/** Zero-width joiners, variation selectors, soft hyphens and the like: dropped where a face has no glyph for them. */
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

// Loaded faces are shared by every library and document: a font file does not change while we run.
const faceCache = new Map<string, FontFace>();
const coverageCache = new WeakMap<FontFace, Map<number, boolean>>();
// Advance widths in font units per face and word.
const widthCache = new WeakMap<FontFace, Map<string, number>>();
const MAX_CACHED_WIDTHS = 50_000;

function loadFace(path: string): FontFace {
  let face = faceCache.get(path);
  if (!face) {
    const bytes = readFileSync(path);
    face = { path, bytes, font: withShapingCache(fontkit.create(bytes)) };
    faceCache.set(path, face);
  }
  return face;
}

/** Shaped texts kept per face: the words of a language recur in every document and render. */
const MAX_SHAPED = 20_000;

/**
 * Keeps the font's shaped runs by text and features, as browsers keep shaped words: shaping (GSUB,
 * GPOS) was a third of a PDF's time (docs/benchmarks.md), spent again on the same words by every
 * render, and pdf-lib shapes each word it measures or encodes. A run's glyphs are the font's own
 * (fontkit keeps one object per glyph), and nothing here or in pdf-lib changes a run after shaping.
 * Calls with a script, language or direction go to fontkit as they are.
 */
function withShapingCache(font: Font): Font {
  const shape = font.layout.bind(font);
  const shaped = new LRUCache<string, ReturnType<Font['layout']>>({ max: MAX_SHAPED });
  font.layout = ((text: string, features?: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof text !== 'string') return (shape as (...a: unknown[]) => ReturnType<Font['layout']>)(text, features, ...rest);
    const key = features === undefined ? text : `${text}\u0000${JSON.stringify(features)}`;
    let run = shaped.get(key);
    if (!run) {
      run = shape(text, features as Parameters<Font['layout']>[1]);
      shaped.set(key, run);
    }
    return run;
  }) as Font['layout'];
  return font;
}

function covers(face: FontFace, codePoint: number): boolean {
  let coverage = coverageCache.get(face);
  if (!coverage) coverageCache.set(face, (coverage = new Map()));
  let has = coverage.get(codePoint);
  if (has === undefined) {
    has = face.font.hasGlyphForCodePoint(codePoint);
    coverage.set(codePoint, has);
  }
  return has;
}

/** The font files of some directories, found by file name so any distribution's folder layout works. */
export class FontLibrary {
  private filesByName: Map<string, string> | null = null;
  private readonly chains = new Map<string, string[]>();

  constructor(private readonly dirs: readonly string[]) {}

  private files(): Map<string, string> {
    if (this.filesByName) return this.filesByName;
    const found = new Map<string, string>();
    const walk = (dir: string): void => {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        return; // a font directory that does not exist is simply empty
      }
      for (const name of names.sort()) {
        const path = join(dir, name);
        let isDir = false;
        try {
          isDir = statSync(path).isDirectory();
        } catch {
          continue;
        }
        if (isDir) walk(path);
        else if (/\.(ttf|otf)$/i.test(name) && !found.has(name)) found.set(name, path);
      }
    };
    for (const dir of this.dirs) walk(dir);
    this.filesByName = found;
    return found;
  }

  /** The file of a template family, DejaVu Sans when the family's file is not installed. */
  fontFile(family: FontFamily, weight: FontWeight): string {
    const files = this.files();
    const own = FAMILY_FILES[family] ?? FAMILY_FILES[DEFAULT_FAMILY];
    const path = files.get(own[weight]) ?? files.get(FAMILY_FILES[DEFAULT_FAMILY][weight]);
    if (!path) throw new RenderError(`No font file for ${family} or ${DEFAULT_FAMILY} (${weight}); install fonts-dejavu-core.`);
    return path;
  }

  /** The fallback files that are installed, in the order they are tried. */
  fallbackFiles(weight: FontWeight): string[] {
    const files = this.files();
    return FALLBACKS.map((f) => files.get(f.files[weight]) ?? files.get(f.files.regular)).filter((p): p is string => p !== undefined);
  }

  /** Every file the renderers draw with: the template families in both weights and the fallbacks. */
  fontFiles(): string[] {
    const paths = new Set<string>();
    for (const weight of ['regular', 'bold'] as const) {
      for (const family of FONT_FAMILIES) paths.add(this.fontFile(family, weight));
      for (const path of this.fallbackFiles(weight)) paths.add(path);
    }
    return [...paths];
  }

  /** The files tried for a character, the template family first; faces load when first needed. */
  private chain(family: FontFamily, weight: FontWeight): string[] {
    const key = `${family}/${weight}`;
    let chain = this.chains.get(key);
    if (!chain) {
      chain = [...new Set([this.fontFile(family, weight), ...this.fallbackFiles(weight)])];
      this.chains.set(key, chain);
    }
    return chain;
  }

  /**
   * The text cut into runs of one face each: per grapheme cluster, the first face of the chain that
   * has a glyph for every character of it. A cluster no face covers (a rare emoji) keeps the
   * template face, which draws its missing-glyph box rather than losing the character silently.
   */
  fontRuns(text: string, family: FontFamily, weight: FontWeight): FontRun[] {
    const whole = this.wholeFace(text, family, weight);
    if (whole) return text === '' ? [] : [{ text, face: whole }];
    return this.mixedRuns(text, family, weight);
  }

  /** The template's face when it has every character of the text (most text), else null. */
  private wholeFace(text: string, family: FontFamily, weight: FontWeight): FontFace | null {
    const primary = loadFace(this.chain(family, weight)[0]!);
    return everyCodePoint(text, (cp) => covers(primary, cp)) ? primary : null;
  }

  /** fontRuns of a text the template's face alone does not cover. */
  private mixedRuns(text: string, family: FontFamily, weight: FontWeight): FontRun[] {
    const chain = this.chain(family, weight);
    const primary = loadFace(chain[0]!);
    const runs: FontRun[] = [];
    for (const { segment } of graphemes.segment(text)) {
      const codePoints = [...segment].map((c) => c.codePointAt(0)!);
      const visible = codePoints.filter((cp) => !IGNORABLE.test(String.fromCodePoint(cp)));
      const path =
        chain.find((p) => visible.every((cp) => covers(loadFace(p), cp))) ??
        chain.find((p) => visible.length > 0 && covers(loadFace(p), visible[0]!));
      const face = path ? loadFace(path) : primary;
      const drawn = codePoints.filter((cp) => covers(face, cp) || !IGNORABLE.test(String.fromCodePoint(cp)));
      if (drawn.length === 0) continue;
      const piece = String.fromCodePoint(...drawn);
      const last = runs[runs.length - 1];
      if (last && last.face === face) last.text += piece;
      else runs.push({ text: piece, face });
    }
    return runs;
  }

  /** A family's single line spacing as a multiple of the font size (ascender, descender and gap). */
  lineSpacing(family: FontFamily): number {
    const { font } = loadFace(this.fontFile(family, 'regular'));
    return (font.ascent - font.descent + font.lineGap) / font.unitsPerEm;
  }

  /** Advance width of the text at `size`, each run measured in its own face. */
  textWidth(text: string, family: FontFamily, weight: FontWeight, size: number): number {
    // Most text is in the template's face alone: measured without cutting it into runs (layout
    // measures every word, and each run list was garbage at once).
    const whole = this.wholeFace(text, family, weight);
    if (whole) return runWidth({ text, face: whole }, size);
    let width = 0;
    for (const run of this.mixedRuns(text, family, weight)) width += runWidth(run, size);
    return width;
  }
}

/** Whether every code point of the text passes (a loop over UTF-16 units: no iterator per call). */
function everyCodePoint(text: string, test: (cp: number) => boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    if (!test(cp)) return false;
  }
  return true;
}

/**
 * Advance width of one text in one face, in font units: the sum of its glyphs' advances after
 * shaping (ligatures, Arabic joining), without kerning, which is how a PDF reader advances
 * (text showing uses the font's glyph widths). Measured per word: words repeat, layout is costly,
 * and no script shapes across a space.
 */
function advanceUnits(face: FontFace, text: string): number {
  // A word (what layout measures most) is one piece: no split.
  if (!text.includes(' ')) return text === '' ? 0 : pieceUnits(face, text);
  let units = 0;
  for (const piece of text.split(/( +)/)) {
    if (piece !== '') units += pieceUnits(face, piece);
  }
  return units;
}

function pieceUnits(face: FontFace, piece: string): number {
  let widths = widthCache.get(face);
  if (!widths) widthCache.set(face, (widths = new Map()));
  let units = widths.get(piece);
  if (units === undefined) {
    units = 0;
    for (const glyph of face.font.layout(piece).glyphs) units += glyph.advanceWidth;
    if (widths.size >= MAX_CACHED_WIDTHS) widths.clear();
    widths.set(piece, units);
  }
  return units;
}

/** Advance width of one run at `size`. */
export function runWidth(run: FontRun, size: number): number {
  return (advanceUnits(run.face, run.text) * size) / run.face.font.unitsPerEm;
}

/** The fonts installed on this machine. */
export const systemFonts = new FontLibrary(SYSTEM_FONT_DIRS);

export const fontFiles = (): string[] => systemFonts.fontFiles();
export const fontFile = (family: FontFamily, weight: FontWeight): string => systemFonts.fontFile(family, weight);
export const fontRuns = (text: string, family: FontFamily, weight: FontWeight): FontRun[] => systemFonts.fontRuns(text, family, weight);
export const lineSpacing = (family: FontFamily): number => systemFonts.lineSpacing(family);
export const textWidth = (text: string, family: FontFamily, weight: FontWeight, size: number): number =>
  systemFonts.textWidth(text, family, weight, size);
