/**
 * axe-core (WCAG 2.0/2.1 A and AA, and the best-practice rules) on every route of the router as a
 * visitor, a member and an admin, at 375 and 1440 px, in light mode (and the colour rules in dark
 * mode, which changes only colours: test/support/axe.ts), and on every dialog: no violation
 * anywhere. The same walks are the route walk: every route of the spec's table, opened
 * by each role, shows a screen (not a blank page, not the not-found page, not the error page) and
 * logs no console error; visitors land on the log-in page for member and admin routes, members on
 * "This page is for admins." for admin routes: both are screens. A walk moves from route to route
 * as the app's links do (`moveTo`), one load of the app a page. One browser; each role keeps one
 * logged-in page; each route is opened once and scanned in the four width × mode combinations (the theme switches as the app's toggle stores
 * it: localStorage 'theme', which next-themes also follows through the storage event). The member
 * holds Imperial and a bound paper Binance key, so the bot pages show their deploy panels and the
 * Dashboard opens its "ready to trade" dialog. Every violation is printed (rule, page, target) and
 * all results are saved to test-artifacts/a11y/axe-results.json.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConsoleMessage, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { call, newVerifiedMember, stack } from '../../support/api';
import { atWidth, axeScan, rulesFor, TAGS } from '../../support/axe';
import { url, useBrowser } from '../../support/browser';
import { bindingCode, paperAccount } from '../../support/exchange';
import { topUp } from '../../support/fund';
import {
  ADMIN_ROUTES,
  MEMBER_AND_PUBLIC_ROUTES,
  ROUTER_ONLY_ROUTES,
  moveTo,
  ROUTES,
  visit,
} from '../../support/routes';

const { newPage } = useBrowser();

const WIDTHS = [375, 1440] as const;
const MODES = ['light', 'dark'] as const;
const HEIGHT = 900;

interface Finding {
  scan: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  /** The first failing element's summary (e.g. the contrast figures). */
  detail: string;
}

const findings: Finding[] = [];
const scans: string[] = [];

afterAll(() => {
  mkdirSync('test-artifacts/a11y', { recursive: true });
  writeFileSync(
    'test-artifacts/a11y/axe-results.json',
    JSON.stringify({ tags: TAGS, scans: scans.sort(), violations: findings }, null, 2),
  );
});

/** Switches the colour mode as the toggle does: next-themes stores it and hears the storage event. */
const setMode = async (page: Page, mode: (typeof MODES)[number]) => {
  if (await page.evaluate((m) => document.documentElement.classList.contains(m), mode)) return;
  const applied = () =>
    page
      .waitForFunction((m) => document.documentElement.classList.contains(m), mode, { timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
  for (let tries = 0; tries < 3; tries++) {
    await page.evaluate((m) => {
      localStorage.setItem('theme', m);
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: m }));
    }, mode);
    if (await applied()) return;
    // a page still redirecting may have missed the event; a load reads the stored theme
    await page.reload();
  }
  throw new Error(`the ${mode} theme did not apply on ${page.url()}`);
};

/** Scans the page (or only `within`, a dialog) once in `mode` and records what axe finds under `name`. */
const scan = async (page: Page, mode: (typeof MODES)[number], name: string, within?: string) => {
  const violations = await axeScan(page, within, rulesFor(mode));
  scans.push(name);
  for (const v of violations)
    findings.push({
      scan: name,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
      detail: v.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? '',
    });
};

/**
 * Scans in every width × mode; the page (or dialog) stays open while the viewport and theme change.
 * It starts in the mode and at the width the page already has and walks the four in a loop (light
 * 1440, light 375, dark 375, dark 1440, or the reverse): one theme switch and two resizes a page
 * instead of two and four. Each switch redraws the whole app, which costs as much as a scan.
 */
const scanAll = async (page: Page, name: string, within?: string, widths: readonly number[] = WIDTHS) => {
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  const modes = dark ? [...MODES].reverse() : MODES;
  let order = widths[widths.length - 1] === page.viewportSize()?.width ? [...widths].reverse() : [...widths];
  for (const mode of modes) {
    await setMode(page, mode);
    for (const width of order) {
      await atWidth(page, width, HEIGHT);
      await scan(page, mode, `${name} @${width} ${mode}`, within);
    }
    order = order.reverse();
  }
};

/**
 * Routes that router.tsx gives the same element as another route: scanning the one scans both.
 * ('/scroll' and '/nu' redirect, and a route that lands where another already did is skipped.)
 */
const SAME_SCREEN = new Set(['/signin', '/bonus', '/admin', '/adminactivate', '/withdraw']);

/**
 * React 19 logs this for the theme library's inline script (next-themes, web/src/App.tsx), which
 * runs before React and works; it is not an error of a page, so the walks leave it out.
 */
const KNOWN_CONSOLE_ERRORS = [/Encountered a script tag while rendering React component/];

/** Whether the page shows a screen: some text, in a main region or under a heading. */
const showsScreen = () =>
  document.body.innerText.trim().length >= 40 &&
  (!!document.querySelector('main')?.innerText.trim() || !!document.querySelector('h1'));

/**
 * What is wrong with the screen a route of the spec's table shows, if anything. A route that sends
 * the browser on (a signed-in member's /signin) is empty for a moment: blank is a page that shows
 * no screen for 10 s.
 */
const screenProblems = async (page: Page, route: string): Promise<string[]> => {
  const problems: string[] = [];
  const shown = await page.waitForFunction(showsScreen, undefined, { timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  if (!shown) problems.push(`${route}: blank page`);
  const body = (await page.locator('body').innerText()).trim();
  if (/Page not found/.test(body)) problems.push(`${route}: not found`);
  if (/Something went wrong on this page/.test(body)) problems.push(`${route}: error page`);
  return problems;
};

/**
 * Opens every route of `routes` once and returns what the route walk finds wrong (a screen that is
 * not one, a console or page error while a route is open). Routes in `scan` are scanned by axe; a
 * route that lands where another already did (`seen`, shared by the role's walks) is not scanned
 * again.
 */
const walk = async (
  page: Page,
  role: string,
  routes: readonly string[],
  scan: readonly string[],
  seen = new Set<string>(),
): Promise<string[]> => {
  const problems: string[] = [];
  let route: string | undefined;
  const onConsole = (m: ConsoleMessage) => {
    if (route && m.type() === 'error' && !KNOWN_CONSOLE_ERRORS.some((k) => k.test(m.text())))
      problems.push(`${route}: console ${m.text()}`);
  };
  const onPageError = (e: Error) => route && problems.push(`${route}: ${e.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  try {
    for (route of routes) {
      await moveTo(page, route);
      if (ROUTES.includes(route)) problems.push(...(await screenProblems(page, route)));
      if (SAME_SCREEN.has(route) || !scan.includes(route)) continue;
      const landed = new URL(page.url()).pathname;
      if (seen.has(landed)) continue;
      seen.add(landed);
      await scanAll(page, `${role} ${route}${landed !== route ? ` (→ ${landed})` : ''}`);
    }
  } finally {
    route = undefined;
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
  }
  return problems;
};

/** The violations of scans whose name starts with `prefix`, one line each, for the failure message. */
const report = (prefix: string) =>
  findings
    .filter((f) => f.scan.startsWith(prefix))
    .map((f) => `${f.rule} (${f.impact}) on ${f.scan}: ${f.targets.join(' | ')} — ${f.detail}`);

const DIALOG = '[role="dialog"]';

/** Opens a dialog with `open`, scans it (`name` starts with the role) in every width × mode, closes it with Escape. */
const scanDialog = async (
  page: Page,
  name: string,
  open: () => Promise<void>,
  widths?: readonly number[],
) => {
  await open();
  await page.locator(DIALOG).last().waitFor();
  await scanAll(page, name, DIALOG, widths);
  await page.keyboard.press('Escape');
  await page.locator(DIALOG).waitFor({ state: 'detached' });
};

const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

/** A member ready to trade: Imperial bought from a topped-up wallet and a paper Binance key bound. */
const readyMember = async () => {
  const m = await newVerifiedMember();
  await topUp(m.idToken, '400');
  const bought = await call('activatePlan', { plan: 'imperial', requestId: randomUUID() }, m.idToken);
  if (bought.status !== 200) throw new Error(`plan: ${JSON.stringify(bought.body)}`);
  const key = await paperAccount({ spot: { USDT: 5000 }, futuresUsdt: 5000 });
  const otp = await bindingCode(m.email, m.idToken);
  const bound = await call('bindBinance', { apikey: key.apiKey, apisecret: key.secret, otp }, m.idToken);
  if (bound.status !== 200) throw new Error(`bind: ${JSON.stringify(bound.body)}`);
  return m;
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const VISITOR_ROUTES = [
  ...MEMBER_AND_PUBLIC_ROUTES,
  ...ROUTER_ONLY_ROUTES.public,
  ...ROUTER_ONLY_ROUTES.member,
  ...ADMIN_ROUTES,
  ...ROUTER_ONLY_ROUTES.admin,
];
/** The admin's routes, scanned; then the spec's other routes, only walked (an admin sees them as a member does). */
const ADMIN_SCANS = [...ADMIN_ROUTES, ...ROUTER_ONLY_ROUTES.admin];
const ADMIN_WALK = [...ADMIN_SCANS, ...MEMBER_AND_PUBLIC_ROUTES];
/** The member's routes (and one admin route: members see one "for admins" screen), scanned. */
const MEMBER_SCANS = [
  ...MEMBER_AND_PUBLIC_ROUTES,
  ...ROUTER_ONLY_ROUTES.public,
  ...ROUTER_ONLY_ROUTES.member,
  '/admindashboard',
];
/** Those and the other admin routes (each the same "for admins" screen, only walked), in two parts. */
const MEMBER_WALK = [...MEMBER_SCANS, ...ADMIN_ROUTES.filter((r) => !MEMBER_SCANS.includes(r))];
// the first part's test also opens the member's dialogs (as long as ~a fifth of the routes), so it
// walks fewer routes and the two end together
const SPLIT = Math.ceil(MEMBER_WALK.length * 0.4);
const MEMBER_PARTS = [MEMBER_WALK.slice(0, SPLIT), MEMBER_WALK.slice(SPLIT)];
const memberSeen = new Set<string>();
let member: ReturnType<typeof readyMember> | undefined;

it('walks every path of web/src/router.tsx', () => {
  const source = readFileSync('web/src/router.tsx', 'utf8');
  const paths = [...source.matchAll(/path: '(\/[^']*)'/g)].map((m) => m[1]);
  // a route added to the router belongs in test/support/routes.ts, so the walks below reach it
  expect(paths.filter((p) => !VISITOR_ROUTES.includes(p))).toEqual([]);
});

/**
 * A page logged in as the one ready member (made by the first test to ask). Its Dashboard opens the
 * "ready to trade" dialog on a first visit: scanned when `scanReady`, then closed.
 */
const memberPage = async (scanReady: boolean) => {
  member ??= readyMember();
  const m = await member;
  const page = await newPage(1440, 900, m);
  await page.goto(url('/dashboard'));
  await page.getByRole('dialog', { name: 'You are ready to trade' }).waitFor();
  if (scanReady) await scanAll(page, 'member dialog ready to trade', DIALOG);
  await page.keyboard.press('Escape');
  await page.locator(DIALOG).waitFor({ state: 'detached' });
  return page;
};

// the roles run side by side (one browser, a page each; the member's routes in two): axe works in
// each page's renderer
describe.concurrent(
  'axe: no WCAG 2.1 A/AA or best-practice violation, and every route shows a screen',
  () => {
    it('as a visitor: every route, the log-in dialogs and the phone menu', async ({ expect }) => {
      const page = await newPage();
      expect(await walk(page, 'visitor', VISITOR_ROUTES, VISITOR_ROUTES)).toEqual([]);
      await visit(page, '/login');
      await scanDialog(page, 'visitor dialog Forgot Password', () =>
        button(page, 'Forgot Password?').click(),
      );
      await scanDialog(page, 'visitor dialog Resend Verify E-mail', () =>
        button(page, 'Resend Verify E-mail').click(),
      );
      await page.setViewportSize({ width: 375, height: HEIGHT });
      await scanDialog(page, 'visitor dialog phone menu', () => button(page, 'Open menu').click(), [375]);
      expect(report('visitor')).toEqual([]);
    }, 600_000);

    it('as a member: the ready-to-trade, Top Up, Withdraw, Plan Subscribe and complaint chat dialogs, and the first part of the routes', async ({
      expect,
    }) => {
      const page = await memberPage(true);
      await visit(page, '/wallet');
      await scanDialog(page, 'member dialog Top Up', () => button(page, 'Top Up').click());
      await scanDialog(page, 'member dialog Withdraw', () =>
        page.getByRole('button', { name: 'Withdraw' }).first().click(),
      );
      await visit(page, '/pricing');
      // the first plan the member may buy (Imperial's reads "Extend Plan" once held)
      await scanDialog(page, 'member dialog Plan Subscribe', () =>
        page
          .getByRole('button', { name: /^(Subscribe to|Extend Plan)/, disabled: false })
          .first()
          .click(),
      );

      // a complaint, then its chat
      const shot = join(mkdtempSync(join(tmpdir(), 'a11y-')), 'shot.png');
      writeFileSync(shot, PNG);
      await visit(page, '/complain');
      await page.getByLabel('Description').fill('The deploy button did not answer.');
      await page.getByLabel('Image (at most 500 KB)').setInputFiles(shot);
      await button(page, 'Submit').click();
      const complaints = page.getByRole('table', { name: 'Complaints' });
      await complaints.getByText('Pending').waitFor();
      await scanDialog(page, 'member dialog complaint chat', () =>
        complaints.getByRole('button').first().click(),
      );

      expect(await walk(page, 'member', MEMBER_PARTS[0], MEMBER_SCANS, memberSeen)).toEqual([]);
      expect(report('member')).toEqual([]);
    }, 900_000);

    it('as a member: the rest of the routes', async ({ expect }) => {
      expect(
        await walk(await memberPage(false), 'member', MEMBER_PARTS[1], MEMBER_SCANS, memberSeen),
      ).toEqual([]);
      expect(report('member')).toEqual([]);
    }, 900_000);

    it('as an admin: every admin route', async ({ expect }) => {
      const page = await newPage(1440, 900, stack().admin);
      await page.goto(url('/admindashboard'));
      expect(await walk(page, 'admin', ADMIN_WALK, ADMIN_SCANS)).toEqual([]);
      expect(report('admin')).toEqual([]);
    }, 600_000);
  },
);
