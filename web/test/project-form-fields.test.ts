// The per-project "burn subtitles into the video" checkbox of the create and edit dialogs
// (ProjectFormFields' BurnSubtitlesField): a labelled checkbox with its hint, in en, es and fr.
import { afterAll, describe, expect, it } from '@jest/globals';
import React, { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import i18n from '../app/i18n/index.js';
import { BurnSubtitlesField } from '../app/components/projects/ProjectFormFields.js';

// The shared swc transform compiles JSX with the classic runtime (React.createElement).
(globalThis as { React?: unknown }).React = React;

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
const render = (checked: boolean) => renderToStaticMarkup(h(BurnSubtitlesField, { checked, onChange: () => undefined }));

afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('BurnSubtitlesField', () => {
  it('is a checkbox, ticked as the project says, labelled and described by its hint', async () => {
    await i18n.changeLanguage('en');
    const on = render(true);
    const off = render(false);
    expect(on).toMatch(/<input[^>]*type="checkbox"[^>]*checked=""/);
    expect(off).toMatch(/<input[^>]*type="checkbox"/);
    expect(off).not.toContain('checked=""');
    const inputId = /<input[^>]*id="([^"]+)"/.exec(on)![1];
    const hintId = /aria-describedby="([^"]+)"/.exec(on)![1];
    expect(on).toContain(`for="${inputId}"`);
    expect(on).toContain(`id="${hintId}"`);
    expect(text(on)).toContain('Burn subtitles into the video');
    expect(text(on)).toContain('a track that viewers can turn on');
  });

  it.each([
    ['es', 'Incrustar los subtítulos en el vídeo'],
    ['fr', 'Incruster les sous-titres dans la vidéo'],
  ])('is translated (%s)', async (language, label) => {
    await i18n.changeLanguage(language);
    expect(text(render(false))).toContain(label);
  });
});
