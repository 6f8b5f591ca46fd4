// Translation end to end, against the real translation service (the offline Apertium engine by
// default) and media-render:
// 1. An account on the Professional plan (the operator command; the trial has only English)
//    creates a Script to Slides project and follows it to Completed.
// 2. 'Multi-language' on its card: the Translate Content tab offers Spanish and French (English,
//    the primary, is not offered); with nothing chosen Start Translation is disabled; both chosen,
//    Start Translation posts them, the dialog closes and says the translation started. The stream
//    announces the progress and the completion of each language; the card's language count
//    follows (3 languages).
// 3. Manage Languages: English marked Primary, Spanish and French completed, each with its actions.
// 4. 'Download files': the language picker offers the three languages; Spanish PowerPoint comes
//    from /download/pptx?language=es as a real .pptx.
// 5. 'Preview': the language picker shows the Spanish slides (media-render's images of the
//    translation, ?language=es), titled in Spanish.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, uniqueEmail, withScreenshotOnFailure, expectAccessible } from '../browser.js';
import { cardMenu, cardTitled, openCreateForm, recordStreamEvents, signUpOnProfessional, type StreamEvent, waitForLiveList, expectCompleted } from '../flows.js';

/** Generation and the render of the slides and documents of a short script. */
const RENDER_TIMEOUT_MS = 150_000;
/** Two translations and the render of their files. */
const TRANSLATION_TIMEOUT_MS = 180_000;

const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

const SCRIPT = [
  '[SCENE: Loading Dock Basics]',
  'NARRATOR: Check the forks before every shift.',
  '',
  '[SCENE: Pallet Stacking]',
  'NARRATOR: Stack the heaviest pallets at the bottom.',
  '',
].join('\n');

/** The languages the stream announced as completed for a project. */
function completedLanguages(events: StreamEvent[], projectId: string): string[] {
  return events
    .filter((e) => e.name === 'translation.completed' && e.data?.project_id === projectId)
    .map((e) => (e.data as { language?: string }).language ?? '');
}

async function waitForCompletedLanguages(events: StreamEvent[], projectId: string, languages: string[], timeout: number): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!languages.every((l) => completedLanguages(events, projectId).includes(l))) {
    const failed = events.find((e) => e.name === 'translation.failed' && e.data?.project_id === projectId);
    if (failed) throw new Error(`A translation failed: ${JSON.stringify(failed.data)}`);
    if (Date.now() > deadline) throw new Error(`Translations not completed in time (completed: ${completedLanguages(events, projectId).join(', ') || 'none'})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.getByTestId('toast');
  while ((await toasts.count()) > 0) {
    await toasts.first().getByRole('button', { name: 'Close' }).click({ timeout: 2000 }).catch(() => undefined); // it may have gone by itself
  }
}

describe('translation', () => {
  let browser: Browser;
  let page: Page;
  let streamed: StreamEvent[];
  const email = uniqueEmail('translate');
  const title = `Forklift ${Math.random().toString(36).slice(2, 8)} Translated`;
  let projectId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    streamed = await recordStreamEvents(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('creates a project on the Professional plan', async () => {
    await withScreenshotOnFailure(page, 'translate-create', async () => {
      const list = await signUpOnProfessional(page, { name: 'Tina Translate', company: 'Polyglot Training', email });

      const form = await openCreateForm(page);
      await form.getByLabel('Project title').fill(title);
      await form.getByLabel('Script', { exact: true }).fill(SCRIPT);
      await expectAccessible(page, 'Create Project dialog');
      await form.getByRole('button', { name: 'Create Project' }).click();
      await form.waitFor({ state: 'detached' });

      const card = cardTitled(list, title);
      await card.waitFor();
      projectId = (await card.getAttribute('data-project-id'))!;
      expect(projectId).toBeTruthy();
      await expectCompleted(card, RENDER_TIMEOUT_MS);
      expect(await card.getByTestId('language-count').innerText()).toBe('1 language');
    });
  }, RENDER_TIMEOUT_MS + 30_000);

  it('translates into Spanish and French from the Multi-Language dialog and follows them to completed', async () => {
    await withScreenshotOnFailure(page, 'translate-start', async () => {
      expect(projectId).toBeTruthy();
      await dismissToasts(page);
      const list = await waitForLiveList(page);
      const card = cardTitled(list, title);

      await cardMenu(page, card, title, 'Multi-language');
      const dialog = page.getByRole('dialog', { name: 'Multi-Language' });
      await dialog.getByRole('tab', { name: 'Translate Content', selected: true }).waitFor();
      await expectAccessible(page, 'Multi-Language dialog');
      await dialog.getByRole('tab', { name: 'Manage Languages' }).waitFor();
      await dialog.getByText('This project is written in English (its primary language).').waitFor();

      // The plan's other languages; the primary is not offered.
      const options = dialog.getByTestId('language-option');
      await options.first().waitFor();
      expect(await options.evaluateAll((items) => items.map((li) => li.getAttribute('data-language')))).toEqual(['es', 'fr']);
      const start = dialog.getByRole('button', { name: 'Start Translation' });
      expect(await start.isDisabled()).toBe(true);

      await dialog.getByRole('checkbox', { name: /^Spanish/ }).check();
      await dialog.getByRole('checkbox', { name: /^French/ }).check();
      await dialog.getByText('2 languages selected').waitFor();
      const [request, response] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/projects/${projectId}/bulk-translate`),
        page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/projects/${projectId}/bulk-translate`),
        start.click(),
      ]);
      expect(request.postDataJSON()).toEqual({ target_languages: ['es', 'fr'] });
      expect(response.status()).toBe(202);
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('toast').getByText('Translation started successfully! Processing in background.').waitFor();

      // The stream announces both completions; the card then counts three languages.
      await waitForCompletedLanguages(streamed, projectId, ['es', 'fr'], TRANSLATION_TIMEOUT_MS);
      expect(streamed.some((e) => e.name === 'translation.progress' && e.data?.project_id === projectId)).toBe(true);
      await card.getByTestId('language-count').getByText('3 languages').waitFor({ timeout: 30_000 });
      expect(await card.getByTestId('translation-jobs').count()).toBe(0);

      // Manage Languages: English primary, Spanish and French completed.
      await dismissToasts(page);
      await cardMenu(page, card, title, 'Multi-language');
      await dialog.getByRole('tab', { name: 'Manage Languages' }).click();
      const rows = dialog.getByTestId('language-row');
      await dialog.locator('[data-testid="language-row"][data-language="fr"][data-status="completed"]').waitFor();
      expect(await rows.evaluateAll((items) => items.map((li) => [li.getAttribute('data-language'), li.getAttribute('data-status')]))).toEqual([
        ['en', 'completed'],
        ['es', 'completed'],
        ['fr', 'completed'],
      ]);
      const english = dialog.locator('[data-testid="language-row"][data-language="en"]');
      await english.getByText('Primary', { exact: true }).waitFor();
      const spanish = dialog.locator('[data-testid="language-row"][data-language="es"]');
      for (const name of ['Set as primary', 'Edit the Spanish slides', 'Download the Spanish XLIFF', 'Upload a reviewed Spanish XLIFF', 'Delete the Spanish translation']) {
        await spanish.getByRole('button', { name }).waitFor();
      }
      // The Translate tab now shows both as translated.
      await dialog.getByRole('tab', { name: 'Translate Content' }).click();
      expect(await dialog.getByTestId('language-option').evaluateAll((items) => items.map((li) => li.getAttribute('data-state')))).toEqual(['translated', 'translated']);
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await dialog.waitFor({ state: 'detached' });
    });
  }, TRANSLATION_TIMEOUT_MS + 60_000);

  it('downloads the Spanish PowerPoint through the download dialog language picker', async () => {
    await withScreenshotOnFailure(page, 'translate-download', async () => {
      expect(projectId).toBeTruthy();
      // The Spanish files render after the translation completes: wait until the server has them.
      for (let waited = 0; ; waited += 500) {
        const ready = await page.request.get(`${BASE_URL}/api/projects/${projectId}/download/txt?language=es`);
        if (ready.status() === 200) break;
        expect(ready.status()).toBe(409);
        if (waited > 60_000) throw new Error('the Spanish files were not rendered within 60 s');
        await page.waitForTimeout(500);
      }
      await dismissToasts(page);
      const list = await waitForLiveList(page);
      const card = cardTitled(list, title);

      await cardMenu(page, card, title, 'Download files');
      const dialog = page.getByRole('dialog', { name: 'Download files' });
      await dialog.waitFor();
      await expectAccessible(page, 'Download files dialog');
      const picker = dialog.getByLabel('Language');
      expect(await picker.locator('option').evaluateAll((items) => items.map((o) => (o as HTMLOptionElement).value))).toEqual(['en', 'es', 'fr']);
      expect(await picker.inputValue()).toBe('en');
      await picker.selectOption('es');

      const [response, download] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === `/api/projects/${projectId}/download/pptx`, { timeout: 60_000 }),
        page.waitForEvent('download', { timeout: 60_000 }),
        dialog.getByRole('list', { name: 'File formats' }).locator('li[data-format="pptx"]').getByRole('button').click(),
      ]);
      expect(new URL(response.url()).searchParams.get('language')).toBe('es');
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain(PPTX_TYPE);
      expect(download.suggestedFilename()).toMatch(/\.pptx$/);
      const path = await download.path();
      expect(path).toBeTruthy();
      expect((await readFile(path!)).subarray(0, 2).toString('latin1')).toBe('PK'); // a zip, as every .pptx
      await page.getByTestId('toast').getByText(/^Download complete: .+\.pptx/).waitFor();
    });
  }, 120_000);

  it('previews the Spanish slides through the preview language picker', async () => {
    await withScreenshotOnFailure(page, 'translate-preview', async () => {
      expect(projectId).toBeTruthy();
      const spanish = (await (await page.request.get(`${BASE_URL}/api/projects/${projectId}/translations/es`)).json()) as { title: string };
      await dismissToasts(page);
      const list = await waitForLiveList(page);
      const card = cardTitled(list, title);
      await card.getByRole('button', { name: `Preview ${title}` }).click();
      const preview = page.getByRole('dialog', { name: title });
      await preview.waitFor();
      await expectAccessible(page, 'project preview dialog');
      const picker = preview.getByLabel('Language');
      expect(await picker.inputValue()).toBe('en');
      const image = preview.getByTestId('preview-slide-image');
      await image.waitFor();
      const [listed] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === `/api/projects/${projectId}/preview/slides` && new URL(r.url()).searchParams.get('language') === 'es'),
        picker.selectOption('es'),
      ]);
      expect(listed.status()).toBe(200);
      // The title card's image of the translation, named by the Spanish title.
      await page.waitForFunction(
        (alt) => {
          const img = document.querySelector('[data-testid="preview-slide-image"]') as HTMLImageElement | null;
          return !!img && img.complete && img.naturalWidth === 1280 && img.src.includes('language=es') && img.alt.endsWith(alt);
        },
        `: ${spanish.title}`,
        { timeout: 30_000 },
      );
      await preview.getByRole('button', { name: 'Close' }).last().click();
      await preview.waitFor({ state: 'detached' });
    });
  }, 60_000);
});
