/**
 * axe-core for e2e tests of screens the app-wide walk (test/e2e/a11y/axe.test.ts) cannot reach in
 * the state a test built (a bot in a position on a hand-moved clock, a preference just saved):
 * the walk's rules, in light and dark mode, on a whole page at 375 and 1440 px or on one part of
 * it. Violations come back as one line each.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Waits for two frames and then for every transition and animation to end (a spinner's endless spin
 * aside): axe reads computed colours, and a link still fading from dark to light mode reads as white
 * on white, which no person ever sees.
 */
const stillFrame = (page: Page): Promise<unknown> =>
  page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
  });

/** axe with the walk's rules on the page, or only on the part `within` selects. */
const analyze = async (page: Page, within?: string): Promise<Result[]> => {
  // Only the violations: axe then skips writing up every passing node. Legacy mode runs axe in the
  // page itself instead of finishing each run in a fresh blank page (2-3 times faster); what it
  // gives up is reaching into other origins' iframes, and the app has none.
  const builder = new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
  return (await (within ? builder.include(within) : builder).analyze()).violations;
};

/**
 * The violations of the page (or of the part `within` selects) once it stands still. A violation
 * must be there twice, half a second apart: on a starved machine a frame can still show a style
 * of the moment before (a link's colour half-way through a mode switch), which no person sees;
 * what is wrong with the page is there both times, and only what is there both times is reported.
 */
export const axeScan = async (page: Page, within?: string): Promise<Result[]> => {
  await stillFrame(page);
  const first = await analyze(page, within);
  if (!first.length) return first;
  await page.waitForTimeout(500);
  await stillFrame(page);
  const again = await analyze(page, within);
  const before = new Set(first.map((v) => v.id));
  return again.filter((v) => before.has(v.id));
};

const MODES = ['light', 'dark'] as const;

/** Chakra's breakpoints (sm, md, lg, xl, 2xl): where the app's media rules change the layout. */
const BREAKPOINTS = ['30rem', '48rem', '64rem', '80rem', '96rem'];

/**
 * Whether the page's style answers for `width`: the window is that wide and a probe rule under
 * each breakpoint's media query (a custom property, installed on the first call in a document)
 * applies exactly when matchMedia says it matches.
 */
const styledFor = (page: Page, width: number) =>
  page.evaluate(
    ({ w, breakpoints }) => {
      if (!document.getElementById('media-probe')) {
        const probe = document.createElement('style');
        probe.id = 'media-probe';
        probe.textContent = breakpoints
          .map((b, i) => `@media (min-width: ${b}) { :root { --media-probe-${i}: 1; } }`)
          .join('\n');
        document.head.append(probe);
      }
      const style = getComputedStyle(document.documentElement);
      return (
        window.innerWidth === w &&
        breakpoints.every(
          (b, i) =>
            (style.getPropertyValue(`--media-probe-${i}`).trim() === '1') ===
            matchMedia(`(min-width: ${b})`).matches,
        )
      );
    },
    { w: width, breakpoints: BREAKPOINTS },
  );

/**
 * Sets the viewport to `width` and waits until the page is styled for it. On a busy machine with
 * several pages open, Chromium has been seen to lay out a new width with the old width's media
 * rules for seconds (a header's wide-screen links drawn past a phone's edge, white on the page's
 * background), which no person sees: the probe notices, and another resize makes Chromium
 * evaluate its media rules again.
 */
export const atWidth = async (page: Page, width: number, height = 900): Promise<void> => {
  await styledFor(page, page.viewportSize()?.width ?? width);
  for (let tries = 0; tries < 4; tries++) {
    if (tries) await page.setViewportSize({ width: width + 1, height });
    await page.setViewportSize({ width, height });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    if (await styledFor(page, width)) return;
  }
  throw new Error(`the page at ${page.url()} is not styled for ${width} px`);
};

/** Switches the colour mode as the app's toggle does: next-themes stores it and hears the storage event. */
export const setColorMode = async (page: Page, mode: 'light' | 'dark') => {
  await page.evaluate((m) => {
    localStorage.setItem('theme', m);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: m }));
  }, mode);
  await page.waitForFunction((m) => document.documentElement.classList.contains(m), mode);
};

/** One scan: each violation as "<label>: rule target html". */
const scan = async (page: Page, label: string, within?: string): Promise<string[]> =>
  (await axeScan(page, within)).map(
    (v) =>
      `${label}: ${v.id} on ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 100)}`).join(' | ')}: ${v.nodes[0]?.failureSummary?.split('\n')[1] ?? ''}`,
  );

/** The whole page at 375 and 1440 px, light and dark. */
export const axeViolations = async (page: Page, name: string): Promise<string[]> => {
  const found: string[] = [];
  for (const mode of MODES) {
    await setColorMode(page, mode);
    for (const width of [375, 1440]) {
      await atWidth(page, width);
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
    found.push(...(await scan(page, mode, selector)));
  }
  return found;
};
