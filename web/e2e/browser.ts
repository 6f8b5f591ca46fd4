// Launches the system Chromium for the browser tests and knows where the app runs.
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
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

/** The WCAG 2.2 A and AA rules axe-core checks (wcag22a has no rules of its own beyond 2.1's). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let axeSource: Promise<string> | undefined;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core on what the page shows now (a screen, or a screen with its dialog open) and fails
 * with every serious or critical WCAG 2.2 A/AA violation: rule, help text and the elements. axe
 * is evaluated through DevTools, since the app's nonce-based Content-Security-Policy refuses an
 * injected <script>.
 */
export async function expectAccessible(page: Page, name: string, options: { exclude?: string[] } = {}): Promise<void> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  const violations = await page.evaluate(
    async ({ tags, exclude }) => {
      // The settled screen: a colour transition half-way (a button re-enabled a moment ago) is not
      // what a user reads. Two frames first, so a change already made has started its transition;
      // then the finite animations (a spinner turns forever) to their end.
      const settle = async () => {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const settling = document.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
        await Promise.all(settling.map((a) => a.finished.catch(() => undefined)));
      };
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
      const check = () =>
        axe.run(exclude.length > 0 ? { exclude: exclude.map((selector) => [selector]) } : document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        });
      await settle();
      let result = await check();
      // A transition that began while axe ran (a state that lands a moment after the one awaited)
      // is read half-way: what counts is what remains once everything has settled again.
      if (result.violations.length > 0) {
        await settle();
        result = await check();
      }
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
    },
    { tags: AXE_TAGS, exclude: options.exclude ?? [] },
  );
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (blocking.length > 0) {
    const lines = blocking.flatMap((v) => [
      `${v.id} (${v.impact}): ${v.help}`,
      ...v.nodes.slice(0, 6).map((n) => `    ${JSON.stringify(n.target)} ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
    ]);
    throw new Error(`Accessibility of ${name} (${page.url()}):\n  ${lines.join('\n  ')}`);
  }
}
