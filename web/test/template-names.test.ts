// Template names in the interface language: a built-in's card (the marketplace and the create
// form's chosen template) shows its Spanish or French name and description, its preview and its
// buttons' names too; a company's own template keeps its name.
import { describe, expect, it } from '@jest/globals';
import React, { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router-dom/server';
import { BUILTIN_TEMPLATES, templatePreviewDataUri } from '@trainwright/templates';
import { TemplateCard } from '../app/components/templates/TemplateMarketplace.js';
import i18n from '../app/i18n/index.js';
import { shownTemplate, type MarketplaceTemplate } from '../app/lib/templates.js';

(globalThis as { React?: unknown }).React = React;

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

/** A built-in as GET /api/templates sends it (JSON: the catalogue entry plus the plan's fields). */
function served(id: string): MarketplaceTemplate {
  const template = JSON.parse(JSON.stringify(BUILTIN_TEMPLATES.find((t) => t.id === id)!)) as MarketplaceTemplate;
  return { ...template, available: true, preview_image: templatePreviewDataUri(template) };
}

async function card(language: string, template: MarketplaceTemplate): Promise<string> {
  const instance = i18n.cloneInstance();
  await instance.changeLanguage(language);
  return renderToStaticMarkup(
    h(I18nextProvider, { i18n: instance }, h(StaticRouter, { location: '/templates' }, h(TemplateCard, { template, layout: 'grid', mode: 'use', onUse: () => undefined }))),
  );
}

describe('template names in the interface language', () => {
  it.each([
    ['es', 'Seguridad en el trabajo', 'Detección de peligros'],
    ['fr', 'Sécurité au travail', 'Repérage des dangers'],
  ])('%s: a built-in card shows the translated name and description, nowhere the English name', async (language, name, description) => {
    const html = await card(language, served('manufacturing-workplace-safety'));
    expect(text(html)).toContain(name);
    expect(text(html)).toContain(description);
    expect(html).not.toContain('Workplace Safety');
    // The preview draws the name it is given.
    expect(decodeURIComponent(html)).toContain(name);
  });

  it('keeps English in English and a company template as its company named it', async () => {
    expect(text(await card('en', served('manufacturing-workplace-safety')))).toContain('Workplace Safety');
    const own: MarketplaceTemplate = { ...served('manufacturing-workplace-safety'), id: 'c1', builtIn: false, name: 'Our Safety Day', description: 'Ours.' };
    delete (own as { translations?: unknown }).translations;
    expect(shownTemplate(own, 'es')).toMatchObject({ name: 'Our Safety Day', description: 'Ours.', preview_image: own.preview_image });
  });

  it('names every built-in in es and fr', () => {
    for (const template of BUILTIN_TEMPLATES) {
      for (const language of ['es', 'fr']) expect(shownTemplate(served(template.id), language).name).not.toBe(template.name);
    }
  });
});
