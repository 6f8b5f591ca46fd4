// The team's main path: an Owner on Business invites a colleague as Editor from /team; the email
// lands in the local outbox (read with the operator command, parsed with mailparser); the colleague
// opens its link signed out, sees the offer, signs up with the invited address filled in, accepts,
// works in the Owner's company and adds a glossary term (an Editor's right). The Owner sees them in
// the team and makes them a Viewer: the glossary is read-only for them from then on.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, expectAccessible, launchBrowser, uniqueEmail, withScreenshotOnFailure } from '../browser.js';
import { invitationLink, inviteFromTeamPage, signUpAndAccept, signUpOnPlan } from '../flows.js';

describe('team', () => {
  let browser: Browser;
  let owner: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('invites a colleague who accepts from the emailed link and works with the role', async () => {
    const company = `Harbour Safety ${Math.random().toString(36).slice(2, 7)}`;
    const colleagueEmail = uniqueEmail('colleague');
    await withScreenshotOnFailure(owner, 'team-owner', async () => {
      await signUpOnPlan(owner, { name: 'Olga Owner', company, email: uniqueEmail('owner') }, 'business');
      await owner.goto(`${BASE_URL}/team`);
      await owner.getByRole('heading', { name: 'Team' }).waitFor();
      await owner.getByTestId('seats').getByText('1 of 3 seats used').waitFor();
      await inviteFromTeamPage(owner, colleagueEmail, 'editor');
      await owner.getByTestId('team-invitation').filter({ hasText: colleagueEmail }).waitFor();
      await owner.getByTestId('seats').getByText('2 of 3 seats used').waitFor();
      await expectAccessible(owner, 'team page');
    });

    const link = await invitationLink(colleagueEmail);
    expect(link.startsWith(BASE_URL)).toBe(true);
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const colleague = await context.newPage();
    await withScreenshotOnFailure(colleague, 'team-colleague', async () => {
      await colleague.goto(link);
      await colleague.getByTestId('invitation-offer').getByText(`Olga Owner invited you to ${company}`).waitFor();
      await expectAccessible(colleague, 'invitation sign-up');
      expect(await colleague.getByLabel('Email address').inputValue()).toBe(colleagueEmail);
      await signUpAndAccept(colleague, { name: 'Colin Colleague', company: 'Colin Freelance' });
      await colleague.getByText(company).first().waitFor();

      // An Editor adds a term to the company's glossary.
      await colleague.goto(`${BASE_URL}/glossary`);
      await colleague.getByRole('button', { name: 'Add term' }).click();
      const termForm = colleague.getByRole('form', { name: 'Add a term' });
      await termForm.getByLabel('Term').fill('Harbour Crane');
      await termForm.getByRole('button', { name: 'Save' }).click();
      await colleague.getByText('Term "Harbour Crane" added').waitFor();
    });

    await withScreenshotOnFailure(owner, 'team-owner-roles', async () => {
      await owner.reload();
      const row = owner.getByTestId('team-member').filter({ hasText: 'Colin Colleague' });
      await row.waitFor();
      expect(await row.getAttribute('data-role')).toBe('editor');
      expect(await owner.getByTestId('team-invitation').count()).toBe(0);
      await row.getByLabel('Role of Colin Colleague').selectOption('viewer');
      await owner.getByText('Role changed.').waitFor();
    });

    await withScreenshotOnFailure(colleague, 'team-colleague-viewer', async () => {
      await colleague.goto(`${BASE_URL}/glossary`);
      await colleague.getByText('As Viewer you can read the glossary; owners and editors change it.').waitFor();
      await colleague.getByText('Harbour Crane').waitFor();
    });
    await context.close();
  }, 120_000);
});
