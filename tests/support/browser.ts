/**
 * Launching Debian's Chromium for browser tests (never a downloaded browser). Each launch gets a fresh,
 * throwaway profile; use one browser context per simulated user so sessions and storage stay apart.
 */
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium';

export { CHROMIUM_ARGS, CHROMIUM_PATH };

/**
 * Launches Chromium whose contexts (and pages, each in its own context) see a dark system unless told otherwise
 * (`colorScheme`): headless Chromium reports a light one, and the browser tests check the app as its default, dark
 * theme shows it (tests/browser/theme.test.ts checks the light one). Launch flags cannot do this: Playwright emulates
 * light on every context it creates.
 */
async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ colorScheme: 'dark', ...options });
  return browser;
}

/** Viewports the product is checked at: a laptop and the narrowest common phone. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 812 },
} as const;

/**
 * One Chromium for a test file: launched before its tests, closed after them. A test fails when a page it watched threw
 * an uncaught error. Call once at the top level of a browser test file; use `browser` only inside tests and hooks.
 */
export function useBrowser(): { readonly browser: Browser; watchErrors: (page: Page, label?: string) => void } {
  let browser: Browser | undefined;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  return {
    get browser() {
      if (!browser) throw new Error('The browser is launched in beforeAll; use it inside tests and hooks.');
      return browser;
    },
    watchErrors(page, label) {
      page.on('pageerror', (error) => pageErrors.push(label ? `${label}: ${error.message}` : error.message));
    },
  };
}

/**
 * Ends the page's running CSS transitions and finite animations at their final state, so that axe measures the
 * colours a user ends up seeing, not a button halfway through turning enabled. Endless ones (spinners) are left.
 */
export async function finishAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      try {
        animation.finish();
      } catch {
        // An endless animation cannot finish; it changes no colour axe checks.
      }
    }
  });
}

/** axe-core findings of any impact, as "rule: targets" lines. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await finishAnimations(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
