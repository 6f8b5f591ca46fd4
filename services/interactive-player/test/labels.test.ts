import { PLAYER_CSS, PLAYER_ROOT_CLASS, playerLabels, type PlayerLabels } from '../src/index.js';

function strings(labels: PlayerLabels): string[] {
  return Object.values(labels).map((value) => (typeof value === 'function' ? String(value('A', 'B')) : String(value)));
}

describe('labels', () => {
  it('should have English, Spanish and French, each with every label filled', () => {
    for (const language of ['en', 'es', 'fr']) {
      const labels = playerLabels(language);
      expect(Object.keys(labels).sort()).toEqual(Object.keys(playerLabels('en')).sort());
      for (const text of strings(labels)) expect(text.trim()).not.toBe('');
    }
    expect(playerLabels('es').play).toBe('Reproducir');
    expect(playerLabels('fr').skipChapter).toBe('Passer le chapitre');
  });

  it('should use a language by its base tag and fall back to English', () => {
    expect(playerLabels('fr-CA')).toBe(playerLabels('fr'));
    expect(playerLabels('ES')).toBe(playerLabels('es'));
    expect(playerLabels('de')).toBe(playerLabels('en'));
    expect(playerLabels('')).toBe(playerLabels('en'));
  });

  it('should word the parts that take values', () => {
    const en = playerLabels('en');
    expect(en.timeOf('1:05', '5:00')).toBe('1:05 of 5:00');
    expect(en.chapterItem('Safety', '1:30')).toBe('Safety, 1:30');
    expect(en.score(75)).toBe('Score: 75%');
  });
});

describe('styles', () => {
  it('should scope every rule under the root class', () => {
    const selectors = PLAYER_CSS.replace(/@supports[^{]*\{|@media[^{]*\{/g, '')
      .replace(/\{[^}]*\}/g, '\n')
      .split(/[\n,]/)
      .map((s) => s.trim())
      .filter((s) => s && s !== '}');
    expect(selectors.length).toBeGreaterThan(20);
    for (const selector of selectors) expect(selector.startsWith(`.${PLAYER_ROOT_CLASS}`)).toBe(true);
  });

  it('should keep the frame at 16:9', () => {
    expect(PLAYER_CSS).toContain('aspect-ratio: 16 / 9');
  });
});
