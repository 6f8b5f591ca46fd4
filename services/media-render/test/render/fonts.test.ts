import { existsSync, readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { mkdir, rm, symlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { FONT_FAMILIES } from '@trainwright/templates';
import { RenderError } from '../../src/domain/types.js';
import { FontLibrary, fontFile, fontFiles, fontRuns, lineSpacing, textWidth, type FontRun } from '../../src/render/fonts.js';
import { tempDir } from './consumers.js';

const fileOf = (run: FontRun) => basename(run.face.path);
const summary = (runs: FontRun[]) => runs.map((r) => [r.text, fileOf(r)]);

describe('font files', () => {
  it('should find a regular and a bold file for every template family on this system', () => {
    for (const family of FONT_FAMILIES) {
      for (const weight of ['regular', 'bold'] as const) {
        const path = fontFile(family, weight);
        expect(existsSync(path)).toBe(true);
        // The family's own file, not the DejaVu fallback (fonts-liberation2 and fonts-noto-core are installed).
        expect(basename(path).replace(/[-.]/g, '').toLowerCase()).toContain(family.replace(/ /g, '').toLowerCase());
        if (weight === 'bold') expect(basename(path)).toMatch(/Bold/);
      }
    }
  });

  it('should list every file the renderers draw with, CJK fallback included, once each', () => {
    const files = fontFiles();
    expect(new Set(files).size).toBe(files.length);
    expect(files.every((f) => existsSync(f))).toBe(true);
    expect(files.map((f) => basename(f))).toEqual(
      expect.arrayContaining([
        'DejaVuSans.ttf',
        'DejaVuSerif-Bold.ttf',
        'LiberationSans-Regular.ttf',
        'NotoSerif-Bold.ttf',
        'DroidSansFallbackFull.ttf',
        'NotoSansArabic-Regular.ttf',
      ]),
    );
  });

  describe('on a system with only DejaVu installed', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await tempDir('fonts');
      await mkdir(join(dir, 'dejavu'));
      for (const name of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'])
        await symlink(fontFile('DejaVu Sans', name.includes('Bold') ? 'bold' : 'regular'), join(dir, 'dejavu', name));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('should fall back to DejaVu Sans for a missing family and still cover text', () => {
      const library = new FontLibrary([dir]);
      expect(library.fontFile('Noto Serif', 'bold')).toBe(join(dir, 'dejavu', 'DejaVuSans-Bold.ttf'));
      expect(library.fontFiles().sort()).toEqual([join(dir, 'dejavu', 'DejaVuSans-Bold.ttf'), join(dir, 'dejavu', 'DejaVuSans.ttf')]);
      const runs = library.fontRuns('Пожарная безопасность', 'Liberation Sans', 'regular');
      expect(summary(runs)).toEqual([['Пожарная безопасность', 'DejaVuSans.ttf']]);
    });

    it('should refuse with a RenderError naming the package when no font at all is installed', () => {
      const library = new FontLibrary([join(dir, 'missing')]);
      expect(() => library.fontFile('Noto Sans', 'regular')).toThrow(RenderError);
      expect(() => library.fontFile('Noto Sans', 'regular')).toThrow(/fonts-dejavu-core/);
    });
  });
});

describe('fontRuns', () => {
  it('should keep accented Latin and Cyrillic in the template family', () => {
    expect(summary(fontRuns('Sécurité incendie', 'Liberation Sans', 'regular'))).toEqual([
      ['Sécurité incendie', 'LiberationSans-Regular.ttf'],
    ]);
    expect(summary(fontRuns('Пожарная безопасность', 'Noto Serif', 'bold'))).toEqual([['Пожарная безопасность', 'NotoSerif-Bold.ttf']]);
  });

  it('should switch to the CJK font only for the characters the template family lacks', () => {
    expect(summary(fontRuns('Fire 消防安全 training', 'Liberation Sans', 'regular'))).toEqual([
      ['Fire ', 'LiberationSans-Regular.ttf'],
      ['消防安全', 'DroidSansFallbackFull.ttf'],
      [' training', 'LiberationSans-Regular.ttf'],
    ]);
  });

  it('should draw Arabic with an Arabic face and emoji with the faces that have them', () => {
    const arabic = fontRuns('Safety السلامة', 'Liberation Serif', 'regular');
    expect(fileOf(arabic[arabic.length - 1]!)).toBe('NotoSansArabic-Regular.ttf');
    expect(summary(fontRuns('Smile 😀 👍', 'Noto Sans', 'regular'))).toEqual([
      ['Smile ', 'NotoSans-Regular.ttf'],
      ['😀', 'DejaVuSans.ttf'],
      [' ', 'NotoSans-Regular.ttf'],
      ['👍', 'NotoSansSymbols2-Regular.ttf'],
    ]);
  });

  it('should keep every visible character, in a face that has it where any face does', () => {
    const text = 'Team 👩‍🚒 ready ⚠️ 消防 שלום 🔥';
    const runs = fontRuns(text, 'Liberation Sans', 'regular');
    const invisible = /[\u200d\ufe0f]/g;
    expect(
      runs
        .map((r) => r.text)
        .join('')
        .replace(invisible, ''),
    ).toBe(text.replace(invisible, ''));
    const uncovered = ['👩', '🚒', '🔥'];
    for (const run of runs) {
      for (const char of run.text.replace(invisible, '')) {
        // No installed font has these (there is no colour emoji font): they stay in the template face as a box.
        if (uncovered.includes(char)) expect(fileOf(run)).toBe('LiberationSans-Regular.ttf');
        else expect(run.face.font.hasGlyphForCodePoint(char.codePointAt(0)!)).toBe(true);
      }
    }
  });
});

describe('metrics', () => {
  it('should measure with the real glyph widths', () => {
    expect(textWidth('WWWW', 'DejaVu Sans', 'regular', 12)).toBeGreaterThan(textWidth('iiii', 'DejaVu Sans', 'regular', 12) * 2);
    expect(textWidth('Fire safety', 'Noto Sans', 'bold', 12)).toBeGreaterThan(textWidth('Fire safety', 'Noto Sans', 'regular', 12));
    expect(textWidth('Fire safety', 'Noto Sans', 'regular', 24)).toBeCloseTo(2 * textWidth('Fire safety', 'Noto Sans', 'regular', 12), 6);
    // A CJK ideograph is one em wide in Droid Sans Fallback.
    expect(textWidth('消防安全', 'Liberation Sans', 'regular', 10)).toBeCloseTo(40, 0);
  });

  it('should give each family its own line spacing', () => {
    expect(lineSpacing('Noto Sans')).toBeCloseTo(1.362, 2);
    expect(lineSpacing('Liberation Sans')).toBeCloseTo(1.15, 2);
  });
});

describe('shaping kept per face', () => {
  it('should shape a word once and give the same glyphs as fontkit, ligatures and Arabic joining included', () => {
    const arabic = fontRuns('السلام', 'Noto Sans', 'regular')[0]!.face;
    const latin = fontRuns('office', 'Noto Sans', 'regular')[0]!.face;
    const fresh = (face: typeof latin) => fontkit.create(readFileSync(face.path));
    for (const [face, word] of [
      [latin, 'office'],
      [arabic, 'السلام'],
    ] as const) {
      const kept = face.font.layout(word);
      // Kept: the same run again, no second shaping.
      expect(face.font.layout(word)).toBe(kept);
      expect(kept.glyphs.map((g) => g.id)).toEqual(fresh(face).layout(word).glyphs.map((g) => g.id));
    }
    // Other features are another shaping (no 'liga': 'ffi' stays three glyphs).
    const plain = latin.font.layout('office', { liga: false });
    expect(plain).not.toBe(latin.font.layout('office'));
    expect(plain.glyphs.map((g) => g.id)).toEqual(fresh(latin).layout('office', { liga: false }).glyphs.map((g) => g.id));
  });
});
