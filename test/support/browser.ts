/** Real Chromium for e2e tests, driven by playwright-core as a person would click. */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { claimsOf } from './admin';
import { logInSession, stack } from './api';
import { totpCode } from './totp';

export const ARTIFACTS = 'test-artifacts/screenshots';

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
      // no optimising compiler: a test's page lives seconds, too short for its compiles to pay
      // (the axe walk's Chromium used ~4 % fewer CPU-seconds)
      '--js-flags=--no-opt',
    ],
  });

/** A path of the web app under test. */
export const url = (path: string): string => `${stack().webUrl}${path}`;

/** An account to sign in: the authenticator's base32 secret where it has TOTP on. */
export interface Account {
  email: string;
  password: string;
  totpSecret?: string;
}

/**
 * What the web app keeps in its origin's storage after `account` logged in: Amplify's Cognito
 * tokens under its keys (CognitoIdentityServiceProvider.<client>.<username>.*, and LastAuthUser,
 * which lib/session.ts reads to know a session exists).
 */
const keptSession = async (account: Account) => {
  const tokens = await logInSession(account.email, account.password, account.totpSecret);
  const username = String(claimsOf(tokens.accessToken).username);
  const prefix = `CognitoIdentityServiceProvider.${stack().userPoolClientId}`;
  const user = `${prefix}.${username}`;
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(stack().webUrl).origin,
        localStorage: [
          { name: `${prefix}.LastAuthUser`, value: username },
          { name: `${user}.idToken`, value: tokens.idToken },
          { name: `${user}.accessToken`, value: tokens.accessToken },
          { name: `${user}.refreshToken`, value: tokens.refreshToken },
        ],
      },
    ],
  };
};

/**
 * One Chromium for the test file (launched before its tests, closed after); each page gets its
 * own context, so no test shares another's session. A page opened in a test is closed when the
 * test ends: left open, it kept its ticker socket, polls and animations rendering beside every
 * later test of the file. A page opened in a `beforeAll`, or in tests that run concurrently (whose
 * hooks cannot tell one test's pages from another's), lives until the file ends.
 */
export const useBrowser = () => {
  let browser: Browser;
  let inTest = false;
  const testContexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  beforeEach(({ task }) => {
    inTest = !task.concurrent;
  });
  afterEach(async () => {
    inTest = false;
    await Promise.all(testContexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /**
     * A page in a context of its own, `width` by `height`; `signedInAs` starts it with that
     * account's session already kept (as after a log-in), for tests whose subject is not logging in.
     */
    newPage: async (width = 1440, height = 900, signedInAs?: Account): Promise<Page> => {
      const context = await browser.newContext({
        viewport: { width, height },
        ...(signedInAs ? { storageState: await keptSession(signedInAs) } : {}),
      });
      if (inTest) testContexts.push(context);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack().webUrl });
      return context.newPage();
    },
  };
};

/**
 * Fills and sends the log-in form, and for an account with TOTP on (pass its base32 secret) the
 * authenticator-code step that follows; where it lands is the caller's to check.
 */
export const logIn = async (
  page: Page,
  email: string,
  password: string,
  totpSecret?: string,
): Promise<void> => {
  await page.goto(url('/login'));
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  if (!totpSecret) return;
  await page.getByLabel('Authenticator code').fill(totpCode(totpSecret));
  await page.getByRole('button', { name: 'Verify' }).click();
};

/** Saves a full-page screenshot as a test artifact. */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true });
};

/** Clicks the page's Download CSV and returns the file the browser saved: its name and lines. */
export const downloadCsv = async (page: Page): Promise<{ name: string; lines: string[] }> => {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const text = await readFile((await download.path())!, 'utf8');
  return { name: download.suggestedFilename(), lines: text.split('\r\n') };
};
