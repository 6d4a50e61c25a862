/**
 * Each public page's title and description (the browser tab, search results and link previews),
 * and the robots.txt and sitemap.xml built from them. Plain data: the web app reads it
 * (lib/usePageMeta.ts), and so do the servers that answer /robots.txt and /sitemap.xml with
 * their own origin (lib/constructs/web.ts at deploy time, local/web-static.ts locally).
 */
export interface PageMeta {
  title: string;
  description: string;
  /** Listed in the sitemap: a page worth finding from a search (not a step of a mailed link). */
  listed: boolean;
}

const SITE = 'Trendex';

export const DEFAULT_META: PageMeta = {
  title: `${SITE} - Automated crypto trading`,
  description: 'Trendex: automated crypto trading bots for Binance and WazirX.',
  listed: false,
};

const login: PageMeta = {
  title: `Log In · ${SITE}`,
  description: 'Log in to Trendex to run your trading bots, top up your wallet and follow your team.',
  listed: true,
};

export const PUBLIC_PAGES: Record<string, PageMeta> = {
  '/': {
    title: DEFAULT_META.title,
    description:
      'Automated crypto trading bots for Binance and WazirX: DCA, grid and signal strategies that trade on your own exchange account while your funds stay there.',
    listed: true,
  },
  '/aboutus': {
    title: `About Us · ${SITE}`,
    description:
      'Who we are: rule-based trading bots with published backtests, run on your own exchange account, and a partner programme that rewards referrals.',
    listed: true,
  },
  '/contactus': {
    title: `Contact Us · ${SITE}`,
    description: 'Write to the Trendex team about plans, bots, payments or your account.',
    listed: true,
  },
  '/pricing': {
    title: `Pricing · ${SITE}`,
    description:
      'Two yearly plans, Executive and the Imperial Package, paid in USDT from your Trendex wallet: compare the bots and benefits each one unlocks.',
    listed: true,
  },
  '/login': login,
  '/signin': { ...login, listed: false },
  '/signup': {
    title: `Sign Up · ${SITE}`,
    description:
      'Create a Trendex account: pick your referrer and team side, verify your e-mail and start automated trading.',
    listed: true,
  },
  '/success': {
    title: `Account created · ${SITE}`,
    description: 'Your Trendex account is created: verify your e-mail to log in.',
    listed: false,
  },
  '/verify': {
    title: `Verify your e-mail · ${SITE}`,
    description: 'Verify the e-mail address of your Trendex account.',
    listed: false,
  },
  '/terms': {
    title: `Terms and Conditions · ${SITE}`,
    description:
      'The terms of a Trendex account: plans and payments, trading risk, the profit charge and referral rewards.',
    listed: true,
  },
  '/changepassword': {
    title: `Change password · ${SITE}`,
    description: 'Choose a new password for your Trendex account.',
    listed: false,
  },
};

/** robots.txt: everything may be crawled; the sitemap is named by its full URL, as the format asks. */
export const robotsTxt = (origin: string): string =>
  `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;

/** sitemap.xml of the listed public pages, with absolute URLs on `origin`. */
export const sitemapXml = (origin: string): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...Object.entries(PUBLIC_PAGES)
      .filter(([, meta]) => meta.listed)
      .map(([path]) => `  <url><loc>${origin}${path}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
