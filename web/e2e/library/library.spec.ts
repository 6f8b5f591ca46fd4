// The company library's main path (docs/library.md), against the real services (the offline
// engine): a new account opens the Library from the navigation and uploads two text files, one on
// forklift safety and one on fire safety; both are listed with their passages; a search for
// 'forklift' finds a passage with the word marked. On the create form, topic-to-content with the
// topic 'Forklift safety' offers the library (checked) and shows the passages it will use; the
// project is generated, its card says 'From your library', and its preview names the forklift
// document under a slide ('Source: ...', with the passage quoted).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { BASE_URL, expectAccessible, launchBrowser, uniqueEmail, withScreenshotOnFailure } from '../browser.js';
import { cardTitled, expectCompleted, openCreateForm, signUp, waitForLiveList } from '../flows.js';

const FORKLIFT = {
  title: 'Forklift Safety Handbook',
  file: 'forklift-safety.txt',
  text: [
    'Forklift Safety',
    '',
    'Only trained and certified operators may drive a forklift on our sites. Every operator carries a valid licence and renews the training every three years. Visitors and new staff never drive a forklift, even for a short distance.',
    '',
    'Before every shift, the operator checks the forklift: the brakes, the steering, the horn, the lights, the mast chains and the forks. A forklift with a fault is tagged out of service and reported to the shift supervisor at once. Nobody uses it again until a technician has repaired it.',
    '',
    'Never lift a load above the rated capacity shown on the load plate of the forklift. Carry loads low, with the mast tilted back, and travel slowly around corners. When a load blocks the view ahead, drive in reverse and keep looking in the direction of travel.',
    '',
    'Pedestrians keep to the marked walkways in the warehouse. The operator sounds the horn at blind corners and at doorways, and stops when a person is closer than three metres. A forklift never carries passengers.',
  ].join('\n'),
};

const FIRE = {
  title: 'Fire Safety Procedures',
  file: 'fire-safety.txt',
  text: [
    'Fire Safety',
    '',
    'A fire needs heat, fuel and oxygen to burn, and removing any one of the three puts it out. Most workplace fires start in kitchens, in electrical equipment or in waste bins, so keep bins emptied and report damaged cables to the facilities team.',
    '',
    'When you discover a fire, raise the alarm at the nearest call point and call the emergency services. Fight a small fire only if you have been trained and the way out stays clear behind you. Use a carbon dioxide extinguisher on electrical fires and never use water on them.',
    '',
    'When the alarm sounds, leave the building by the nearest marked exit and do not use the lifts. Walk to the assembly point in the north car park and report to your fire warden. Fire wardens check every room on their floor before they leave the building.',
    '',
    'Nobody goes back inside until the fire service says that it is safe. Fire drills take place twice a year, and every new employee learns the escape routes during the first week.',
  ].join('\n'),
};

/** Adds a file to the library from the 'Upload a file' tab, with a title, and waits for the notice. */
async function uploadToLibrary(page: Page, path: string, title: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Upload a file' });
  await form.getByLabel('Choose a file (Document)').setInputFiles(path);
  await form.getByTestId('library-file').waitFor();
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByRole('button', { name: 'Add to library' }).click();
  await page.getByTestId('toast').getByText(`"${title}" added to the library`).waitFor();
}

/** The list's row of a document, once the list shows it. */
async function documentRow(page: Page, title: string): Promise<Locator> {
  const row = page.getByTestId('library-document').filter({ has: page.getByRole('rowheader', { name: title }) });
  await row.waitFor();
  return row;
}

describe('company library', () => {
  let browser: Browser;
  let page: Page;
  let dir: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    dir = await mkdtemp(join(tmpdir(), 'library-e2e-'));
    await writeFile(join(dir, FORKLIFT.file), FORKLIFT.text);
    await writeFile(join(dir, FIRE.file), FIRE.text);
  });

  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('uploads documents, searches them and generates a project that cites them', async () => {
    const title = `Forklift safety ${Math.random().toString(36).slice(2, 7)}`;
    await withScreenshotOnFailure(page, 'library', async () => {
      await signUp(page, { name: 'Lena Library', company: 'Safe Warehouse Ltd', email: uniqueEmail('library') });
      await waitForLiveList(page);

      // The Library, from the navigation: empty, with the ways to add a document.
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Library' }).click();
      await page.getByRole('heading', { name: 'Company Library' }).waitFor();
      await page.getByText('Your library is empty').waitFor();

      await uploadToLibrary(page, join(dir, FORKLIFT.file), FORKLIFT.title);
      await uploadToLibrary(page, join(dir, FIRE.file), FIRE.title);

      // Both listed, each read into passages.
      for (const doc of [FORKLIFT, FIRE]) {
        const row = await documentRow(page, doc.title);
        expect(await row.getByText('File', { exact: true }).count()).toBe(1);
        const passages = (await row.getByTestId('library-passages').innerText()).trim();
        expect(passages).toMatch(/^\d+ passages?$/);
        expect(Number.parseInt(passages, 10)).toBeGreaterThan(0);
      }
      expect(await page.getByTestId('library-document').count()).toBe(2);
      await page.getByTestId('library-total').getByText(/^2 documents · /).waitFor();

      // The search: the forklift handbook's passage, the word marked.
      await page.getByRole('searchbox', { name: 'Words or a phrase' }).fill('forklift');
      await page.getByRole('search', { name: 'Search the library' }).getByRole('button', { name: 'Search' }).click();
      const result = page.getByTestId('library-result').filter({ hasText: FORKLIFT.title }).first();
      await result.waitFor();
      const marks = await result.locator('mark').allInnerTexts();
      expect(marks.length).toBeGreaterThan(0);
      expect(marks.every((mark) => /forklift/i.test(mark))).toBe(true);
      await expectAccessible(page, 'library page');

      // The create form: topic to content, building from the library, with its passages shown.
      await page.goto(`${BASE_URL}/`);
      await waitForLiveList(page);
      const form = await openCreateForm(page);
      await form.getByRole('radio', { name: /^AI Content Generator/ }).check();
      await form.locator('[data-testid="generator-fields"][data-method="topic_to_content"]').waitFor();
      const useLibrary = form.getByRole('checkbox', { name: 'Use my company library' });
      await useLibrary.waitFor();
      expect(await useLibrary.isChecked()).toBe(true);
      await form.getByLabel('Topic', { exact: true }).fill('Forklift safety');
      const passages = form.getByTestId('library-passages');
      const used = passages.getByTestId('library-result').filter({ hasText: FORKLIFT.title }).first();
      await used.waitFor();
      expect(await used.locator('mark').count()).toBeGreaterThan(0);
      await expectAccessible(page, 'create form with the library passages');
      await form.getByLabel('Project title').fill(title);
      await form.getByRole('button', { name: 'Create Project' }).click();
      await page.getByTestId('toast').getByText(`Project "${title}" created successfully!`).waitFor();
      await form.waitFor({ state: 'detached' });

      // The real job takes the card to Completed, live.
      const card = cardTitled(await waitForLiveList(page), title);
      await card.waitFor();
      await expectCompleted(card);
      // The list leaves the content out, yet the card says it was built from the library.
      await card.locator('[data-testid="library-material"][data-material="cited"]').getByText('From your library').waitFor();

      // The preview: a slide cites the forklift handbook, its passage quoted. The slides are walked
      // with Next until one does (the title card first, once the slides are listed).
      await card.getByRole('button', { name: `Preview ${title}` }).click();
      const preview = page.getByRole('dialog', { name: title });
      const images = preview.getByTestId('slide-images');
      await images.getByRole('img', { name: /^Title slide: / }).waitFor();
      const next = images.getByRole('button', { name: 'Next slide' });
      const cited = preview.getByTestId('slide-citation').filter({ hasText: `Source: ${FORKLIFT.title}` });
      for (let position = 1; (await cited.count()) === 0; position++) {
        if (await next.isDisabled()) throw new Error(`No slide of the preview cites "${FORKLIFT.title}"`);
        await next.click();
        await images.getByRole('img', { name: new RegExp(`^Slide ${position} of \\d+: `) }).waitFor();
      }
      expect((await cited.first().locator('blockquote').innerText()).trim()).not.toBe('');
      await expectAccessible(page, 'project preview with citations');
      await preview.getByRole('button', { name: 'Close' }).last().click();
      await preview.waitFor({ state: 'detached' });
    });
  }, 180_000);
});
