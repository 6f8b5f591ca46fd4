// The AI generator from an uploaded document, AI Quality Scoring and the Enhanced AI Dashboard,
// against the real generator service (the offline engine):
// 1. On the free plan: the AI services say they need a higher plan (the dashboard's Analysis Error
//    with an Upgrade link, the quality dialog's premium notice, Document Intelligence locked).
// 2. With the Business plan (the operator command): a project generated from a PDF made here, with
//    the upload's progress, the card reaching Completed live, a preview whose slides follow the
//    document's headings and name the offline engine; then a quality assessment (overall and six
//    dimension scores) and one recommendation applied, which makes '<title> (Enhanced)' next to
//    the original.
// 3. The Enhanced AI Dashboard from its panel: a project picked, a service's quick action and an
//    analysis, each with its result and score.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, uniqueEmail, withScreenshotOnFailure, expectAccessible } from '../browser.js';
import { cardById, cardMenu, cardStatusesSeen, cardTitled, markDocument, openCreateForm, recordStreamEvents, setTier, signUp, stillSameDocument, type StreamEvent, waitForLiveList, waitForStreamedStatus, watchCardStatuses, expectCompleted, expectGenerationStreamed } from '../flows.js';

/** The document: three headings set larger than the body, each followed by its sentences. */
const SECTIONS: Array<[string, string[]]> = [
  [
    'Fire Safety Basics',
    [
      'A fire needs heat, fuel and oxygen to burn.',
      'Removing any one of the three elements puts the fire out.',
      'Most workplace fires start in kitchens, electrical equipment or waste bins.',
      'Report every fire at once by raising the nearest alarm.',
    ],
  ],
  [
    'Fire Extinguishers',
    [
      'A water extinguisher is used on paper, wood and textile fires.',
      'A carbon dioxide extinguisher is used on electrical fires.',
      'A foam extinguisher is suitable for burning liquids such as petrol.',
      'Never use a water extinguisher on an electrical fire.',
    ],
  ],
  [
    'Evacuation',
    [
      'Leave the building by the nearest marked exit when the alarm sounds.',
      'The assembly point is the car park north of the building.',
      'Fire wardens check every room before they leave.',
      'Do not go back inside until the fire service says it is safe.',
    ],
  ],
];
const HEADINGS = SECTIONS.map(([heading]) => heading);
const FILE_NAME = 'fire-safety.pdf';

async function fireSafetyPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const body = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595, 842]);
  let y = 770;
  for (const [heading, sentences] of SECTIONS) {
    page.drawText(heading, { x: 56, y, size: 20, font: bold });
    y -= 30;
    for (const sentence of sentences) {
      page.drawText(sentence, { x: 56, y, size: 11, font: body });
      y -= 16;
    }
    y -= 24;
  }
  return Buffer.from(await pdf.save());
}

const DIMENSIONS = [
  'Content quality',
  'Structure and flow',
  'Visual design',
  'Educational effectiveness',
  'Tone alignment',
  'Technical accuracy',
];

interface UploadSnapshot {
  label: string | null;
  value: number;
  text: string;
}

/** Records, in the page, every state of the create form's upload progress bar from now on. */
async function watchUploadProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __upload: UploadSnapshot[] };
    w.__upload = [];
    const look = () => {
      const bar = document.querySelector('[role="progressbar"][aria-label^="Sending "]');
      if (!bar) return;
      const snapshot = {
        label: bar.getAttribute('aria-label'),
        value: Number(bar.getAttribute('aria-valuenow')),
        text: bar.parentElement?.querySelector('[aria-live]')?.textContent ?? '',
      };
      const last = w.__upload[w.__upload.length - 1];
      if (!last || last.value !== snapshot.value || last.text !== snapshot.text) w.__upload.push(snapshot);
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

describe('AI generator, quality scoring and the AI dashboard', () => {
  let browser: Browser;
  let page: Page;
  let streamed: StreamEvent[];
  const email = uniqueEmail('generator');
  const word = `Quill${Math.random().toString(36).slice(2, 8)}`;
  const title = `Fire Safety ${word}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    streamed = await recordStreamEvents(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('on the free plan, the AI services say they need a higher plan', async () => {
    await withScreenshotOnFailure(page, 'generator-free-plan', async () => {
      await signUp(page, { name: 'Dana Document', company: 'Safe Workplace Training', email });
      const list = await waitForLiveList(page);
      const sample = cardTitled(list, 'Welcome Training');
      await sample.waitFor();

      // The dashboard's panel: not in the plan, with the way to upgrade.
      const panel = page.getByTestId('promo-aiAgents');
      await panel.getByText('Not in your plan').waitFor();
      await panel.getByRole('link', { name: 'Upgrade' }).waitFor();
      expect(await panel.getByRole('button', { name: 'Open AI Dashboard' }).count()).toBe(0);

      // The card menu still offers the dashboard: running a service says why it cannot.
      await cardMenu(page, sample, 'Welcome Training', 'Enhanced AI Dashboard');
      const dashboard = page.getByRole('dialog', { name: 'Enhanced AI Dashboard' });
      await dashboard.getByTestId('ai-project').getByText('Analyzing: Welcome Training').waitFor();
      await expectAccessible(page, 'Enhanced AI Dashboard dialog');
      await dashboard.getByRole('group', { name: 'Quick actions for Content Generator' }).getByRole('button', { name: 'Readability check' }).click();
      const failure = dashboard.getByRole('alert');
      await failure.getByText('Analysis Error').waitFor();
      await failure.getByText('Enhanced AI Agents is a Premium feature available in Professional plans and above.').waitFor();
      expect(await failure.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/billing');
      expect(await dashboard.getByTestId('ai-result').count()).toBe(0);
      await dashboard.getByRole('button', { name: 'Close' }).last().click();
      await dashboard.waitFor({ state: 'detached' });

      // AI Quality Scoring: the assessment is refused with the premium notice and the dialog closes.
      await cardMenu(page, sample, 'Welcome Training', 'AI Quality Scoring');
      const quality = page.getByRole('dialog', { name: 'AI Quality Scoring' });
      await quality.getByRole('button', { name: 'Analyze Quality' }).waitFor();
      await expectAccessible(page, 'AI Quality Scoring dialog');
      await quality.getByRole('button', { name: 'Analyze Quality' }).click();
      await page.getByTestId('toast').getByText('AI Quality Scoring is a premium feature. Please upgrade your plan to use it.').waitFor();
      await quality.waitFor({ state: 'detached' });

      // Document Intelligence is locked in the create form, naming the plan that has it.
      const form = await openCreateForm(page);
      await form.getByRole('radio', { name: /^AI Content Generator/ }).check();
      const documentMethod = form.getByRole('radio', { name: 'Document Intelligence Locked: included from the Business plan' });
      expect(await documentMethod.isDisabled()).toBe(true);
      await expectAccessible(page, 'Create Project dialog, AI Content Generator');
      await form.getByRole('button', { name: 'Cancel' }).click();
      await form.waitFor({ state: 'detached' });
    });
  });

  it('generates a project from an uploaded PDF and applies a quality recommendation', async () => {
    await withScreenshotOnFailure(page, 'generator-document-and-quality', async () => {
      // The operator gives the account the Business plan; a reload shows it.
      expect(await setTier(email, 'business')).toContain('-> business');
      await page.reload();
      await page.getByTestId('subscription-card').getByText('Business').waitFor();
      const list = await waitForLiveList(page);

      // Create Project: the AI Content Generator with Document Intelligence and a real PDF.
      const form = await openCreateForm(page);
      await form.getByRole('radio', { name: /^AI Content Generator/ }).check();
      const documentMethod = form.getByRole('radio', { name: /^Document Intelligence/ });
      expect(await documentMethod.isDisabled()).toBe(false);
      await documentMethod.check();
      await form.locator('[data-testid="generator-fields"][data-method="document_analysis"]').waitFor();
      await expectAccessible(page, 'Create Project dialog');
      const pdf = await fireSafetyPdf();
      await form.getByLabel('Choose a file (Document)').setInputFiles({ name: FILE_NAME, mimeType: 'application/pdf', buffer: pdf });
      const chosen = form.getByTestId('generator-file');
      await chosen.getByText(new RegExp(`^${FILE_NAME.replace('.', '\\.')} \\(.+\\)$`)).waitFor();
      await chosen.getByText('The file is sent when you create the project.').waitFor();
      await form.getByLabel('Project title').fill(title);

      // Create: the bytes sent are shown while the file goes up (the upload is slowed down, as on a
      // slow line, so the bar stays long enough to be seen); nothing reloads from here on.
      await markDocument(page);
      await watchUploadProgress(page);
      await watchCardStatuses(page, title);
      const network = await page.context().newCDPSession(page);
      await network.send('Network.enable');
      await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1024 });
      await form.getByRole('button', { name: 'Create Project' }).click();
      await form.getByRole('progressbar', { name: `Sending ${FILE_NAME}` }).waitFor();
      expect(await form.getByRole('button', { name: 'Creating...' }).isDisabled()).toBe(true);
      await page.getByTestId('toast').getByText(`Project "${title}" created successfully!`).waitFor();
      await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await network.detach();
      await form.waitFor({ state: 'detached' });
      const upload = await page.evaluate(() => (window as unknown as { __upload: UploadSnapshot[] }).__upload);
      expect(upload.length).toBeGreaterThan(0);
      expect(upload.every((s) => s.label === `Sending ${FILE_NAME}`)).toBe(true);
      expect(upload.every((s) => /^.+ of .+ \(\d+%\)$/.test(s.text))).toBe(true);
      expect(upload[0]!.text).toMatch(/\(0%\)$/);
      const values = upload.map((s) => s.value);
      expect([...values].sort((a, b) => a - b)).toEqual(values);

      // The card appears and the real job takes it to Completed, live.
      const card = cardTitled(list, title);
      await card.waitFor();
      const projectId = (await card.getAttribute('data-project-id'))!;
      expect(projectId).toBeTruthy();
      await expectCompleted(card);
      expect(await stillSameDocument(page)).toBe(true);
      await waitForStreamedStatus(streamed, projectId, 'completed');
      expectGenerationStreamed(streamed, projectId);
      expect((await cardStatusesSeen(page, title)).at(-1)).toBe('completed');
      await card.getByText('AI Content Generator').waitFor();

      // The preview: generated slides that follow the document's headings, by the offline engine.
      await card.getByRole('button', { name: `Preview ${title}` }).click();
      const preview = page.getByRole('dialog', { name: title });
      await preview.getByText('Generated content').waitFor();
      await expectAccessible(page, 'project preview dialog');
      // The slides as the downloads draw them: media-render's PNG per slide, walked with Next.
      const images = preview.getByTestId('slide-images');
      await images.waitFor();
      const image = images.getByTestId('preview-slide-image');
      const drawn = () =>
        page.waitForFunction(() => {
          const img = document.querySelector('[data-testid="preview-slide-image"]') as HTMLImageElement | null;
          // Loaded at 1280x720, and the titles listed (the alt names the slide among all of them).
          return !!img && img.complete && img.naturalWidth === 1280 && img.naturalHeight === 720 && !/^Slide 1 of 1:/.test(img.alt);
        });
      const slideTitles: string[] = [];
      const next = images.getByRole('button', { name: 'Next slide' });
      for (;;) {
        await drawn();
        slideTitles.push((await image.getAttribute('alt'))!.replace(/^Slide \d+ of \d+: /, ''));
        if (await next.isDisabled()) break;
        await next.click();
      }
      expect(slideTitles.length).toBeGreaterThan(HEADINGS.length);
      const positions = HEADINGS.map((heading) => slideTitles.indexOf(heading));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      await preview.getByTestId('generated-engine').getByText('Engine: Offline engine').waitFor();
      await preview.getByRole('button', { name: 'Close' }).last().click();
      await preview.waitFor({ state: 'detached' });

      // AI Quality Scoring with the default settings: the overall score and the six dimensions.
      await cardMenu(page, card, title, 'AI Quality Scoring');
      const quality = page.getByRole('dialog', { name: 'AI Quality Scoring' });
      expect(await quality.getByLabel('Desired atmosphere').inputValue()).toBe('professional');
      await quality.getByRole('button', { name: 'Analyze Quality' }).click();
      await quality.getByRole('heading', { name: 'Quality results' }).waitFor();
      await expectAccessible(page, 'AI Quality Scoring dialog');
      const overall = quality.getByTestId('score-circle');
      await overall.getByText('Overall score').waitFor();
      const score = Number(await overall.getAttribute('data-score'));
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(100);
      await overall.getByText(/^Grade [A-F][+-]?$/).waitFor();
      const meters = quality.getByTestId('dimension-scores').getByRole('meter');
      expect(await meters.count()).toBe(6);
      for (const dimension of DIMENSIONS) {
        const value = Number(await quality.getByRole('meter', { name: dimension }).getAttribute('aria-valuenow'));
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(100);
      }

      // Applying with nothing selected says what to do; then one recommendation is applied.
      const recommendations = quality.getByTestId('recommendations').getByRole('checkbox');
      expect(await recommendations.count()).toBeGreaterThan(0);
      await quality.getByRole('button', { name: 'Apply Selected Improvements' }).click();
      await quality.getByRole('alert').getByText('Please select at least one recommendation to apply.').waitFor();
      await recommendations.first().check();
      await quality.getByText('1 selected').waitFor();
      expect(await quality.getByRole('alert').count()).toBe(0);
      await quality.getByLabel('Your changes to this improvement (optional)').waitFor();
      await quality.getByRole('button', { name: 'Apply Selected Improvements' }).click();
      await page
        .getByTestId('toast')
        .getByText('Quality improvements are being applied! A new enhanced version will be created while preserving your original.')
        .waitFor();
      await quality.waitFor({ state: 'detached' });

      // The enhanced version appears and is generated live; the original is still there.
      const enhanced = cardTitled(list, `${title} (Enhanced)`);
      await enhanced.waitFor();
      const enhancedId = (await enhanced.getAttribute('data-project-id'))!;
      expect(enhancedId).not.toBe(projectId);
      await expectCompleted(enhanced);
      await waitForStreamedStatus(streamed, enhancedId, 'completed');
      expectGenerationStreamed(streamed, enhancedId);
      const original = cardById(list, projectId);
      await original.getByRole('heading', { name: title, exact: true }).waitFor();
      expect(await original.getByTestId('project-status').innerText()).toBe('Completed');
      expect(await stillSameDocument(page)).toBe(true);
    });
  }, 120_000);

  it('runs an AI service and an analysis from the Enhanced AI Dashboard', async () => {
    await withScreenshotOnFailure(page, 'generator-ai-dashboard', async () => {
      // The notices of the previous steps are closed (they sit over the dialog's footer).
      await dismissToasts(page);

      // The panel now says the plan includes it and opens the dashboard, with no project chosen.
      const panel = page.getByTestId('promo-aiAgents');
      await panel.getByText('Included in your plan').waitFor();
      await panel.getByRole('button', { name: 'Open AI Dashboard' }).click();
      const dashboard = page.getByRole('dialog', { name: 'Enhanced AI Dashboard' });
      await dashboard.getByText('Choose a project to run an AI service on it.').waitFor();
      await expectAccessible(page, 'Enhanced AI Dashboard dialog');
      const initialize = dashboard.getByRole('button', { name: 'Initialize Quality Optimizer' });
      expect(await initialize.isDisabled()).toBe(true);

      // Pick the generated project.
      const picker = dashboard.getByLabel('Project', { exact: true });
      await picker.locator('option', { hasText: title }).first().waitFor({ state: 'attached' });
      await picker.selectOption({ label: title });
      await dashboard.getByTestId('ai-project').getByText(`Analyzing: ${title}`).waitFor();

      // A service's quick action: its result with a score in its band.
      await dashboard.getByRole('group', { name: 'Quick actions for Quality Optimizer' }).getByRole('button', { name: 'Initialize Quality Optimizer' }).click();
      const result = dashboard.getByTestId('ai-result');
      await result.getByRole('heading', { name: 'Result: Initialize Quality Optimizer' }).waitFor();
      await expectScore(result);
      await result.getByRole('heading', { name: 'Recommendations' }).waitFor();

      // One of the analyses.
      await dashboard.getByRole('region', { name: 'All analyses' }).getByRole('button', { name: 'Engagement prediction' }).click();
      await result.getByRole('heading', { name: 'Result: Engagement prediction' }).waitFor();
      await expectScore(result);
      expect(await dashboard.getByTestId('ai-error').count()).toBe(0);

      // Refresh Analysis runs the last action again: a new result box replaces the marked one.
      await result.evaluate((box) => box.setAttribute('data-e2e-previous', ''));
      await dashboard.getByRole('button', { name: 'Refresh Analysis' }).click();
      const refreshed = dashboard.locator('[data-testid="ai-result"]:not([data-e2e-previous])');
      await refreshed.getByRole('heading', { name: 'Result: Engagement prediction' }).waitFor();
      await expectScore(refreshed);

      await dashboard.getByRole('button', { name: 'Close' }).last().click();
      await dashboard.waitFor({ state: 'detached' });
    });
  });
});

async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.getByTestId('toast');
  while ((await toasts.count()) > 0) {
    await toasts.first().getByRole('button', { name: 'Close' }).click({ timeout: 2000 }).catch(() => undefined); // it may have gone by itself
  }
}

async function expectScore(result: Locator): Promise<void> {
  const circle = result.getByTestId('score-circle');
  await circle.getByText('Score', { exact: true }).waitFor();
  const score = Number(await circle.getAttribute('data-score'));
  expect(Number.isInteger(score)).toBe(true);
  expect(score).toBeGreaterThanOrEqual(0);
  expect(score).toBeLessThanOrEqual(100);
  expect(['green', 'blue', 'yellow', 'orange', 'red']).toContain(await circle.getAttribute('data-band'));
}
