import type { Page } from 'playwright-core';
import { url } from './browser';

/**
 * The spec's route table (section 2), word for word ('' is the landing page), and the linked
 * /admintransfer: the routes the e2e walks (route walk, axe) visit as a visitor, a member and an admin.
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

/** Opens a route and waits until its data has loaded (the network is quiet, 15 s at most). */
export const visit = async (page: Page, route: string): Promise<void> => {
  await page.goto(url(route));
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
};

/**
 * The routes of web/src/router.tsx beyond the spec's table, by who sees their screen: sign-up and
 * an unknown path (the not-found page), the member's Security and Notifications, and the admin's
 * Payout report, Audit log and Operations.
 */
export const ROUTER_ONLY_ROUTES = {
  public: ['/signup', '/no-such-page'],
  member: ['/security', '/notifications'],
  admin: ['/adminpayout', '/auditlog', '/operations'],
};
