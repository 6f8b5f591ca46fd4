// Sign up from the pricing screen (into the chosen plan's checkout, cancelled), see the dashboard, switch the interface language, edit the
// profile (persisted across a reload), sign out.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, uniqueEmail, withScreenshotOnFailure, expectAccessible } from '../browser.js';

describe('sign-up and profile', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('signs up with a chosen plan, edits the profile and signs out', async () => {
    await withScreenshotOnFailure(page, 'sign-up-and-profile', async () => {
      const email = uniqueEmail('signup');

      // Signed out: the sign-in form, then the pricing view.
      await page.goto(`${BASE_URL}/`);
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
      await expectAccessible(page, 'sign-in screen');
      await page.getByRole('button', { name: 'View pricing plans' }).click();
      await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
      await expectAccessible(page, 'pricing screen');
      expect(await page.locator('[data-tier="professional"]').innerText()).toContain('Most popular');
      expect(await page.locator('[data-tier="free-trial"]').innerText()).toContain('Start Free');
      expect(await page.locator('[data-tier="business"]').innerText()).toContain('3 companies');

      // Choosing a tier opens the sign-up form with that plan.
      await page.getByRole('button', { name: 'Choose Business' }).click();
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      await page.getByText('Selected plan: Business').waitFor();
      // It says what Create account does with a paid plan: its checkout, not a card-free trial.
      const notice = page.getByTestId('signup-plan-notice');
      expect(await notice.innerText()).toMatch(/you will be taken to checkout to pay for Business \(\$79(\.00)? a month\)/);
      expect((await page.locator('main').innerText()).toLowerCase()).not.toContain('no credit card');
      await expectAccessible(page, 'sign-up form with a paid plan');

      await page.getByLabel('Full name').fill('Ada Trainer');
      await page.getByLabel('Company').fill('Lovelace Training');
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password').fill('correct horse battery');
      await page.getByRole('button', { name: 'Create account' }).click();

      // A paid plan chosen on the pricing screen goes straight into its checkout (the local test
      // checkout: no money moves). Cancelling it leaves the account on the trial.
      await page.waitForURL(/\/checkout\//);
      await page.getByText('Test checkout — no money moves').waitFor();
      await expectAccessible(page, 'local test checkout');
      expect(await page.getByTestId('checkout-total').innerText()).toContain('$79');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL(/\/billing-cancelled/);
      await page.getByRole('button', { name: 'Return to Dashboard' }).waitFor();
      await expectAccessible(page, 'checkout cancelled');
      await page.getByRole('button', { name: 'Return to Dashboard' }).click();

      // The dashboard with real figures: the trial plan and 1 of 1 companies.
      await page.getByRole('heading', { name: 'Welcome, Ada Trainer' }).waitFor();
      await page.getByTestId('subscription-card').getByText('Free Trial').waitFor();
      await page.getByTestId('companies-card').getByText('1 of 1').waitFor();
      await page.getByTestId('users-card').getByText('in Lovelace Training').waitFor();
      await page.getByTestId('trial-banner').waitFor();
      // The project list has loaded: a new account starts with its sample project (or none).
      await page.waitForFunction(
        () => !!document.querySelector('[data-testid="project-card"]') || document.body.innerText.includes('No projects yet'),
      );
      await expectAccessible(page, 'dashboard');

      // The interface language: Spanish, remembered in localStorage and across a reload.
      await page.getByLabel('Language').selectOption('es');
      await page.getByRole('link', { name: 'Panel' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('preferred-language'))).toBe('es');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      await page.reload();
      await page.getByRole('heading', { name: 'Hola, Ada Trainer' }).waitFor();
      await expectAccessible(page, 'dashboard in Spanish');
      await page.getByLabel('Idioma').selectOption('en');
      await page.getByRole('link', { name: 'Dashboard' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('preferred-language'))).toBe('en');

      // Profile: edit, save, reload, the values are persisted.
      await page.getByRole('link', { name: 'Profile Settings' }).click();
      await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
      await expectAccessible(page, 'profile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.getByLabel('Full name').fill('Ada K. Trainer');
      await expectAccessible(page, 'profile edit form');
      const bio = 'Trains <b>compliance</b> teams.';
      await page.getByLabel('Bio').fill(bio);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Profile updated successfully!').waitFor();

      await page.reload();
      await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
      await page.getByTestId('profile-name').getByText('Ada K. Trainer').waitFor();
      await expectAccessible(page, 'profile after saving');
      // User text is shown as text, never as HTML.
      expect(await page.getByTestId('profile-bio').innerText()).toBe(bio);
      // The plan's count leaves the welcome sample out, and says so.
      expect(await page.getByTestId('sample-not-counted').innerText()).toBe('The Welcome Training sample is not counted toward your plan.');

      // Sign out: back to the sign-in screen, and the session is gone after a reload.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    });
  });
});
