/**
 * The home page's "How it works" stepper follows the reader's scroll: the page opens with its first
 * step current, and the step scrolled to the middle of the window becomes current, the steps above
 * it done (the rail filled to it).
 */
import { expect, it } from 'vitest';
import { url, useBrowser } from '../../support/browser';

const { newPage } = useBrowser();

it.each([375, 1440])('the current step follows the scroll at %i px', async (width) => {
  const page = await newPage(width, 800);
  await page.goto(url('/'));
  const steps = page.getByRole('list', { name: 'Getting started steps' }).getByRole('listitem');
  const current = page.locator('ol[aria-label="Getting started steps"] > li[aria-current="step"]');
  await expect.poll(() => steps.count()).toBe(4);
  expect(await current.textContent()).toContain('Create your account');
  // the page comes prerendered: the stepper follows the scroll once the page has hydrated
  await expect.poll(() => page.locator('#root[data-prerendered]').count()).toBe(0);

  // the third step's top just above the window's middle
  await steps.nth(2).evaluate((step) => {
    const top = step.getBoundingClientRect().top + window.scrollY;
    window.scrollTo(0, top - window.innerHeight / 2 + 10);
  });
  await expect.poll(() => current.textContent()).toContain('Activate a plan');
  const rail = await page.getByTestId('stepper-progress').evaluate((bar) => bar.getBoundingClientRect().height);
  expect(rail).toBeGreaterThan(0);

  // scrolled back to the top, the first step is current again
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => current.textContent()).toContain('Create your account');
  await page.context().close();
});
