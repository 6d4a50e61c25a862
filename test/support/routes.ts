import type { Page } from 'playwright-core';
import { url } from './browser';

/**
 * The spec's route table (section 2), word for word ('' is the landing page), and the linked
 * /admintransfer: the routes the e2e walks (test/e2e/a11y/axe.test.ts) visit as a visitor, a member and an admin.
 */
export const MEMBER_AND_PUBLIC_ROUTES = [
  'dashboard',
  'team',
  'portfolio',
  'exchange',
  'profit',
  'dca',
  'rewards',
  'profile',
  'login',
  'signin',
  'aboutus',
  'pricing',
  'contactus',
  '',
  'scroll',
  'bonus',
  'wallet',
  'classic',
  'zeno',
  'zeno3x',
  'nero',
  'quant',
  'candle3x',
  'coindb',
  'glint',
  'alfa',
  'success',
  'trendex',
  'nu',
  'verify',
  'changepassword',
  'complain',
].map((r) => `/${r}`);

export const ADMIN_ROUTES = [
  'admin',
  'admin1',
  'adminactivate',
  'adminactivation',
  'admindeposit',
  'adminregister',
  'searchprofile',
  'adminwithdraw',
  'master',
  'transferemail',
  'admindashboard',
  'chatreply',
  'withdraw',
  'balance',
  'structure',
  'apibind',
  'apierror',
  'leaders',
  'adminorder',
  'admintransfer',
].map((r) => `/${r}`);

export const ROUTES = [...MEMBER_AND_PUBLIC_ROUTES, ...ADMIN_ROUTES];

/**
 * Whether the page shows a screen that has loaded, as a person sees it: a heading or a main region
 * with text in it (not the empty frame of a route that is sending the browser on), none of the
 * app's loading signs on it (the route loader and other live "Loading…" regions, skeletons, a busy
 * table, a "Loading…" cell), and nothing still sliding or fading in (a spinner's endless spin aside).
 */
const loaded = () => {
  const screen = document.querySelector('h1') ?? document.querySelector('main');
  if (!(screen as HTMLElement | null)?.innerText.trim()) return false;
  const moving = document
    .getAnimations()
    .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
  if (moving) return false;
  const visible = (e: Element) => (e as HTMLElement).offsetParent !== null || e.getClientRects().length > 0;
  const loading = [
    ...document.querySelectorAll('.chakra-skeleton, [aria-busy="true"]'),
    ...[...document.querySelectorAll('[role="status"], td')].filter((e) =>
      /^Loading/.test(e.textContent?.trim() ?? ''),
    ),
  ];
  return !loading.some(visible);
};

/**
 * Opens a route and waits until it shows its loaded screen (15 s at most: a screen that never
 * settles is then read as it stands, and the caller's checks say what is wrong with it).
 */
export const visit = async (page: Page, route: string): Promise<void> => {
  await page.goto(url(route));
  await page.waitForFunction(loaded, undefined, { timeout: 15_000, polling: 50 }).catch(() => undefined);
};

/**
 * The routes of web/src/router.tsx beyond the spec's table, by who sees their screen: sign-up, the
 * terms (linked from sign-up's checkbox) and an unknown path (the not-found page), the member's Security and Notifications, and the admin's
 * Payout report, Audit log and Operations.
 */
export const ROUTER_ONLY_ROUTES = {
  public: ['/signup', '/terms', '/no-such-page'],
  member: ['/security', '/notifications'],
  admin: ['/adminpayout', '/auditlog', '/operations'],
};

/**
 * Moves an open page of the app to `route` as its own links do (the history and the router, no
 * new load of the app) and waits until it shows the route's loaded screen. A new load runs the
 * whole app again (~0.7 CPU-s in Chromium, four times an in-app move), which a walk through every
 * route pays a hundred times over. A page not yet on the app is loaded with `visit`.
 *
 * The move is done when the router has shown the new location: the app sets the document's title
 * on every change of path (web/src/lib/usePageMeta.ts), after the route's chunk is loaded and its
 * screen drawn, and each setting replaces the title's text, which a MutationObserver sees even when
 * the title stays the same. (Waiting for a new element instead waited 5 s on every route whose
 * screen is the one already shown: a visitor's log-in page for each admin route.)
 */
export const moveTo = async (page: Page, route: string): Promise<void> => {
  if (!page.url().startsWith(url('/'))) return visit(page, route);
  const moving = await page.evaluate((to) => {
    // already there (a walk's last route sent the page here): the router shows the same screen
    if (location.pathname + location.search === to) return false;
    const shown = window as { routeShown?: boolean };
    shown.routeShown = false;
    const observer = new MutationObserver(() => {
      shown.routeShown = true;
      observer.disconnect();
    });
    const title = document.querySelector('title');
    if (title) observer.observe(title, { childList: true, subtree: true, characterData: true });
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
    return true;
  }, route);
  if (moving)
    await page
      .waitForFunction(() => (window as { routeShown?: boolean }).routeShown, undefined, {
        timeout: 5_000,
        polling: 50,
      })
      .catch(() => undefined);
  await page.waitForFunction(loaded, undefined, { timeout: 15_000, polling: 50 }).catch(() => undefined);
};
