// Realtime co-editing's main path (Enterprise): an Owner invites an Editor, both open the same
// project's Edit dialog in two browsers, each sees the other present, a comment posted beside the
// text reaches the other, and what one types appears in
// the other's text as it is typed; the shared text (the project's generated slides) is saved to the
// project without pressing Save.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, expectAccessible, launchBrowser, uniqueEmail, withScreenshotOnFailure } from '../browser.js';
import { cardTitled, invitationLink, inviteFromTeamPage, signUpAndAccept, signUpOnPlan, waitForLiveList } from '../flows.js';

/** Waits for what another browser does (its text arriving), up to `timeoutMs`. */
async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('co-editing', () => {
  let browser: Browser;
  let owner: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("lets two people edit one project's text at once and see each other", async () => {
    const title = `Harness checks ${Math.random().toString(36).slice(2, 7)}`;
    const editorEmail = uniqueEmail('coeditor');
    let projectId = '';
    await withScreenshotOnFailure(owner, 'coedit-owner', async () => {
      await signUpOnPlan(owner, { name: 'Ona Owner', company: 'Harness Co', email: uniqueEmail('coowner') }, 'enterprise');
      const project = { title, project_type: 'slides_to_script', slides_content: `# ${title}\n\n## Straps\n- Check the straps`, input_method: 'text' };
      const created = await owner.evaluate(async (body) => {
        const res = await fetch('/api/projects', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return { status: res.status, id: ((await res.json()) as { id: string }).id };
      }, project);
      expect(created.status).toBe(201);
      projectId = created.id;
      await inviteFromTeamPage(owner, editorEmail, 'editor');
    });

    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const editor = await context.newPage();
    await withScreenshotOnFailure(editor, 'coedit-editor', async () => {
      await editor.goto(await invitationLink(editorEmail));
      await signUpAndAccept(editor, { name: 'Eda Editor', company: 'Eda Studio' });
    });

    const openEditor = async (page: Page) => {
      const card = cardTitled(await waitForLiveList(page), title);
      await card.getByRole('button', { name: `Edit ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Project' });
      await dialog.getByTestId('collab-presence').waitFor();
      return dialog;
    };
    await owner.goto(`${BASE_URL}/`);
    const ownerDialog = await openEditor(owner);
    const editorDialog = await openEditor(editor);
    await withScreenshotOnFailure(owner, 'coedit-presence', async () => {
      await ownerDialog.getByTestId('collab-peer').filter({ hasText: 'Eda Editor' }).waitFor();
      await editorDialog.getByTestId('collab-peer').filter({ hasText: 'Ona Owner' }).waitFor();
      await expectAccessible(owner, 'edit dialog, co-editing');
    });

    await withScreenshotOnFailure(editor, 'coedit-typing', async () => {
      const ownerText = ownerDialog.getByLabel('Generated slides');
      const editorText = editorDialog.getByLabel('Generated slides');
      await ownerText.click();
      await ownerText.press('End');
      await ownerText.pressSequentially('\n- Check the buckles');
      await until(async () => (await editorText.inputValue()).includes('- Check the buckles'));
      await editorText.click();
      await editorText.press('Control+Home');
      await editorText.pressSequentially('SAFETY ');
      await until(async () => (await ownerText.inputValue()).startsWith('SAFETY '));
      expect(await ownerText.inputValue()).toBe(await editorText.inputValue());
      // The review beside the text: a comment from the editor reaches the owner's open dialog.
      await editorDialog.getByTestId('editor-comments').locator('summary').click();
      await ownerDialog.getByTestId('editor-comments').locator('summary').click();
      const form = editorDialog.getByRole('form', { name: 'New comment' });
      await form.getByLabel('Comment', { exact: true }).fill('Add the buckle check to the quiz.');
      await form.getByRole('button', { name: 'Post comment' }).click();
      await ownerDialog.getByTestId('comment-thread').getByText('Add the buckle check to the quiz.').waitFor();
    });

    // Both close: the last one out stores the shared text to the project.
    await owner.keyboard.press('Escape');
    await editor.keyboard.press('Escape');
    const generatedSlides = (id: string) => owner.evaluate(async (pid) => ((await (await fetch(`/api/projects/${pid}`)).json()) as { generated_content: { slides: { slide_content: string } } | null }).generated_content?.slides.slide_content ?? '', id);
    await until(async () => (await generatedSlides(projectId)).includes('- Check the buckles'), 20_000);
    await context.close();
  }, 150_000);
});
