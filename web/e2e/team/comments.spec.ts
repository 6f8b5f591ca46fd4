// Comments' main path: an Owner on Business has a project and invites a Commenter from /team; the
// Commenter accepts from the emailed link, opens the project's preview and comments on its second
// slide, mentioning the Owner; the thread shows where it sits and its text as written (HTML stays
// text). The Owner opens the mention email's link, which opens the project's preview with the
// thread, replies and resolves it; the Commenter's open preview follows.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, expectAccessible, launchBrowser, uniqueEmail, withScreenshotOnFailure } from '../browser.js';
import { cardTitled, emailTo, invitationLink, inviteFromTeamPage, signUpAndAccept, signUpOnPlan, waitForLiveList } from '../flows.js';

describe('comments', () => {
  let browser: Browser;
  let owner: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('lets a Commenter comment on a slide, and the Owner reply and resolve', async () => {
    const title = `Crane checks ${Math.random().toString(36).slice(2, 7)}`;
    const commenterEmail = uniqueEmail('commenter');
    const ownerEmail = uniqueEmail('owner');
    await withScreenshotOnFailure(owner, 'comments-owner', async () => {
      await signUpOnPlan(owner, { name: 'Otto Owner', company: 'Crane Co', email: ownerEmail }, 'business');
      // The project under review, made as the app's own calls make it (its slides typed in).
      const project = { title, project_type: 'slides_to_script', slides_content: `# ${title}\n\n## Before lifting\n- Check the hook\n\n## During the lift\n- Keep clear`, input_method: 'text' };
      const status = await owner.evaluate(async (body) => (await fetch('/api/projects', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status, project);
      expect(status).toBe(201);
      await inviteFromTeamPage(owner, commenterEmail, 'commenter');
    });

    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const commenter = await context.newPage();
    await withScreenshotOnFailure(commenter, 'comments-commenter', async () => {
      await commenter.goto(await invitationLink(commenterEmail));
      await signUpAndAccept(commenter, { name: 'Cleo Commenter', company: 'Cleo Reviews' });
      const card = cardTitled(await waitForLiveList(commenter), title);
      await card.getByRole('button', { name: `Preview ${title}` }).click();
      const preview = commenter.getByRole('dialog', { name: title });
      const panel = preview.getByTestId('comments');
      await panel.getByText('No comments yet.').waitFor();
      const form = panel.getByRole('form', { name: 'New comment' });
      await form.getByLabel('Comment', { exact: true }).fill('The hook needs a <b>photo</b> here.');
      await form.getByLabel('About', { exact: true }).selectOption('slide');
      await form.getByLabel('Slide', { exact: true }).selectOption('2');
      await form.getByLabel('Mention', { exact: true }).selectOption({ label: 'Otto Owner' });
      await form.getByRole('button', { name: 'Post comment' }).click();
      const thread = panel.getByTestId('comment-thread');
      await thread.getByText('Slide 2').waitFor();
      await thread.getByText('The hook needs a <b>photo</b> here.').waitFor();
      await expectAccessible(commenter, 'comments panel');
    });

    await withScreenshotOnFailure(owner, 'comments-owner-reply', async () => {
      // The mention email (in the outbox) links to the project's comments.
      const mention = await emailTo(ownerEmail, `Cleo Commenter mentioned you on "${title}"`);
      const link = mention.text?.match(/https?:\/\/\S+\/projects\?comments=[0-9a-f-]+/)?.[0];
      expect(link).toBeTruthy();
      await owner.goto(link!);
      const panel = owner.getByRole('dialog', { name: title }).getByTestId('comments');
      const thread = panel.getByTestId('comment-thread');
      await thread.getByText('Cleo Commenter', { exact: true }).waitFor();
      await thread.getByLabel('Reply to Cleo Commenter').fill('Added one, thanks.');
      await thread.getByRole('button', { name: 'Reply' }).click();
      await thread.getByTestId('comment-reply').getByText('Added one, thanks.').waitFor();
      await thread.getByRole('button', { name: 'Resolve' }).click();
      await panel.getByText('No comments yet.').waitFor();
      await panel.getByLabel('Show resolved (1)').check();
      await panel.locator('[data-testid="comment-thread"][data-resolved="true"]').waitFor();
    });

    // The Commenter's open preview follows: the thread was resolved.
    await commenter.getByRole('dialog', { name: title }).getByTestId('comments').getByText('No comments yet.').waitFor();
    await context.close();
  }, 120_000);
});
