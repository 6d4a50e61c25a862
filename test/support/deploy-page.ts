/**
 * Deploying a bot in the browser as a member would (issue 28): the amount (the form's default, the
 * bot's least amount, when none is given), the two boxes, the deploy button, then the confirmation,
 * ticking "I have read that this bot lost money in testing" where the bot asks for it; and the
 * manual DCA's ladder typed into its form, started through the same confirmation. The helpers the
 * e2e tests deploy with.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

const AMOUNT = /^(Amount the bot may use \(USDT\)|Initial amount \(USDT\))$/;

/** The confirmation step inside `scope`: the consent where asked, then its confirm button. */
export const confirmDeploy = async (scope: Locator, confirm = 'Confirm and deploy') => {
  const step = scope.getByRole('group', { name: /^Confirm / });
  // where the confirmation never opens, the failure says what the form showed instead
  await step.waitFor({ timeout: 15_000 }).catch(async (error: Error) => {
    throw new Error(`${error.message}\nThe form showed: ${(await scope.innerText()).slice(0, 1500)}`);
  });
  const consent = step.getByLabel('I have read that this bot lost money in testing');
  if (await consent.count()) await consent.check();
  await step.getByRole('button', { name: confirm }).click();
};

/** Waits for the amount's default and types the amount given over it, ticks both boxes and asks to deploy: the confirmation opens. */
export const askToDeploy = async (
  region: Locator,
  options: { amount?: string; risk?: string; button?: string } = {},
) => {
  const amount = region.getByLabel(AMOUNT);
  // The form puts the bot's least amount in once it has read it; typing before then can land
  // beside that default ('638' + '1000'), so wait for it as a person sees it, then type over it.
  await expect.poll(() => amount.inputValue(), { timeout: 15_000 }).not.toBe('');
  if (options.amount) await amount.fill(options.amount);
  await region.getByLabel('I accept the terms and conditions.').check();
  await region.getByLabel(options.risk ?? 'I accept the high risk of futures trading.').check();
  await region.getByRole('button', { name: options.button ?? 'Deploy', exact: true }).click();
};

/** The whole deploy: amount, boxes, confirmation. */
export const deployFromPage = async (
  region: Locator,
  options: { amount?: string; risk?: string; button?: string; confirm?: string } = {},
) => {
  await askToDeploy(region, options);
  await confirmDeploy(region, options.confirm);
};

/** A manual DCA ladder as a member types it: positions 2 onwards as [time x, percentage]. */
export interface ManualLadder {
  symbol: 'BTCUSDT' | 'ETHUSDT';
  initial: string;
  takeProfit: string;
  stages: readonly (readonly [timesX: string, per: string])[];
}

/** The form's position names (the tests' ladders stop at the fourth). */
const POSITIONS = ['First', 'Second', 'Third', 'Fourth'] as const;

/** Opens Manual Trading on the /dca page shown and types the ladder into its form, which it returns. */
export const fillManualDca = async (page: Page, ladder: ManualLadder) => {
  await page.getByRole('tab', { name: 'Manual Trading' }).click();
  const form = page.getByRole('form', { name: 'Manual DCA' });
  await form.getByLabel('Positions').selectOption(POSITIONS[ladder.stages.length]);
  await form.getByLabel('Symbol').selectOption(ladder.symbol);
  await form.getByLabel('Initial amount (USDT)').fill(ladder.initial);
  await form.getByLabel('Take profit (%)').fill(ladder.takeProfit);
  for (const [i, [timesX, per]] of ladder.stages.entries()) {
    await form.getByLabel(`${POSITIONS[i + 1]} time x`).fill(timesX);
    await form.getByLabel(`${POSITIONS[i + 1]} percentage`).fill(per);
  }
  return form;
};

/** Start DCA, then its confirmation (the consent ticked where asked): a manual DCA started. */
export const startManualDca = async (form: Locator) => {
  await form.getByRole('button', { name: 'Start DCA' }).click();
  await confirmDeploy(form, 'Confirm and start');
};
