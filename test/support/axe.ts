/**
 * axe-core for e2e tests of screens the app-wide walk (test/e2e/a11y/axe.test.ts) cannot reach in
 * the state a test built (a bot in a position on a hand-moved clock, a preference just saved):
 * the walk's rules, in light and dark mode, on a whole page at 375 and 1440 px or on one part of
 * it. Violations come back as one line each.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Waits for two frames and then for every transition and animation to end (a spinner's endless spin
 * aside): axe reads computed colours, and a link still fading from dark to light mode reads as white
 * on white, which no person ever sees.
 */
export const stillFrame = (page: Page): Promise<unknown> =>
  page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
const MODES = ['light', 'dark'] as const;

/** Switches the colour mode as the app's toggle does: next-themes stores it and hears the storage event. */
export const setColorMode = async (page: Page, mode: 'light' | 'dark') => {
  await page.evaluate((m) => {
    localStorage.setItem('theme', m);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: m }));
  }, mode);
  await page.waitForFunction((m) => document.documentElement.classList.contains(m), mode);
};

/** One scan: each violation as "<label>: rule target html". */
const scan = async (page: Page, label: string, within?: string): Promise<string[]> => {
  const builder = new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ['violations'] });
  const { violations } = await (within ? builder.include(within) : builder).setLegacyMode(true).analyze();
  return violations.map(
    (v) =>
      `${label}: ${v.id} on ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 100)}`).join(' | ')}: ${v.nodes[0]?.failureSummary?.split('\n')[1] ?? ''}`,
  );
};

/** The whole page at 375 and 1440 px, light and dark. */
export const axeViolations = async (page: Page, name: string): Promise<string[]> => {
  const found: string[] = [];
  for (const mode of MODES) {
    await setColorMode(page, mode);
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      // two frames at the new width, so media queries answer for it before axe reads the layout
      await stillFrame(page);
      found.push(...(await scan(page, `${name} @${width} ${mode}`)));
    }
  }
  return found;
};

/** The part of the page inside `selector`, at its present width, in light and then dark mode. */
export const axeViolationsInBothModes = async (page: Page, selector: string): Promise<string[]> => {
  const found: string[] = [];
  for (const mode of MODES) {
    await setColorMode(page, mode);
    await stillFrame(page);
    found.push(...(await scan(page, mode, selector)));
  }
  return found;
};
