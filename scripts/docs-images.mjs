#!/usr/bin/env node
// The pictures of docs/media-render.md ("Slide visuals") and docs/generator.md, made as the product
// makes them: the forklift script (services/generator/test/fixtures/sources/forklift-safety.txt)
// through the real offline engine (document analysis, as a trainer uploading it would), rendered
// by the media-render service with the template Workplace Safety (its own layout, fonts, image and
// font style), then seen through real consumers:
//   - the PowerPoint deck converted to pdf by LibreOffice, pages rasterised by pdftoppm: a slide
//     with an icon, the slide of numbers (a native chart; the forklift deck states its speed limits
//     in sentences, so its Speed limits slide edited to one limit per point, as a trainer would)
//     and a slide dense with text, when the deck has one;
//   - the PDF guide rasterised by pdftoppm: the page of the first section with an icon;
//   - one video frame: the first content slide's SVG frame with all its points, through resvg.
// Each becomes a 640-px-wide PNG in docs/images/ (forklift-*.png, replacing the previous ones);
// the script prints which slide and page each one shows, for the captions.
//
// Run by hand (not in npm test), after building the generator and media-render packages:
//   source scripts/lib/node-runtime.sh
//   npx turbo run build --filter=@trainwright/generator --filter=@trainwright/media-render
//   node scripts/docs-images.mjs [--keep DIR]
// Needs soffice (LibreOffice), pdftoppm and pdftotext (poppler-utils) on PATH.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { normalizeGeneratorRequest } from '@trainwright/catalogue';
import { deckToScript, printScript } from '@trainwright/formats';
import { BUILTIN_TEMPLATES } from '@trainwright/templates';

const GENERATOR = import.meta.resolve('@trainwright/generator'); // .../services/generator/dist/src/index.js
const { documentFromText } = await import(new URL('./ingest/index.js', GENERATOR));
const { OfflineEngine } = await import(new URL('./adapters/offline/offline-engine.js', GENERATOR));
const MEDIA = import.meta.resolve('@trainwright/media-render'); // .../services/media-render/dist/src/index.js
const { renderDocument } = await import(new URL('./render/index.js', MEDIA));
const { prepareContent } = await import(new URL('./render/content.js', MEDIA));
const { renderSlideSvg, resvgOptions } = await import(new URL('./video/slide-image.js', MEDIA));

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const IMAGES = join(ROOT, 'docs/images');
const SOURCE = join(ROOT, 'services/generator/test/fixtures/sources/forklift-safety.txt');
const TEMPLATE_ID = 'manufacturing-workplace-safety';
const WIDTH = 640;
const keepAt = process.argv.indexOf('--keep');
const work = keepAt > 0 ? process.argv[keepAt + 1] : mkdtempSync(join(tmpdir(), 'docs-images-'));

// 1. The project, as the offline engine makes it from the uploaded script.
const text = readFileSync(SOURCE, 'utf8');
const task = { kind: 'generator', request: normalizeGeneratorRequest('document_analysis', {}, true), source: documentFromText(text, '') };
const result = await new OfflineEngine().generate({ task, title: '', description: '', aiInstructions: '', language: 'en' }, () => {});
const template = BUILTIN_TEMPLATES.find((t) => t.id === TEMPLATE_ID);
const input = {
  projectId: 'docs-forklift',
  title: result.title || result.deck.title,
  description: 'Daily checks, speed limits, safe loads, pedestrians, parking and reporting for forklift drivers.',
  language: 'en',
  deck: result.deck,
  // What the service derives when a project has no script of its own.
  script: printScript(deckToScript(result.deck)),
  summary: result.summary ?? '',
  objectives: result.objectives ?? [],
  questions: (result.questions ?? []).map((q) => ({ prompt: q.prompt, options: q.options.map((o) => ({ text: o.text, is_correct: o.is_correct })), explanation: q.explanation ?? '' })),
  glossary: (result.glossary ?? []).map((g) => ({ term: g.term, definition: g.definition })),
  style: { templateId: template.id, templateName: template.name, colors: { ...template.colorScheme }, layout: template.layout, fonts: { ...template.fonts }, fontStyle: template.fontStyle, imageStyle: template.imageStyle },
  branding: { companyName: 'Northwind Logistics', website: 'www.northwind-logistics.example', logo: null },
  generatedAt: '2026-11-25T09:00:00.000Z',
};
const content = prepareContent(input);
const sections = content.sections;
console.log(`[docs-images] ${input.title}: ${sections.length} sections (${sections.map((s) => `${s.title} [${s.visual?.kind === 'icon' ? s.visual.icon : s.visual?.kind ?? 'none'}]`).join(', ')})`);

const run = (cmd, args) => execFileSync(cmd, args, { cwd: work, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 }).toString();
/** Page `page` (from 1) of a pdf as a PNG `WIDTH` pixels wide, written to docs/images/<name>. */
function pagePng(pdf, page, name) {
  const prefix = join(work, `page-${name}`);
  run('pdftoppm', ['-png', '-f', String(page), '-l', String(page), '-scale-to-x', String(WIDTH), '-scale-to-y', '-1', '-singlefile', pdf, prefix]);
  copyFileSync(`${prefix}.png`, join(IMAGES, name));
}
const written = [];
const out = (name, what) => {
  written.push(name);
  console.log(`[docs-images] docs/images/${name}: ${what}`);
};

// 2. The PowerPoint deck through LibreOffice. Slide 1 is the title slide; section k is slide k + 2.
writeFileSync(join(work, 'forklift.pptx'), await renderDocument('pptx', input));
const profile = mkdtempSync(join(tmpdir(), 'docs-images-lo-'));
try {
  run('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', work, join(work, 'forklift.pptx')]);
} finally {
  rmSync(profile, { recursive: true, force: true });
}
const deckPdf = join(work, 'forklift.pdf');
const slideOf = (s) => sections.indexOf(s) + 2;
// A topic of the material, not the objectives or the summary the engine adds around them.
const framing = new Set([content.labels.objectives, content.labels.summary, 'Key takeaways']);
const iconSection = sections.find((s) => s.visual?.kind === 'icon' && !framing.has(s.title)) ?? sections.find((s) => s.visual?.kind === 'icon');
const chartSection = sections.find((s) => s.visual?.kind === 'chart');
const denseSection = sections.find((s) => s.dense);
for (const name of readdirSync(IMAGES)) if (name.startsWith('forklift-')) unlinkSync(join(IMAGES, name));
if (iconSection) pagePng(deckPdf, slideOf(iconSection), 'forklift-pptx-icon.png'), out('forklift-pptx-icon.png', `slide ${slideOf(iconSection)}, "${iconSection.title}", icon ${iconSection.visual.icon}`);
if (chartSection) pagePng(deckPdf, slideOf(chartSection), 'forklift-pptx-chart.png'), out('forklift-pptx-chart.png', `slide ${slideOf(chartSection)}, "${chartSection.title}", a ${chartSection.visual.chart.kind} chart`);
else {
  // The engine states the speed limits in sentences; a trainer who edits the slide into one limit
  // per point (the edit dialog's slide text) gets a chart: that deck, rendered the same way.
  const speed = input.deck.slides.findIndex((s) => s.title === 'Speed limits');
  const slides = input.deck.slides.map((s, i) => (i === speed ? { ...s, points: ['Warehouse aisles: 8 km/h', 'Loading bays: 5 km/h', 'Outdoor yard: 12 km/h', 'Reversing with a load: 3 km/h'], paragraphs: [] } : s));
  const edited = { ...input, projectId: 'docs-forklift-edited', deck: { ...input.deck, slides } };
  const editedSections = prepareContent(edited).sections;
  const chart = editedSections.find((s) => s.visual?.kind === 'chart');
  if (!chart) throw new Error('the edited Speed limits slide has no chart');
  writeFileSync(join(work, 'forklift-edited.pptx'), await renderDocument('pptx', edited));
  const editedProfile = mkdtempSync(join(tmpdir(), 'docs-images-lo-'));
  try {
    run('soffice', [`-env:UserInstallation=file://${editedProfile}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', work, join(work, 'forklift-edited.pptx')]);
  } finally {
    rmSync(editedProfile, { recursive: true, force: true });
  }
  const slide = editedSections.indexOf(chart) + 2;
  pagePng(join(work, 'forklift-edited.pdf'), slide, 'forklift-pptx-chart.png');
  out('forklift-pptx-chart.png', `slide ${slide}, "${chart.title}" edited to one limit per point, a ${chart.visual.chart.kind} chart`);
}
if (denseSection) pagePng(deckPdf, slideOf(denseSection), 'forklift-pptx-dense.png'), out('forklift-pptx-dense.png', `slide ${slideOf(denseSection)}, "${denseSection.title}", dense`);
else console.log('[docs-images] no slide dense with text in this deck: no dense picture');

// 3. The PDF guide: the page of the first section with an icon (the last page naming its heading:
// the contents page names it first).
const guidePdf = join(work, 'guide.pdf');
writeFileSync(guidePdf, await renderDocument('pdf', input));
const pages = run('pdftotext', ['-layout', guidePdf, '-']).split('\f');
const guideSection = iconSection ?? sections[0];
const guidePage = pages.findLastIndex((p) => p.includes(guideSection.heading)) + 1;
pagePng(guidePdf, guidePage, 'forklift-pdf-guide.png');
out('forklift-pdf-guide.png', `page ${guidePage} of ${pages.length - 1}, section "${guideSection.heading}"`);

// 4. A video frame: the first content slide with all its points, the SVG the video is made of.
const size = { width: 1280, height: 720 };
const frameSection = iconSection ?? sections[0];
const svg = renderSlideSvg(input, sections.indexOf(frameSection), size);
const options = resvgOptions(input, size);
const png = new Resvg(svg, { ...options, fitTo: { mode: 'width', value: WIDTH } }).render().asPng();
writeFileSync(join(IMAGES, 'forklift-video-frame.png'), png);
out('forklift-video-frame.png', `video slide ${sections.indexOf(frameSection) + 2} (the title card is 1), "${frameSection.title}", all points revealed`);

if (keepAt < 0) rmSync(work, { recursive: true, force: true });
console.log(`[docs-images] ${written.length} pictures in docs/images/`);
