/**
 * Deploying bots as a member would, for the integration tests: every deploy carries the amount and
 * the ticked boxes the deploy form's confirmation asks for (the terms, the high risk and, for a bot
 * that lost money in testing, "I have read that this bot lost money in testing"), and a request id
 * of its own. Pass fields to override any of them.
 */
import { randomUUID } from 'node:crypto';
import type { DcaPresetId, DcaSymbol, PageBotId } from '#api/schemas/bots';
import { call } from './api';

const USDT = 1_000_000;

/** A page bot deployed with `amountUsdt` (its capital requirement when left out), every box ticked. */
export const deployBot = (
  idToken: string,
  bot: PageBotId,
  fields: { amountUsdt?: number } & Record<string, unknown> = {},
) => {
  const { amountUsdt, ...rest } = fields;
  return call(
    'deployBot',
    {
      bot,
      acceptTerms: true,
      acceptRisk: true,
      acceptLoss: true,
      ...(amountUsdt === undefined ? {} : { amount: amountUsdt * USDT }),
      requestId: randomUUID(),
      ...rest,
    },
    idToken,
  );
};

/** An automatic DCA started with `amountUsdt`, its consent ticked. */
export const startDcaAuto = (
  idToken: string,
  bot: DcaPresetId,
  amountUsdt: number,
  fields: Record<string, unknown> = {},
) =>
  call(
    'startDcaAuto',
    { bot, amount: amountUsdt * USDT, acceptLoss: true, requestId: randomUUID(), ...fields },
    idToken,
  );

/** A manual DCA: `initialUsdt` and positions 2 onwards as [time x, percentage], its consent ticked. */
export const startDcaManual = (
  idToken: string,
  symbol: DcaSymbol,
  initialUsdt: number,
  stages: readonly (readonly [timesX: number, per: number])[],
  fields: Record<string, unknown> = {},
) =>
  call(
    'startDcaManual',
    {
      symbol,
      initial: initialUsdt * USDT,
      takeProfitPct: 2,
      stages: stages.map(([timesX, per]) => ({ timesX, per })),
      oneShot: false,
      acceptLoss: true,
      requestId: randomUUID(),
      ...fields,
    },
    idToken,
  );
