/**
 * Every width a phone, a tablet or a desktop may have, not only the 375 and 1440 px the other tests
 * use: from 320 to 1440 px in 8 px steps, the home page and pricing as a visitor, the dashboard as a
 * member and the admin dashboard (each with its own top bar) never scroll sideways. A bar whose
 * labels appear before there is room for them pushes its last buttons past the page's edge, white on
 * the page's light background (the admin bar did between 480 and 590 px).
 */
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { newVerifiedMember, stack } from '../../support/api';
import { atWidth } from '../../support/axe';
import { url, useBrowser } from '../../support/browser';
import { visit } from '../../support/routes';

const { newPage } = useBrowser();

/**
 * The page as drawn at the window's current width (two frames: resize work done): its width, the
 * window's, and, when wider, the element reaching furthest right (so a failure names its cause).
 */
const drawn = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ pageWidth: number; windowWidth: number; widest: string }>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const pageWidth = document.documentElement.scrollWidth;
            const windowWidth = window.innerWidth;
            let widest = '';
            if (pageWidth > windowWidth) {
              let right = windowWidth;
              for (const el of document.body.querySelectorAll('*')) {
                const box = el.getBoundingClientRect();
                if (box.right > right) {
                  right = box.right;
                  const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
                  widest = `<${el.tagName.toLowerCase()}> "${label}" to ${Math.round(box.right)} px`;
                }
              }
            }
            resolve({ pageWidth, windowWidth, widest });
          }),
        ),
      ),
  );

/** The widths (from 320 to 1440 px, 8 px apart) at which the page is wider than the window. */
const overflowingWidths = async (page: Page) => {
  const wider: string[] = [];
  // Measured on the loaded page: its charts and figures arrive after the first screen.
  await page.waitForLoadState('networkidle');
  for (let width = 320; width <= 1440; width += 8) {
    // styled for the width, not only sized: Chromium has been seen to keep a former width's media
    // rules (test/support/axe.ts); the admin dashboard measured 768 px wide from 320 to 472 px twice
    // in ~10 runs, which no rule of the page explains
    await atWidth(page, width);
    let seen = await drawn(page);
    // A wide page is looked at again once anything still arriving has: what a person would scroll
    // is a page that stays wide (once, on a loaded machine, the first 320 px read still saw 768).
    if (seen.pageWidth > width) {
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      seen = await drawn(page);
    }
    if (seen.pageWidth > width)
      wider.push(`${width} px: ${seen.pageWidth} px wide in a ${seen.windowWidth} px window; ${seen.widest}`);
  }
  return wider;
};

describe.concurrent('no page scrolls sideways at any width', () => {
  it('as a visitor: home and pricing', async ({ expect }) => {
    const page = await newPage();
    await visit(page, '/');
    // The sweep measures the page as it stands: the home page's charts and figures load after its
    // first screen, so it starts once they have (a half-loaded page measured 629 px at 320-472 px).
    await page.waitForLoadState('networkidle');
    expect(await overflowingWidths(page)).toEqual([]);
    await visit(page, '/pricing');
    await page.getByRole('button', { name: 'Subscribe to Imperial' }).waitFor();
    expect(await overflowingWidths(page)).toEqual([]);
  });

  it('as a member: the dashboard', async ({ expect }) => {
    const member = await newVerifiedMember();
    const page = await newPage(1440, 900, member);
    await page.goto(url('/dashboard'));
    await page.getByText(/^Plan: /).waitFor();
    expect(await overflowingWidths(page)).toEqual([]);
  });

  it('as an admin: the admin dashboard', async ({ expect }) => {
    const page = await newPage(1440, 900, stack().admin);
    await page.goto(url('/admindashboard'));
    await page.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
    expect(await overflowingWidths(page)).toEqual([]);
  });
});
