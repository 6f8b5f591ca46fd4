// Server-rendered markup of the preview dialog's content: the slides drawn in the project's
// template (its colours, fonts and layout, a company's own template too) and a video project's
// player on the preview route, which never counts as a download. No browser: react-dom/server.
import { describe, expect, it } from '@jest/globals';
import React, { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BUILTIN_TEMPLATES, LAYOUTS, type Template } from '@trainwright/templates';
import '../app/i18n/index.js';
import { parseSlideText } from '@trainwright/formats';
import { ProjectPreview, SlidesView } from '../app/components/projects/ContentView.js';
import { contentSecurityPolicy } from '../app/lib/csp.js';
import { onPrimaryColor, previewPositionLabel, previewSlideSrc, previewSlidesBase, previewSlidesListSrc, previewVideoSrc, templateLookOf } from '../app/lib/preview.js';
import type { Project } from '../app/lib/projects';
import { projectFixture } from './support/project.fixture.js';

// The shared swc transform compiles JSX with the classic runtime (React.createElement).
(globalThis as { React?: unknown }).React = React;

const SLIDES = ['# Forklift Safety', '', '## Daily checks', '- Walk around the truck', '- Test the horn', '', '## Load limits', '- Read the load plate'].join('\n');

function project(changes: Partial<Project> = {}): Project {
  return projectFixture({
    id: 'project-1',
    title: 'Forklift Safety',
    status: 'completed',
    project_type: 'slides_to_script',
    slides_content: SLIDES,
    created_at: '2026-03-01T10:00:00Z',
    company_id: 'company-1',
    progress: null,
    members: null,
    font_style: 'modern',
    image_style: 'professional',
    files_version: 1,
    // The client-side drawing: what the dialog shows while the server has no content to draw (the
    // slide images of a project with content are tested below).
    has_content: false,
    ...changes,
  });
}

function templateWith(layout: Template['layout']): Template {
  const template = BUILTIN_TEMPLATES.find((t) => t.layout === layout);
  if (!template) throw new Error(`no built-in template with the ${layout} layout`);
  return template;
}

/** The markup with the quotes of font names unescaped. */
const render = (p: Project, templates: readonly Template[] = BUILTIN_TEMPLATES) =>
  renderToStaticMarkup(h(ProjectPreview, { project: p, template: templateLookOf(templates, p.template_id) })).replaceAll('&#x27;', "'");

describe('ProjectPreview', () => {
  it("should draw the slides in the project's template: its colours, fonts and layout", () => {
    const template = templateWith('sidebar');
    const html = render(project({ template_id: template.id }));
    for (const key of ['primary', 'accent', 'background', 'text'] as const) expect(html).toContain(template.colorScheme[key]);
    expect(html).toContain(`'${template.fonts.heading}'`);
    expect(html).toContain(`'${template.fonts.body}'`);
    expect(html).toContain('data-layout="sidebar"');
    // The sidebar's title reads on the primary colour as in the exports.
    expect(html).toContain(`color:${onPrimaryColor(template.colorScheme)}`);
    expect(html).toContain('Daily checks');
    expect(html).toContain('Walk around the truck');
  });

  it('should draw every layout the exports know, with the secondary colour where the layout uses it', () => {
    for (const layout of LAYOUTS) {
      if (!BUILTIN_TEMPLATES.some((t) => t.layout === layout)) continue;
      const template = templateWith(layout);
      const html = render(project({ template_id: template.id }));
      expect({ layout, drawn: html.includes(`data-layout="${layout}"`) }).toEqual({ layout, drawn: true });
      expect(html).toContain('Read the load plate');
    }
    const grid = templateWith('grid');
    expect(render(project({ template_id: grid.id }))).toContain(grid.colorScheme.secondary);
  });

  it("should use a company's own template from the list", () => {
    const own: Template = {
      ...templateWith('two-column'),
      id: 'custom-7f3a',
      colorScheme: { primary: '#123456', secondary: '#abcdef', accent: '#fedcba', background: '#fafafa', text: '#101010' },
      fonts: { heading: 'Noto Serif', body: 'Liberation Sans' },
    };
    const html = render(project({ template_id: own.id }), [...BUILTIN_TEMPLATES, own]);
    for (const color of ['#123456', '#fedcba', '#fafafa', '#101010']) expect(html).toContain(color);
    expect(html).toContain("'Noto Serif', serif");
    expect(html).toContain('data-layout="two-column"');
  });

  it('should keep the default look without a template, or when the list lacks it', () => {
    for (const p of [project(), project({ template_id: 'deleted-template' })]) {
      const html = render(p);
      expect(html).not.toContain('data-layout');
      expect(html).toContain('#4f46e5');
      expect(html).toContain('Daily checks');
    }
  });

  it("should play a video project's current mp4 through the preview route, never the download", () => {
    const html = render(project({ visual_format: 'mp4', files_version: 2 }));
    expect(html).toMatch(/<video[^>]*src="\/api\/projects\/project-1\/preview\/video"[^>]*controls/);
    expect(html).not.toContain('/download/');
    expect(render(project({ visual_format: 'mov', files_version: 1 }))).toContain('<video');
  });

  it('should show no player without files or for a slides project', () => {
    expect(render(project({ visual_format: 'mp4', files_version: null }))).not.toContain('<video');
    expect(render(project({ visual_format: 'mp4', files_version: undefined }))).not.toContain('<video');
    expect(render(project({ visual_format: 'powerpoint', files_version: 3 }))).not.toContain('<video');
    expect(previewVideoSrc({ id: 'a/b', visual_format: 'mp4', files_version: 0 })).toBe('/api/projects/a%2Fb/preview/video');
  });

  it('should load the logo from our path, never the URL the user typed (security case 12)', () => {
    const typed = 'https://tracker.example/logo.png';
    const html = render(project({ branding: { company_name: 'Acme', logo_url: typed, website: '', logo_path: '/api/projects/project-1/logo' } }));
    expect(html).toMatch(/<img[^>]*src="\/api\/projects\/project-1\/logo"/);
    expect(html).not.toContain(typed);
    // The share page draws the slides with the branding its API answered: the share route's path.
    const deck = parseSlideText(SLIDES);
    const shared = renderToStaticMarkup(
      h(SlidesView, { deck, look: { fontStyle: 'modern', imageStyle: 'professional', branding: { company_name: 'Acme', logo_url: typed, website: '', logo_path: '/api/shared/tok/logo' } } }),
    );
    expect(shared).toMatch(/<img[^>]*src="\/api\/shared\/tok\/logo"/);
    expect(shared).not.toContain(typed);
    // Without a logo kept there is no image at all.
    expect(render(project({ branding: { company_name: 'Acme', logo_url: typed, website: '', logo_path: null } }))).not.toContain('<img');
    expect(contentSecurityPolicy('n')).toContain("img-src 'self' data: blob:;");
  });
});

describe('ProjectPreview slide images', () => {
  it('should show the slides as the downloads draw them: the preview route, versioned, with previous / next', () => {
    const html = render(project({ has_content: true, content_version: 3, updated_at: '2026-03-02T10:00:00Z', template_id: templateWith('sidebar').id }));
    expect(html).toMatch(/<img[^>]*src="\/api\/projects\/project-1\/preview\/slides\/0\?v=3\.completed\.[^"]+"/);
    expect(html).toContain('alt="Slide 1 of 1: Forklift Safety"');
    expect(html).toContain('data-testid="preview-slide-image"');
    expect(html).toContain('Previous slide');
    expect(html).toContain('Next slide');
    // The client-side drawing is only the fallback.
    expect(html).not.toContain('data-layout="sidebar"');
    expect(html).not.toContain('/download/');
  });

  it('should keep the client-side drawing while the project has no content', () => {
    const html = render(project({ has_content: false }));
    expect(html).not.toContain('preview-slide-image');
    expect(html).toContain('Daily checks');
  });

  it("should name a project's and a share link's routes", () => {
    expect(previewSlidesBase({ projectId: 'a/b' })).toBe('/api/projects/a%2Fb/preview/slides');
    expect(previewSlidesBase({ shareToken: 'tok' })).toBe('/api/shared/tok/preview/slides');
    expect(previewSlideSrc('/api/shared/tok/preview/slides', 2, '')).toBe('/api/shared/tok/preview/slides/2');
    expect(previewSlideSrc('/x', 0, '3.completed')).toBe('/x/0?v=3.completed');
  });

  it("should show a translation's slides and video through the same routes with its language", () => {
    expect(previewSlidesListSrc('/x')).toBe('/x');
    expect(previewSlidesListSrc('/x', 'es')).toBe('/x?language=es');
    expect(previewSlideSrc('/x', 1, '3.completed', 'es')).toBe('/x/1?v=3.completed&language=es');
    expect(previewSlideSrc('/x', 1, '', 'fr')).toBe('/x/1?language=fr');
    expect(previewVideoSrc({ id: 'p', visual_format: 'mp4', files_version: 1 }, 'es')).toBe('/api/projects/p/preview/video?language=es');
    const html = renderToStaticMarkup(h(ProjectPreview, { project: project({ has_content: true, content_version: 3, visual_format: 'mp4', files_version: 2 }), template: null, language: 'es' }));
    expect(html).toMatch(/<img[^>]*src="\/api\/projects\/project-1\/preview\/slides\/0\?v=3\.completed\.[^"]*&amp;language=es"/);
    expect(html).toMatch(/<video[^>]*src="\/api\/projects\/project-1\/preview\/video\?language=es"/);
  });
});

describe('one slide numbering (issue 23 point 13: formats slideNumbering)', () => {
  const LOOK = { fontStyle: 'modern', imageStyle: 'professional', branding: null };
  it('should number the carousel as the footers do: the title card unnumbered, the slides after it 1 to total', () => {
    // 11 images: the title card and 10 slides.
    expect(previewPositionLabel(0, 11)).toBeNull();
    expect(previewPositionLabel(2, 11)).toBe('2 / 10');
    expect(previewPositionLabel(10, 11)).toBe('10 / 10');
  });

  it('should number the drawn slides the same way, a title slide the cover stands for unnumbered', () => {
    const withTitleSlide = SLIDES.replace('# Forklift Safety\n', '# Forklift Safety\n\n## Forklift Safety\n');
    const html = renderToStaticMarkup(h(SlidesView, { deck: parseSlideText(withTitleSlide), look: LOOK }));
    expect(html).toContain('aria-label="Title slide"');
    expect(html).toContain('aria-label="Slide 1"');
    expect(html).toContain('aria-label="Slide 2"');
    expect(html).not.toContain('Slide 3');
  });

  it('should show a slide’s trainer notes apart from its speaker notes', () => {
    const html = renderToStaticMarkup(h(SlidesView, { deck: parseSlideText('## A\n- p\n**Speaker Notes:**\nSaid.\n**Trainer Notes:**\nFor you only.'), look: LOOK }));
    expect(html).toContain('Speaker notes');
    expect(html).toContain('Trainer notes');
    expect(html).toContain('For you only.');
  });
});

