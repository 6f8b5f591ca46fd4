// From the trial to a paid plan in the browser: /billing -> Upgrade -> the local test checkout
// (Pay) -> /billing-success -> the plan is active, its payment listed; then Professional ->
// Enterprise, charged at once, only after a dialog that shows the amount, and an add-on the same
// way; a forged session id on the success page grants nothing.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, uniqueEmail, withScreenshotOnFailure, expectAccessible } from '../browser.js';
import { signUp } from '../flows.js';

describe('billing: upgrade through the test checkout', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('upgrades a trial to Professional, pays, and shows the plan and the payment', async () => {
    await withScreenshotOnFailure(page, 'billing-upgrade', async () => {
      await signUp(page, { name: 'Bill Payer', company: 'Payer Training', email: uniqueEmail('billing') });
      await page.goto(`${BASE_URL}/billing`);
      await page.getByTestId('current-plan').getByText('Free Trial').waitFor();
      await page.getByTestId('test-mode-notice').waitFor();
      await expectAccessible(page, 'billing on the trial');

      await page.locator('[data-tier="professional"]').getByRole('button', { name: 'Upgrade' }).click();
      await page.waitForURL(/\/checkout\//);
      await page.getByText('Test checkout — no money moves').waitFor();
      await expectAccessible(page, 'local test checkout');
      expect(await page.getByTestId('checkout-total').innerText()).toContain('$29');
      await page.getByRole('button', { name: 'Pay' }).click();

      await page.waitForURL(/\/billing-success\?session_id=/);
      await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
      await expectAccessible(page, 'payment successful');
      // The page sends the user to the dashboard (/dashboard, which is /) after 5 s.
      await page.waitForURL(`${BASE_URL}/`, { timeout: 10_000 });
      await page.getByTestId('subscription-card').getByText('Professional').waitFor();

      await page.goto(`${BASE_URL}/billing`);
      await page.getByTestId('current-plan').getByText('Professional').waitFor();
      const payments = page.getByRole('table', { name: 'Payments and invoices' });
      await payments.getByText('$29.00', { exact: true }).waitFor();
      await payments.getByText('Trainwright subscription').waitFor();
      await expectAccessible(page, 'billing on Professional');

      // A paid plan's upgrade is charged at once: the amount first, in a dialog; 'Keep my plan' charges nothing.
      const upgradeToEnterprise = page.locator('[data-tier="enterprise"]').getByRole('button', { name: 'Upgrade' });
      await upgradeToEnterprise.click();
      const dialog = page.getByRole('dialog', { name: 'Upgrade to Enterprise?' });
      await dialog.waitFor();
      const charge = await dialog.getByTestId('upgrade-charge').innerText();
      const amount = /\$\d{1,3}(,\d{3})*\.\d{2}/.exec(charge)?.[0];
      expect(amount).toBeDefined();
      await expectAccessible(page, 'upgrade confirmation');
      await dialog.getByRole('button', { name: 'Keep my plan' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await payments.getByRole('row').count()).toBe(2); // the header and the one payment
      await upgradeToEnterprise.click();
      await dialog.getByRole('button', { name: `Pay ${amount} and upgrade` }).click();
      await page.getByTestId('current-plan').getByText('Enterprise').waitFor();
      // The charge listed is the amount the dialog showed.
      await payments.getByText(amount!, { exact: true }).waitFor();

      // An add-on is charged at once too (prorated): its amount first, in a dialog; 'Cancel' charges nothing.
      const analytics = page.locator('[data-addon="advanced_analytics"]');
      await analytics.getByRole('button', { name: 'Buy' }).click();
      const addOnDialog = page.getByRole('dialog', { name: 'Add Advanced Analytics?' });
      await addOnDialog.waitFor();
      const addOnCharge = /\$\d{1,3}(,\d{3})*\.\d{2}/.exec(await addOnDialog.getByTestId('addon-charge').innerText())?.[0];
      expect(addOnCharge).toBeDefined();
      await expectAccessible(page, 'add-on confirmation');
      await addOnDialog.getByRole('button', { name: 'Cancel' }).click();
      await addOnDialog.waitFor({ state: 'detached' });
      expect(await payments.getByRole('row').count()).toBe(3); // the header and the two payments
      expect(await analytics.getByText('Active', { exact: true }).count()).toBe(0);
      await analytics.getByRole('button', { name: 'Buy' }).click();
      await addOnDialog.getByRole('button', { name: `Pay ${addOnCharge} and add` }).click();
      await analytics.getByText('Active', { exact: true }).waitFor();
      // The add-on's charge listed is the amount the dialog showed.
      await payments.getByText(addOnCharge!, { exact: true }).waitFor();

      // A forged session id: 'Payment Error', nothing granted.
      await page.goto(`${BASE_URL}/billing-success?session_id=cs_local_forged`);
      await page.getByRole('heading', { name: 'Payment Error' }).waitFor();
      await page.getByText('Payment verification failed').waitFor();
      await expectAccessible(page, 'payment error');
    });
  });
});
