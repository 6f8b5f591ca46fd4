// Launches the system Chromium for the browser tests and knows where the app runs.
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** An address no earlier run has used. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Runs a browser flow; on failure saves a screenshot under web/test-results/ and rethrows. */
export async function withScreenshotOnFailure(page: Page, name: string, flow: () => Promise<void>): Promise<void> {
  try {
    await flow();
  } catch (error) {
    const dir = resolve(dirname(fileURLToPath(import.meta.url)), '../test-results');
    await mkdir(dir, { recursive: true });
    await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true }).catch(() => undefined);
    throw error;
  }
}
