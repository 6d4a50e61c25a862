/**
 * axe-core for e2e tests of screens the app-wide walk (test/e2e/a11y/axe.test.ts) cannot reach in
 * the state a test built (a bot in a position on a hand-moved clock, a preference just saved):
 * the walk's rules in light mode and its colour rules in dark mode, on a whole page at 375 and
 * 1440 px or on one part of it. Violations come back as one line each.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

const MODES = ['light', 'dark'] as const;
type Mode = (typeof MODES)[number];

/**
 * The rules whose outcome depends on colours: all a switch between light and dark mode can change
 * (the modes differ in colours only), so the dark-mode scans run these and the light-mode scans all
 * of TAGS. Contrast is most of a scan's cost, the other rules roughly half of it.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The rules a scan in `mode` runs (undefined: all of TAGS). */
export const rulesFor = (mode: Mode): readonly string[] | undefined =>
  mode === 'dark' ? COLOUR_RULES : undefined;

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Draws every section, waits for two frames and then for every transition and animation to end (a
 * spinner's endless spin aside): axe reads computed colours, and a link still fading from dark to
 * light mode reads as white on white, which no person ever sees.
 */
const stillFrame = (page: Page): Promise<unknown> =>
  page.evaluate(async () => {
    // Sections the browser skips until they come near the viewport (content-visibility: auto, the
    // home page's below the first screen) are drawn as a person scrolling to them sees them: axe
    // reads their colours, and their animations run to their end instead of waiting forever.
    if (!document.getElementById('axe-all-drawn')) {
      const drawn = document.createElement('style');
      drawn.id = 'axe-all-drawn';
      drawn.textContent = '* { content-visibility: visible !important; }';
      document.head.append(drawn);
    }
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
  });

/**
 * axe on the page, or only on the part `within` selects: the walk's tags, or only `rules`. axe-core
 * is put in each document once (by the DevTools protocol, which the page's CSP does not govern) and
 * run in the page itself, which reaches everything the app draws (it has no iframes); only the
 * violations are written up.
 */
const analyze = async (page: Page, within?: string, rules?: readonly string[]): Promise<Result[]> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    runOnly: rules ? { type: 'rule', values: [...rules] } : { type: 'tag', values: TAGS },
    resultTypes: ['violations'],
  };
  return page.evaluate(
    async ({ within, options }) => {
      const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } })
        .axe;
      return (await axe.run(within ? { include: [within] } : document, options)).violations;
    },
    { within, options },
  );
};

/**
 * The violations of the page (or of the part `within` selects) once it stands still. A violation
 * must be there twice, half a second apart: on a starved machine a frame can still show a style
 * of the moment before (a link's colour half-way through a mode switch), which no person sees;
 * what is wrong with the page is there both times, and only what is there both times is reported.
 */
export const axeScan = async (page: Page, within?: string, rules?: readonly string[]): Promise<Result[]> => {
  await stillFrame(page);
  const first = await analyze(page, within, rules);
  if (!first.length) return first;
  await page.waitForTimeout(500);
  await stillFrame(page);
  const again = await analyze(page, within, rules);
  const before = new Set(first.map((v) => v.id));
  return again.filter((v) => before.has(v.id));
};

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
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    if (await styledFor(page, width)) return;
  }
  throw new Error(`the page at ${page.url()} is not styled for ${width} px`);
};

/** Switches the colour mode as the app's toggle does: next-themes stores it and hears the storage event. */
export const setColorMode = async (page: Page, mode: Mode) => {
  await page.evaluate((m) => {
    localStorage.setItem('theme', m);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: m }));
  }, mode);
  await page.waitForFunction((m) => document.documentElement.classList.contains(m), mode);
};

/** One scan in `mode`: each violation as "<label>: rule target html". */
const scan = async (page: Page, mode: Mode, label: string, within?: string): Promise<string[]> =>
  (await axeScan(page, within, rulesFor(mode))).map(
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
      found.push(...(await scan(page, mode, `${name} @${width} ${mode}`)));
    }
  }
  return found;
};

/** The part of the page inside `selector`, at its present width, in light and then dark mode. */
export const axeViolationsInBothModes = async (page: Page, selector: string): Promise<string[]> => {
  const found: string[] = [];
  for (const mode of MODES) {
    await setColorMode(page, mode);
    found.push(...(await scan(page, mode, mode, selector)));
  }
  return found;
};
