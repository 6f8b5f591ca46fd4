// Sign-in failures are shown in the red error box; the form checks input before calling.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, uniqueEmail, withScreenshotOnFailure, expectAccessible } from '../browser.js';

describe('sign-in errors', () => {
  let browser: Browser;
  let page: Page;
  const email = uniqueEmail('signin');

  beforeAll(async () => {
    // An existing account, made through the web app's own /api proxy.
    const response = await fetch(`${BASE_URL}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Grace Wrongpass',
        company: 'Hopper Learning',
        email,
        password: 'the right password',
        selectedTier: 'professional',
      }),
    });
    expect(response.status).toBe(201);
    browser = await launchBrowser();
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the error box for a wrong password and keeps the form usable', async () => {
    await withScreenshotOnFailure(page, 'sign-in-error', async () => {
      await page.goto(`${BASE_URL}/`);
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();

      // Client-side check first: nothing sent for an invalid address.
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Please enter a valid email address').waitFor();
      await expectAccessible(page, 'sign-in with a field error');

      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();

      const alert = page.getByRole('alert').filter({ hasText: 'Invalid email or password.' });
      await alert.waitFor();
      await expectAccessible(page, 'sign-in with a refused login');
      expect(await alert.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(254, 242, 242)'); // red-50
      expect(await page.getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);

      // Switching mode clears the error.
      await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
    });
  });

  it('shows the server message when the email is already registered', async () => {
    await withScreenshotOnFailure(page, 'sign-up-email-taken', async () => {
      await page.goto(`${BASE_URL}/`);
      await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
      await page.getByText('Selected plan: Professional').waitFor();
      await page.getByLabel('Full name').fill('Grace Again');
      await page.getByLabel('Company').fill('Hopper Learning');
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password').fill('short');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Password must be at least 8 characters').waitFor();
      await expectAccessible(page, 'sign-up with a field error');

      await page.getByLabel('Password').fill('long enough password');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('alert').filter({ hasText: 'An account with this email already exists.' }).waitFor();
      await expectAccessible(page, 'sign-up refused');
    });
  });
});
