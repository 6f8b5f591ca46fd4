// The upload pre-check (the catalogue's rules, as POST /api/uploads applies them), the template prefill in the slide text format,
// the template creator's error mapping and the editor's marker insertion.
import { describe, expect, it } from '@jest/globals';
import { parseSlideText } from '@trainwright/formats';
import { insertMarker, SCRIPT_MARKERS, SLIDE_MARKERS } from '../app/lib/editor.js';
import { fieldErrorsOf, templateFieldOfPath, templateQueryString, templateToSlideText } from '../app/lib/templates.js';
import { extensionOf } from '@trainwright/catalogue';
import { formatBytes, isIgnoredFile, MB, precheckUpload } from '../app/lib/uploads.js';

describe('precheckUpload', () => {
  it('accepts the script and slide types the server accepts, in any case', () => {
    for (const name of ['a.txt', 'b.DOCX', 'c.pdf']) expect(precheckUpload({ name, size: 10 }, 'script')).toBeNull();
    for (const name of ['a.pptx', 'b.PDF', 'c.png', 'd.jpg', 'e.JPEG']) expect(precheckUpload({ name, size: 10 }, 'slides')).toBeNull();
  });

  it('refuses other types with the accepted list', () => {
    expect(precheckUpload({ name: 'deck.pptx', size: 10 }, 'script')).toEqual({ code: 'type', accepted: '.txt, .docx, .pdf' });
    expect(precheckUpload({ name: 'notes.txt', size: 10 }, 'slides')).toEqual({ code: 'type', accepted: '.pptx, .pdf, .png, .jpg, .jpeg' });
    expect(precheckUpload({ name: 'README', size: 10 }, 'script')?.code).toBe('type');
    expect(precheckUpload({ name: 'x.pdf.exe', size: 10 }, 'script')?.code).toBe('type');
  });

  it('enforces the kind maximum (100 MB scripts, 200 MB slides) exactly', () => {
    expect(precheckUpload({ name: 'a.pdf', size: 104_857_600 }, 'script')).toBeNull();
    expect(precheckUpload({ name: 'a.pdf', size: 104_857_601 }, 'script')).toEqual({ code: 'size', size: 104_857_601, max: 104_857_600 });
    expect(precheckUpload({ name: 'a.pdf', size: 209_715_200 }, 'slides')).toBeNull();
    expect(precheckUpload({ name: 'a.pdf', size: 209_715_201 }, 'slides')?.code).toBe('size');
  });

  it("enforces the plan's fileUploadLimitMB when it is lower", () => {
    expect(precheckUpload({ name: 'a.pdf', size: 10 * MB }, 'script', 10)).toBeNull();
    expect(precheckUpload({ name: 'a.pdf', size: 10 * MB + 1 }, 'script', 10)).toEqual({ code: 'size', size: 10 * MB + 1, max: 10 * MB });
    // A plan above the kind maximum does not raise it.
    expect(precheckUpload({ name: 'a.pdf', size: 150 * MB }, 'script', 500)).toEqual({ code: 'size', size: 150 * MB, max: 104_857_600 });
  });

  it('refuses empty files', () => {
    expect(precheckUpload({ name: 'a.txt', size: 0 }, 'script')).toEqual({ code: 'empty' });
  });

  it('knows the files a drop brings along', () => {
    expect(isIgnoredFile('.DS_Store')).toBe(true);
    expect(isIgnoredFile('folder/Thumbs.db')).toBe(true);
    expect(isIgnoredFile('thumbs.db')).toBe(true);
    expect(isIgnoredFile('slides.pptx')).toBe(false);
    expect(extensionOf('Report.Final.PDF')).toBe('.pdf');
  });

  it('formats sizes', () => {
    expect(formatBytes(10 * MB)).toBe('10 MB');
    expect(formatBytes(1536)).toBe('2 kB');
    expect(formatBytes(12)).toBe('12 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(10 * MB, 'fr').replace(/\s/g, ' ')).toBe('10 Mo'); // French puts a no-break space before the unit
  });
});

describe('templateToSlideText', () => {
  const template = { content: { title: 'Workplace Safety', sections: ['Introduction', 'Hazards **here**', '## Not a heading'] } };

  it('prints one empty slide per section under the content title', () => {
    expect(templateToSlideText(template)).toBe('# Workplace Safety\n\n## Introduction\n\n## Hazards **here**\n\n## ## Not a heading\n');
  });

  it('reads back as the template outline', () => {
    const deck = parseSlideText(templateToSlideText(template));
    expect(deck.title).toBe('Workplace Safety');
    expect(deck.slides.map((s) => s.title)).toEqual(template.content.sections);
    expect(deck.slides.every((s) => s.points.length === 0 && s.paragraphs.length === 0 && s.notes === '')).toBe(true);
  });

  it('builds the marketplace query', () => {
    expect(templateQueryString({ search: ' safety ', category: 'Manufacturing', level: '', sort: 'difficulty' })).toBe(
      'search=safety&category=Manufacturing&sort=difficulty',
    );
  });
});

describe('template creator errors', () => {
  it('maps server paths to form fields', () => {
    expect(templateFieldOfPath('name')).toBe('name');
    expect(templateFieldOfPath('colorScheme.accent')).toBe('accent');
    expect(templateFieldOfPath('content.sections[3]')).toBe('sections');
    expect(templateFieldOfPath('features[2]')).toBe('features');
    expect(templateFieldOfPath('designElements.borderStyle')).toBeNull();
  });

  it('reads the detail shapes', () => {
    expect(fieldErrorsOf({ field: 'name', issues: ['Template name is required'] })).toEqual([{ field: 'name', message: 'Template name is required' }]);
    expect(fieldErrorsOf({ errors: [{ field: 'slides', message: 'too many' }] })).toEqual([{ field: 'slides', message: 'too many' }]);
    expect(fieldErrorsOf([{ field: 'layout', message: 'unknown' }])).toEqual([{ field: 'layout', message: 'unknown' }]);
    expect(fieldErrorsOf(undefined)).toEqual([]);
  });
});

describe('insertMarker', () => {
  it('starts a heading on a new line', () => {
    expect(insertMarker('Intro', 5, 5, SLIDE_MARKERS.heading)).toEqual({ value: 'Intro\n## ', selectionStart: 9, selectionEnd: 9 });
    expect(insertMarker('', 0, 0, SLIDE_MARKERS.heading)).toEqual({ value: '## ', selectionStart: 3, selectionEnd: 3 });
  });

  it('wraps a selection and keeps it selected', () => {
    const r = insertMarker('say hello', 4, 9, SCRIPT_MARKERS.scene);
    expect(r.value).toBe('say \n[SCENE: hello]');
    expect(r.value.slice(r.selectionStart, r.selectionEnd)).toBe('hello');
  });

  it('puts block markers on their own line and the caret after them', () => {
    const r = insertMarker('## A', 4, 4, SLIDE_MARKERS.notes);
    expect(r.value).toBe('## A\n**Speaker Notes:**\n');
    expect(r.selectionStart).toBe(r.value.length);
  });

  it('inserts a narrator line at the start of an empty line', () => {
    expect(insertMarker('a\n', 2, 2, SCRIPT_MARKERS.narrator).value).toBe('a\nNARRATOR: ');
  });
});
