/**
 * axe-core on one open page at 375 and 1440 px, light and dark, with the rules of the app-wide walk
 * (test/e2e/a11y/axe.test.ts): for pages that walk cannot reach in the state a test built (a bot in
 * a position on a hand-moved clock). Violations come back as one line each.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The colour mode as the app's toggle sets it: next-themes stores it and hears the storage event. */
const setMode = async (page: Page, mode: 'light' | 'dark') => {
  await page.evaluate((m) => {
    localStorage.setItem('theme', m);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: m }));
  }, mode);
  await page.waitForFunction((m) => document.documentElement.classList.contains(m), mode);
};

export const axeViolations = async (page: Page, name: string): Promise<string[]> => {
  const found: string[] = [];
  for (const mode of ['light', 'dark'] as const) {
    await setMode(page, mode);
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      // two frames at the new width, so media queries answer for it before axe reads the layout
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      await page.waitForTimeout(150);
      const { violations } = await new AxeBuilder({ page })
        .withTags(TAGS)
        .options({ resultTypes: ['violations'] })
        .setLegacyMode(true)
        .analyze();
      for (const v of violations)
        found.push(
          `${name} @${width} ${mode}: ${v.id} on ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 100)}`).join(' | ')}: ${v.nodes[0]?.failureSummary?.split('\n')[1] ?? ''}`,
        );
    }
  }
  return found;
};
