// Choosing each slide's visual (visuals.ts): icons by key phrases, never twice in a deck; charts
// for slides of numbers; nothing for a slide dense with text; every image style drawn differently.
import { Resvg } from '@resvg/resvg-js';
import { createRequire } from 'node:module';
import { ICON_WORDS } from '../../src/render/icon-words.js';
import { bridgeTerms, chartOf, chartSvg, chooseIcons, iconSvg, IMAGE_STYLE_VALUES, isDense, keyTerms, planVisuals, visualPng } from '../../src/render/visuals.js';

const COLORS = { primary: '#1e3a5f', secondary: '#4a7ab0', accent: '#f59e0b', background: '#ffffff', ink: '#1f2937', onPrimary: '#ffffff' };
const slide = (title: string, points: string[], paragraphs: string[] = []) => ({ title, points, paragraphs });

describe('slide visuals', () => {
  it('should pick icons by the slide title and points, each once per deck', () => {
    const slides = [
      slide('Inspect the forklift before each shift', ['Check the forks and the mast for cracks', 'Test the brakes and the horn']),
      slide('Fire extinguishers', ['Pull the pin', 'Aim at the base of the fire']),
      slide('Pedestrians and walkways', ['Make eye contact before you move']),
      slide('Forklift parking', ['Lower the forks', 'Set the parking brake']),
    ];
    const icons = chooseIcons(slides, 'Manufacturing');
    expect(icons[0]).toBe('forklift');
    expect(icons[1]).toBe('fire-extinguisher');
    expect(new Set(icons).size).toBe(icons.length);
  });

  it('should not take a phrase tag word by word, nor a computer icon for a warehouse slide', () => {
    const slides = [
      slide('Near miss', ['Report every incident and near miss within 24 hours']),
      slide('Load handling', ['Check the weight of every load against the capacity plate', 'Carry loads low']),
    ];
    const icons = chooseIcons(slides, 'Manufacturing');
    expect(icons[0]).not.toBe('nfc');
    expect(icons[1]).not.toBe('load-balancer');
    // A technology deck may still have its servers.
    expect(chooseIcons([slide('Load balancer', ['Spread the traffic over the servers'])], 'Technology')).toEqual(['load-balancer']);
  });

  it('should fall back on the template category, never repeating an icon', () => {
    const slides = Array.from({ length: 8 }, (_, i) => slide(`Тема ${i}`, ['Текст']));
    const icons = chooseIcons(slides, 'Healthcare');
    expect(icons[0]).toBe('heart-rate-monitor');
    expect(new Set(icons).size).toBe(8);
  });

  it('should match Spanish and French slides through the keyword table', () => {
    const es = [slide('Extintores y evacuación', ['Use el extintor más cercano', 'Salga por la escalera, nunca por el ascensor'])];
    const fr = [slide('Le chariot élévateur', ["Vérifiez les fourches et les freins avant chaque poste", "Réduisez la vitesse dans l'entrepôt"])];
    expect(chooseIcons(es, 'Manufacturing', 'es')).toEqual(['fire-extinguisher']);
    expect(chooseIcons(fr, 'Manufacturing', 'fr-CA')).toEqual(['forklift']);
    // Without the language the same slides match nothing and take the category's fallback.
    expect(chooseIcons(es, 'Manufacturing')).toEqual(['building-factory-2']);
    expect(bridgeTerms("L'hygiène des mains", 'fr')).toEqual(['wash', 'hand']);
    expect(bridgeTerms('Contraseñas seguras', 'es')).toEqual(['password']);
  });

  it('should map every bridged word to words that are in the icons\' names or tags', () => {
    const require = createRequire(import.meta.url);
    const meta = Object.values(require('@tabler/icons/icons.json') as Record<string, { name: string; tags: unknown[] }>);
    const known = new Set(meta.flatMap((m) => [...m.name.split('-'), ...m.tags.map((t) => String(t).toLowerCase()).filter((t) => /^\p{L}+$/u.test(t))]).flatMap((w) => keyTerms(w)));
    for (const [language, table] of Object.entries(ICON_WORDS)) {
      expect(Object.keys(table).length).toBeGreaterThan(150);
      for (const [word, english] of Object.entries(table)) {
        expect([language, word, /^[a-z]+$/.test(word)]).toEqual([language, word, true]);
        for (const term of keyTerms(english)) expect([language, word, term, known.has(term)]).toEqual([language, word, term, true]);
      }
    }
  });

  it('should read key terms without stop words or plural endings', () => {
    expect(keyTerms("The ladders and the worker's boxes")).toEqual(['ladder', 'worker', 'box']);
  });

  it('should chart a slide whose points are quantities of one kind', () => {
    expect(chartOf(slide('Speed limits', ['Warehouse: 8 km/h', 'Loading bays: 5 km/h', 'Yard: 15 km/h']))).toEqual({
      kind: 'bar',
      labels: ['Warehouse', 'Loading bays', 'Yard'],
      values: [8, 5, 15],
      unit: 'km/h',
    });
    expect(chartOf(slide('Causes', ['Slips and trips: 45%', 'Lifting: 30%', 'Vehicles: 25%']))?.kind).toBe('doughnut');
    expect(chartOf(slide('Budget', ['Training: $12,500', 'Equipment: $30,000']))).toMatchObject({ values: [12500, 30000], unit: '$' });
    // Numbers of different kinds, a lone number or years are not a chart.
    expect(chartOf(slide('Load', ['Check load 1 before lifting', 'Ask for help over 25 kg']))).toBeNull();
    expect(chartOf(slide('Stairs', ['Stairwells are protected for 60 minutes', 'Lifts are not']))).toBeNull();
    expect(chartOf(slide('History', ['Founded in 1998', 'Listed in 2005']))).toBeNull();
  });

  it('should give a slide dense with text no visual', () => {
    const dense = slide('Everything', Array.from({ length: 12 }, (_, i) => `Point ${i + 1} with a fair amount of words in it`));
    expect(isDense(dense)).toBe(true);
    const visuals = planVisuals([dense, slide('Fire', ['Heat', 'Fuel', 'Oxygen']), slide('Costs', ['Fines: $5,000', 'Repairs: $12,000'])], 'Business');
    expect(visuals[0]).toBeNull();
    expect(visuals[1]).toMatchObject({ kind: 'icon' });
    expect(visuals[2]).toMatchObject({ kind: 'chart' });
  });

  it('should draw every image style differently, and rasterise each', () => {
    const svgs = IMAGE_STYLE_VALUES.map((style) => iconSvg('forklift', style, COLORS, 240));
    expect(new Set(svgs).size).toBe(IMAGE_STYLE_VALUES.length);
    const pngs = svgs.map((svg) => new Resvg(svg).render().asPng().toString('base64'));
    expect(new Set(pngs).size).toBe(IMAGE_STYLE_VALUES.length);
  });

  it('should draw a chart as SVG with its labels and values', () => {
    const svg = chartSvg({ kind: 'bar', labels: ['Warehouse', 'Yard'], values: [8, 15], unit: 'km/h' }, COLORS, 'Noto Sans', 480, 320);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('Warehouse');
    expect(svg).toContain('15 km/h');
  });

  it('should rasterise a visual once for every render that draws it the same way', () => {
    const chart = { kind: 'chart' as const, chart: { kind: 'bar' as const, labels: ['Warehouse', 'Yard'], values: [8, 15], unit: 'km/h' } };
    const first = visualPng(chart, 'modern', COLORS, 'Noto Sans', 300, 200, 2);
    // The same visual drawn again (the next format, the next render) is the same picture, not a new one.
    expect(visualPng({ ...chart, chart: { ...chart.chart } }, 'modern', { ...COLORS }, 'Noto Sans', 300, 200, 2)).toBe(first);
    // A PNG's width is the big-endian word at byte 16 (IHDR).
    expect(first.readUInt32BE(16)).toBe(600);
    // Any difference in what is drawn or how big is a picture of its own.
    const others = [
      visualPng({ ...chart, chart: { ...chart.chart, values: [8, 16] } }, 'modern', COLORS, 'Noto Sans', 300, 200, 2),
      visualPng(chart, 'modern', { ...COLORS, primary: '#7f1d1d' }, 'Noto Sans', 300, 200, 2),
      visualPng(chart, 'modern', COLORS, 'Noto Sans', 300, 200, 3),
    ];
    for (const other of others) expect(other.equals(first)).toBe(false);
    expect(others[2]!.readUInt32BE(16)).toBe(900);
  });
});
