/**
 * bench/web: Lighthouse 12 (its node API, the system Chromium) on the local stack's web app, the
 * production build as `npm start` serves it: /, /pricing and /login as a visitor and /dashboard
 * logged in, on the mobile and the desktop preset. Each figure is printed next to its budget:
 *  - JavaScript of a public page's first load <= 200 KB gzip: the scripts Lighthouse saw loaded,
 *    each fetched again with Accept-Encoding: gzip (the transfer Lighthouse measured is brotli's);
 *  - cumulative layout shift < 0.1; accessibility 100; best practices 100; SEO >= 95;
 *  - performance on the mobile preset: simulated throttling on a shared 2-core machine makes it
 *    noisy (the byte figures are the stable ones), so it is printed without a budget.
 * The logged-in run logs a fresh member in through the app's own form (playwright-core over CDP
 * on the same Chromium), and Lighthouse keeps that browser's storage (disableStorageReset).
 *
 *   npm run bench:web                      # all four pages, both presets
 *   BENCH_PAGES=/pricing BENCH_PRESETS=mobile npx tsx bench/web/lighthouse.ts
 *   BENCH_PORT_BASE=7750 (ports +0, +10, +20)   BENCH_REPORTS=dir (saves each Lighthouse JSON)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { routes } from '#api/routes';

// Before the stack and the functions are loaded: the logger reads its level then.
process.env.LOG_LEVEL ??= 'ERROR';

const PORT = Number(process.env.BENCH_PORT_BASE ?? 7750);
const PAGES = (process.env.BENCH_PAGES ?? '/,/pricing,/login,/dashboard').split(',');
const PRESETS = (process.env.BENCH_PRESETS ?? 'mobile,desktop').split(',') as Preset[];
const REPORTS = process.env.BENCH_REPORTS;
const MEMBER_PAGES = new Set(['/dashboard']);
const JS_BUDGET_KB = 200;

type Preset = 'mobile' | 'desktop';

const { buildWebIfStale } = await import('../../local/web-build');
const { startLocalStack } = await import('../../local/stack');

/** A verified member, signed up and verified through the API and the mailed link, as a person would. */
const newMember = async (webUrl: string, sponsor: string) => {
  const n = Date.now().toString(36);
  const member = {
    email: `bench${n}@example.com`,
    password: 'Str0ng!Passw0rd',
    name: `Bench Member`,
    username: `bench${n}`,
    country: 'IN',
    mobile: '9876543210',
    sponsor,
    side: 'Left',
    acceptTerms: true,
  };
  const post = (path: string, body: unknown) =>
    fetch(`${webUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signUp = await post(routes.signUp.path, member);
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const mails = (await (await fetch(`${webUrl}/outbox/messages?to=${member.email}`)).json()) as {
    text: string;
  }[];
  const token = mails.map((mail) => /\/verify\?token=([^\s"<]+)/.exec(mail.text)?.[1]).find(Boolean);
  const verified = await post(routes.verifyEmail.path, { token: decodeURIComponent(token!) });
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`);
  return member;
};

interface Figures {
  page: string;
  preset: Preset;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  /** Scripts loaded, as Lighthouse measured them (brotli) and as gzip would send them. */
  jsTransferKb: number;
  jsGzipKb: number;
  scripts: number;
  /** The audits that cost a category points: what to fix. */
  failing: string[];
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The gzip size of each script, fetched again as a browser without brotli would. */
const gzipKb = async (urls: string[]) => {
  let bytes = 0;
  for (const url of urls) {
    // a kept-alive socket the server has just closed resets the request: that one is asked again
    const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } }).catch(() =>
      fetch(url, { headers: { 'accept-encoding': 'gzip' } }),
    );
    await res.arrayBuffer(); // fetch inflates the body: content-length is what went over the wire
    bytes += Number(res.headers.get('content-length'));
  }
  return bytes / 1024;
};

const figuresOf = async (lhr: Result, page: string, preset: Preset): Promise<Figures> => {
  // the network-requests audit's table: one row per request
  const { items: requests } = lhr.audits['network-requests'].details as unknown as {
    items: { url: string; resourceType: string; transferSize: number }[];
  };
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const failing = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
      .map((ref) => `${category}: ${ref.id} (${lhr.audits[ref.id].title})`),
  );
  return {
    page,
    preset,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    cls: lhr.audits['cumulative-layout-shift'].numericValue ?? 0,
    jsTransferKb: scripts.reduce((sum, r) => sum + r.transferSize, 0) / 1024,
    jsGzipKb: await gzipKb(scripts.map((r) => r.url)),
    scripts: scripts.length,
    failing,
  };
};

const mark = (ok: boolean) => (ok ? 'ok' : 'OVER');

const print = (f: Figures) => {
  const member = MEMBER_PAGES.has(f.page);
  const rows: [string, string, string, string][] = [
    [
      'JS first load (gzip)',
      `${f.jsGzipKb.toFixed(1)} KB in ${f.scripts} files (${f.jsTransferKb.toFixed(1)} KB br)`,
      member ? '(member page: no budget)' : `<= ${JS_BUDGET_KB} KB`,
      member ? '' : mark(f.jsGzipKb <= JS_BUDGET_KB),
    ],
    ['layout shift (CLS)', f.cls.toFixed(3), '< 0.1', mark(f.cls < 0.1)],
    ['accessibility', String(f.accessibility), '100', mark(f.accessibility === 100)],
    ['best practices', String(f.bestPractices), '100', mark(f.bestPractices === 100)],
    ['SEO', String(f.seo), '>= 95', mark(f.seo >= 95)],
    [
      'performance',
      String(f.performance),
      f.preset === 'mobile' ? '(noisy here: no budget)' : '(desktop: no budget)',
      '',
    ],
  ];
  console.log(`\n${f.page} — ${f.preset}`);
  for (const [name, value, budget, ok] of rows)
    console.log(`  ${name.padEnd(22)} ${value.padEnd(44)} ${budget.padEnd(26)} ${ok}`);
  for (const audit of f.failing) console.log(`    - ${audit}`);
};

buildWebIfStale();
const dataDir = mkdtempSync(join(tmpdir(), 'trendex-bench-web-'));
const stack = await startLocalStack({
  dataDir,
  webPort: PORT,
  dynamoPort: PORT + 10,
  cognitoPort: PORT + 20,
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
/**
 * Logs a fresh member in through the app's form in this Chromium, where Amplify keeps the session
 * (each visitor run cleared the origin's storage, so before each member page).
 */
const logInMember = async () => {
  const member = await newMember(stack.webUrl, stack.admin.username);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const tab = await browser.contexts()[0].newPage();
  await tab.goto(`${stack.webUrl}/login`);
  await tab.getByLabel('Email').fill(member.email);
  await tab.getByLabel('Password', { exact: true }).fill(member.password);
  await tab.getByRole('button', { name: 'Log In' }).click();
  await tab.waitForURL(/\/dashboard/);
  await tab.close();
  await browser.close();
};

const results: Figures[] = [];
try {
  for (const preset of PRESETS) {
    for (const page of PAGES) {
      if (MEMBER_PAGES.has(page)) await logInMember();
      const flags: Flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        // a visitor arrives with nothing stored (Lighthouse keeps local storage unless told: the
        // member's session of an earlier run would follow); the member's page needs it
        disableStorageReset: MEMBER_PAGES.has(page),
        clearStorageTypes: [
          'cookies',
          'local_storage',
          'indexeddb',
          'file_systems',
          'shader_cache',
          'service_workers',
          'cache_storage',
        ],
      };
      const run = await lighthouse(
        `${stack.webUrl}${page}`,
        flags,
        preset === 'desktop' ? desktopConfig : undefined,
      );
      if (!run) throw new Error(`Lighthouse returned nothing for ${page}`);
      if (REPORTS) {
        mkdirSync(REPORTS, { recursive: true });
        writeFileSync(
          join(REPORTS, `${preset}${page.replace(/\//g, '_') || '_'}.json`),
          JSON.stringify(run.lhr),
        );
      }
      const figures = await figuresOf(run.lhr, page, preset);
      results.push(figures);
      print(figures);
    }
  }
} finally {
  chrome.kill();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const publicJs = results.filter((f) => !MEMBER_PAGES.has(f.page)).map((f) => f.jsGzipKb);
console.log(
  `\nlargest public first load: ${Math.max(...publicJs).toFixed(1)} KB gzip (budget ${JS_BUDGET_KB} KB); ` +
    `largest CLS ${Math.max(...results.map((f) => f.cls)).toFixed(3)}`,
);
