// A project's files in a translation's language, read back by their real consumers: the Spanish
// deck converted by LibreOffice, the Spanish, Arabic and Chinese PDF guides read by pdftotext, and
// the Spanish narrated video's streams as ffprobe sees them. The input is made as a translation's
// render job makes it (translatedProject + renderInputOf).
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Project } from '@trainwright/proto/trainwright/project/v1/project';
import { Translation } from '@trainwright/proto/trainwright/translation/v1/translation';
import type { RenderInput } from '../../src/domain/types.js';
import { renderDocument } from '../../src/render/index.js';
import { RendererRepository } from '../../src/repositories/renderer.repository.js';
import { renderInputOf, translatedProject } from '../../src/services/renders/render-input.js';
import { EspeakProvider } from '../../src/adapters/speech/espeak.js';
import { ffprobe, parseVtt } from '../video/helpers.js';
import { convertWithLibreOffice, flat, pdfText, tempDir } from './consumers.js';

const run = promisify(execFile);

const PROJECT = Project.fromPartial({
  id: 'project-1',
  companyId: 'company-1',
  title: 'Forklift safety',
  primaryLanguage: 'en',
  visualFormat: 'mp4',
  slidesContent: '# Forklift safety\n\n## Before you drive\n**Content:**\n- Check the brakes\n**Speaker Notes:**\nAlways check the brakes.\n',
  contentVersion: 3,
});

// Longer than the English original on purpose: a translated slide must still fit.
const SPANISH_POINTS = [
  'Compruebe los frenos, la dirección y el claxon antes de cada turno de trabajo en el almacén',
  'Informe inmediatamente al supervisor de cualquier fuga de aceite o de líquido hidráulico',
  'Nunca transporte a otras personas en las horquillas ni en el contrapeso de la carretilla',
  'Mantenga la carga baja e inclinada hacia atrás mientras circula por los pasillos estrechos',
];

function translation(language: string, title: string, slides: string): Translation {
  return Translation.fromPartial({ summary: { targetLanguage: language, sourceLanguage: 'en', status: 'completed', version: 2, sourceVersion: 3 }, title, description: '', slidesContent: slides });
}

function inputIn(language: string, title: string, slides: string): RenderInput {
  return renderInputOf(translatedProject(PROJECT, translation(language, title, slides)), null, null);
}

const SPANISH = inputIn(
  'es',
  'Seguridad con carretillas elevadoras',
  `# Seguridad con carretillas elevadoras\n\n## Antes de conducir la carretilla elevadora en el almacén\n**Content:**\n${SPANISH_POINTS.map((p) => `- ${p}`).join('\n')}\n**Speaker Notes:**\nCompruebe siempre los frenos antes de empezar.\n`,
);
// 'السلامة' holds lam-alef, which the font draws as one ligature glyph.
const ARABIC_POINT = 'افحص المكابح قبل كل نوبة عمل للسلامة';
const ARABIC = inputIn('ar', 'السلامة مع الرافعات الشوكية', `# السلامة مع الرافعات الشوكية\n\n## قبل القيادة\n**Content:**\n- ${ARABIC_POINT}\n`);
const CHINESE_POINT = '每次轮班前检查刹车';
const CHINESE = inputIn('zh', '叉车安全', `# 叉车安全\n\n## 驾驶前\n**Content:**\n- ${CHINESE_POINT}\n`);

let dir: string;
beforeAll(async () => {
  dir = await tempDir('translated');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function write(name: string, body: Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, body);
  return path;
}

describe('a translation rendered in its language', () => {
  it('should make the render input from the translation in its language', () => {
    expect(SPANISH).toMatchObject({ language: 'es', title: 'Seguridad con carretillas elevadoras', projectId: 'project-1' });
    expect(SPANISH.deck.slides[0]!.points).toEqual(SPANISH_POINTS);
  });

  it('should draw the Spanish deck so LibreOffice reads every point, however long', async () => {
    const pptx = await write('deck-es.pptx', await renderDocument('pptx', SPANISH));
    const text = flat(await pdfText((await convertWithLibreOffice([pptx], dir)).get(pptx)!));
    expect(text).toContain('Antes de conducir la carretilla elevadora');
    for (const point of SPANISH_POINTS) expect(text).toContain(point);
    // The deck says its language, so spelling and fonts follow it.
    expect((await run('unzip', ['-p', pptx, 'ppt/slides/slide2.xml'])).stdout).toContain('lang="es"');
  }, 240_000);

  it('should write the Spanish PDF guide in Spanish', async () => {
    const text = flat(await pdfText(await write('guide-es.pdf', await renderDocument('pdf', SPANISH))));
    for (const point of SPANISH_POINTS) expect(text).toContain(point);
    expect(text).toContain('Notas del formador');
  });

  it('should write Arabic that pdftotext reads in its logical order', async () => {
    const text = await pdfText(await write('guide-ar.pdf', await renderDocument('pdf', ARABIC)));
    // Shaped (joined) glyphs and the lam-alef ligature map back to the letters, right-to-left runs to reading order.
    expect(text).toContain(ARABIC_POINT);
    expect(text).toContain('السلامة مع الرافعات الشوكية');
  });

  it('should write Chinese slides with a face that has the glyphs', async () => {
    const pdf = await write('guide-zh.pdf', await renderDocument('pdf', CHINESE));
    expect(flat(await pdfText(pdf))).toContain(CHINESE_POINT);
    const pptx = await write('deck-zh.pptx', await renderDocument('pptx', CHINESE));
    expect(flat(await pdfText((await convertWithLibreOffice([pptx], dir)).get(pptx)!))).toContain(CHINESE_POINT);
  }, 240_000);

  it('should narrate the Spanish video with a Spanish voice and Spanish subtitles tagged spa', async () => {
    const renderers = new RendererRepository({ speech: new EspeakProvider(), size: { width: 640, height: 360 } });
    const short = inputIn('es', 'Carretillas', '# Carretillas\n\n## Frenos\n**Content:**\n- Compruebe los frenos\n**Speaker Notes:**\nCompruebe siempre los frenos.\n');
    const workDir = join(dir, 'video-es');
    // The project's voice is English: the translation speaks it in Spanish (espeak-ng's es voice, same variant).
    const video = await renderers.video(short, { provider: 'espeak', voice: 'en-us+f2', language: 'es' }, workDir, async () => undefined);
    const probe = await ffprobe(video.mp4Path);
    expect(probe.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'subtitle', 'video']);
    const subtitle = probe.streams.find((s) => s.codec_type === 'subtitle') as { tags?: Record<string, string> };
    expect(subtitle.tags?.language).toBe('spa');
    const cues = parseVtt(await readFile(video.vttPath!, 'utf8'));
    expect(cues.map((c) => c.text).join(' ')).toContain('Compruebe siempre los frenos.');
  }, 240_000);
});
