/**
 * The bots, as members use them: the marketplace, deploy and undeploy with the spec's gates, the
 * DCA bots (automatic presets and the manual form) and their positions, the portfolio (positions
 * and closed orders from real fills), the profit statement and the fuel wallet that pays the
 * 20 % profit charge. Trading itself is the executor's (runner.ts).
 */
import { BOT_NAMES, type BotName } from '#api/bots';
import { MICRO_PER_USDT, usdt } from '#api/money';
import type {
  BotCard,
  BotsView,
  ClosedOrder,
  DcaManualRequest,
  DcaPosition,
  DcaPresetId,
  Deployment,
  DeployLimits,
  DeployLimitsQuery,
  DeployRequest,
  Position,
  ProfitStatement,
} from '#api/schemas/bots';
import { nowIso } from '#core/clock';
import { badRequest, conflict, messages, notFound } from '#core/errors';
import { newId } from '#core/ids';
import { logger } from '#core/logger';
import { botEvidence } from '#engine/published/bot-evidence';
import { smallestOrderQuote } from '#engine/risk/smallest-order';
import type { DcaParams } from '#engine/strategies/dca';
import { ladderUnits, manualDcaParams, manualLeastInitial } from '#engine/strategies/dca-presets';
import { describeBot } from '#engine/strategies/describe';
import { BOT_LIST, getBot, type BotId } from '#engine/strategies/registry';
import { closeOutOnExchange } from '#functions/exchange/service';
import { accounts, transfer } from '#functions/ledger/rules';
import { post } from '#functions/ledger/service';
import { requireMember, type MemberItem } from '#functions/members/service';
import {
  botMinimum,
  botRisk,
  checkBalance,
  checkOrderSize,
  freeBalanceOf,
  leastAmount,
  orderMinimumOf,
  paramsFor,
  smallestOrderPerUsdt,
} from './amount';
import { DCA_FAMILY, deployRefusal, gateMessages, tierOf, unlocked, type PlanTier } from './gates';
import { closeOut } from './runner';
import {
  deploymentOfRequest,
  deploymentOrders,
  deploymentStartItems,
  getCandles,
  getDeployment,
  memberDeployments,
  pageClosedTrades,
  pageRunningDeployments,
  profitDays,
  replaceDeployment,
  writeItems,
  type BotOrderItem,
  type DeploymentItem,
} from './store';

export const botMessages = {
  deployed: 'Bot deployed. It trades from the next candle on.',
  trendexActive: 'Trendex Ai trading Bot is active.',
  undeployed: 'Bot undeployed.',
  dcaStarted: 'DCA bot started. It places its first order at the next candle.',
  dcaClosed: 'DCA position closed.',
  oneShot: 'One Shot is activated.',
  takeProfitChanged: 'Take profit updated.',
  gridOpen: 'Trendex has an open grid position: it can be undeployed once the grid has sold it.',
  fuelAdded: 'Added to your fuel wallet.',
} as const;

const tierOfMember = (m: MemberItem): PlanTier => {
  const active = m.isActive && (!m.expiresAt || m.expiresAt > nowIso());
  if (!active) return 'none';
  return m.isGold ? 'gold' : m.isSilver ? 'silver' : 'none';
};

export const isRunning = (d: DeploymentItem) => d.status === 'active' || d.status === 'stopping';

export const view = (d: DeploymentItem): Deployment => ({
  id: d.id,
  bot: d.bot,
  name: BOT_NAMES[d.bot],
  status: d.status,
  symbol: d.symbol,
  market: d.market,
  capital: d.capital,
  quote: d.quote,
  deployedAt: d.deployedAt,
  ...(d.stoppedAt ? { stoppedAt: d.stoppedAt } : {}),
  ...(d.stopReason ? { stopReason: d.stopReason } : {}),
});

/** What the marketplace shows of a bot before any deploy control: its evidence, words and limits. */
const cardOf = (b: (typeof BOT_LIST)[number]): Omit<BotCard, 'unlocked' | 'deployment'> => {
  const evidence = botEvidence(b.id);
  const words = describeBot(b.id);
  return {
    id: b.id,
    name: b.name,
    kind: b.kind,
    market: b.market,
    symbol: b.symbol,
    leverage: b.leverage,
    capital: b.capital,
    summary: b.summary,
    description: words.description,
    parameters: [...words.parameters],
    evidence: {
      periods: [...evidence.periods],
      lostMoneyInTesting: evidence.lostMoneyInTesting,
      meetsGoal: evidence.meetsGoal,
      misses: [...evidence.misses],
      worstDrawdownPct: evidence.worstDrawdownPct,
    },
    risk: botRisk(b.id),
    minimum: botMinimum(b.id),
    tier: tierOf(b.id),
  };
};

export const getBots = async (memberId: string): Promise<BotsView> => {
  const [member, deployments] = await Promise.all([requireMember(memberId), memberDeployments(memberId)]);
  const tier = tierOfMember(member);
  return {
    plan: tier,
    bots: BOT_LIST.map((b) => {
      const live =
        deployments.find((d) => d.bot === b.id && isRunning(d)) ?? deployments.find((d) => d.bot === b.id);
      return {
        ...cardOf(b),
        unlocked: unlocked(b.id, tier, member.grantedBot),
        deployment: live ? view(live) : null,
      };
    }),
  };
};

/** What a deploy form shows before the amount: the least amount and the member's free balance. */
export const getDeployLimits = async (memberId: string, input: DeployLimitsQuery): Promise<DeployLimits> => {
  const bot = getBot(input.bot);
  // Only the manual DCA trades a symbol of the member's choosing (the schema refuses it elsewhere).
  const symbol = input.symbol ?? bot.symbol;
  const [orderMinimum, free] = await Promise.all([
    orderMinimumOf(bot.market, symbol),
    freeBalanceOf(memberId, bot.market, 'USDT'),
  ]);
  return {
    bot: input.bot,
    market: bot.market,
    symbol,
    minimum: usdt(leastAmount(input.bot, orderMinimum)),
    free,
    orderMinimum,
    smallestOrderPerUsdt: smallestOrderPerUsdt(input.bot),
  };
};

/** A bot that lost money in testing is deployed only with its box ticked (issue 28). */
export const lossConsentMessage = 'Tick "I have read that this bot lost money in testing" to deploy it.';
const checkConsent = (bot: BotId, acceptLoss: boolean) => {
  if (botEvidence(bot).lostMoneyInTesting && !acceptLoss)
    throw badRequest('LOSS_CONSENT_REQUIRED', lossConsentMessage, 'acceptLoss');
};

const refuse = (r: { code: string; message: string; field?: string }) =>
  badRequest(r.code, r.message, r.field);

/** The gates before the exchange: plan, checkboxes, conflicts (spec section 5, in order). */
export const checkGates = async (
  memberId: string,
  bot: BotName,
  acceptTerms: boolean,
  acceptRisk: boolean,
): Promise<MemberItem> => {
  const [member, deployments] = await Promise.all([requireMember(memberId), memberDeployments(memberId)]);
  const refusal = deployRefusal({
    bot,
    tier: tierOfMember(member),
    grantedBot: member.grantedBot,
    acceptTerms,
    acceptRisk,
    running: new Set(deployments.filter(isRunning).map((d) => d.bot)),
  });
  if (refusal) throw refuse(refusal);
  return member;
};

/** Writes a new deployment (once per requestId; a second page bot of the same kind is refused). */
const start = async (
  memberId: string,
  requestId: string,
  fields: Omit<DeploymentItem, 'id' | 'memberId' | 'status' | 'deployedAt' | 'version'>,
): Promise<DeploymentItem> => {
  const d: DeploymentItem = {
    id: newId(),
    memberId,
    status: 'active',
    deployedAt: nowIso(),
    version: 0,
    ...fields,
  };
  const pageBot = !DCA_FAMILY.includes(d.bot);
  if (await writeItems(deploymentStartItems(d, requestId, pageBot))) return d;
  const earlier = await replayed(memberId, requestId);
  if (earlier) return earlier;
  throw conflict('ALREADY_RUNNING', gateMessages.alreadyRunning);
};

const replayed = async (memberId: string, requestId: string): Promise<DeploymentItem | null> => {
  const id = await deploymentOfRequest(memberId, requestId);
  return id ? getDeployment(id) : null;
};

export const deploy = async (memberId: string, input: DeployRequest) => {
  const earlier = await replayed(memberId, input.requestId);
  if (earlier) return { message: deployedMessage(earlier.bot), deployment: view(earlier) };
  await checkGates(memberId, input.bot, input.acceptTerms, input.acceptRisk);
  checkConsent(input.bot, input.acceptLoss);
  const bot = getBot(input.bot);
  const amount = input.amount ?? usdt(bot.capital);
  const symbol = input.quote === 'USDC' ? bot.symbol.replace(/USDT$/, 'USDC') : bot.symbol;
  const capital = amount / MICRO_PER_USDT;
  await checkOrderSize(input.bot, bot.market, bot.symbol, capital, smallestOrderQuote(input.bot, capital));
  // The spot grid trades the spot account alone; a futures bot's amount is its margin.
  await checkBalance(memberId, bot.market, input.quote, amount);
  const d = await start(memberId, input.requestId, {
    bot: input.bot,
    market: bot.market,
    symbol,
    interval: bot.interval,
    capital: amount,
    quote: input.quote,
  });
  return { message: deployedMessage(d.bot), deployment: view(d) };
};

const deployedMessage = (bot: BotName) =>
  bot === 'classic' ? botMessages.trendexActive : botMessages.deployed;

const running = async (memberId: string, bot: BotName): Promise<DeploymentItem | null> =>
  (await memberDeployments(memberId)).find((d) => d.bot === bot && isRunning(d)) ?? null;

/**
 * Stops a deployment now: marked "stopping", then closed out by the exchange gateway (resting
 * orders cancelled and the position closed at market). If the exchange cannot be reached the bot
 * stays "stopping" and the executor finishes the job.
 */
const stop = async (start: DeploymentItem, reason: string) => {
  let d = start;
  // A tick that moved the deployment meanwhile is no reason to refuse: read it again and mark it.
  for (let attempt = 0; d.status === 'active'; attempt++) {
    if (await replaceDeployment(d, { ...d, status: 'stopping', stopReason: reason })) break;
    const fresh = attempt < 3 ? await getDeployment(d.id) : null;
    if (!fresh) throw conflict('TRY_AGAIN', 'The bot is busy trading. Try again in a moment.');
    d = fresh;
  }
  try {
    await closeOutOnExchange(d.id);
  } catch (error) {
    logger.warn('stop left to the executor', { deploymentId: d.id, error: (error as Error).message });
  }
};

/** The exchange gateway's half of a stop: a stopping deployment closed out and marked stopped. */
export const finishStop = async (deploymentId: string): Promise<void> => {
  const d = await getDeployment(deploymentId);
  if (d?.status === 'stopping') await closeOut(d, 'stopped', d.stopReason ?? 'Undeployed.');
};

export const undeploy = async (
  memberId: string,
  input: { bot: BotName; acceptTerms: boolean; acceptRisk: boolean },
) => {
  if (!(input.acceptTerms && input.acceptRisk))
    throw badRequest('TERMS_REQUIRED', gateMessages.terms, 'acceptTerms');
  const d = await running(memberId, input.bot);
  if (!d) throw badRequest('NOT_RUNNING', 'This bot is not deployed.');
  // Spec: Trendex cannot be undeployed while a grid position is open.
  if (d.bot === 'classic' && d.position && d.position.size !== 0)
    throw badRequest('GRID_OPEN', botMessages.gridOpen);
  await stop(d, 'Undeployed by you.');
  return { message: botMessages.undeployed };
};

// ---- DCA ----

const startDca = async (
  memberId: string,
  input: { requestId: string; acceptLoss: boolean },
  bot: BotName,
  symbol: string,
  params: DcaParams,
  capital: number,
  useAtLeast?: (least: number, orderMinimum: number) => string,
) => {
  const earlier = await replayed(memberId, input.requestId);
  if (earlier) return { message: botMessages.dcaStarted, deployment: view(earlier) };
  await checkGates(memberId, bot, true, true);
  checkConsent(bot, input.acceptLoss);
  const amount = capital / MICRO_PER_USDT;
  await checkOrderSize(bot, 'spot', symbol, amount, smallestOrderQuote(bot, amount, params), useAtLeast);
  await checkBalance(memberId, 'spot', 'USDT', capital);
  const d = await start(memberId, input.requestId, {
    bot,
    market: 'spot',
    symbol,
    interval: '1h',
    capital,
    quote: 'USDT',
    params: params as unknown as Record<string, unknown>,
  });
  return { message: botMessages.dcaStarted, deployment: view(d) };
};

export const startDcaAuto = (
  memberId: string,
  input: { bot: DcaPresetId; amount: number; acceptLoss: boolean; requestId: string },
) =>
  startDca(
    memberId,
    input,
    input.bot,
    'BTCUSDT',
    paramsFor(input.bot, input.amount / MICRO_PER_USDT)!,
    input.amount,
  );

export const startDcaManual = (memberId: string, input: DcaManualRequest) => {
  const initial = input.initial / MICRO_PER_USDT;
  const params = manualDcaParams({ ...input, initial });
  // The member sets the base order: the least amount that would do is the base order's.
  const atLeast = (_ladder: number, orderMinimum: number) =>
    `Use an initial amount of at least ${manualLeastInitial(input.stages, orderMinimum)} USDT.`;
  return startDca(
    memberId,
    input,
    'dca',
    input.symbol,
    params,
    usdt(initial * ladderUnits(input.stages)),
    atLeast,
  );
};

const ownDca = async (memberId: string, id: string): Promise<DeploymentItem> => {
  const d = await getDeployment(id);
  if (!d || d.memberId !== memberId || !DCA_FAMILY.includes(d.bot))
    throw notFound('This DCA position does not exist.');
  if (!isRunning(d)) throw badRequest('NOT_RUNNING', 'This DCA position is closed.');
  return d;
};

const dcaParamsOf = (d: DeploymentItem) => d.params as unknown as DcaParams;

/** Changes a running DCA's parameters (the model replays with them from the next candle). */
const changeDca = async (memberId: string, id: string, change: Partial<DcaParams>) => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const d = await ownDca(memberId, id);
    const next = { ...d, params: { ...d.params, ...change } };
    if (await replaceDeployment(d, next)) return;
  }
  throw conflict('TRY_AGAIN', 'The bot is busy trading. Try again in a moment.');
};

export const editDca = async (memberId: string, input: { id: string; takeProfitPct: number }) => {
  await changeDca(memberId, input.id, { takeProfitPct: input.takeProfitPct });
  return { message: botMessages.takeProfitChanged };
};

export const dcaOneShot = async (memberId: string, id: string) => {
  await changeDca(memberId, id, { oneShot: true });
  return { message: botMessages.oneShot };
};

export const closeDca = async (memberId: string, id: string) => {
  await stop(await ownDca(memberId, id), 'Closed by you.');
  return { message: botMessages.dcaClosed };
};

export const priceOf = async (d: DeploymentItem) =>
  (await getCandles(d.market, d.symbol, d.interval))?.price ?? null;

export const listDcaPositions = async (memberId: string): Promise<{ positions: DcaPosition[] }> => {
  const dcas = (await memberDeployments(memberId)).filter((d) => DCA_FAMILY.includes(d.bot) && isRunning(d));
  const positions = await Promise.all(
    dcas.map(async (d): Promise<DcaPosition> => {
      const params = dcaParamsOf(d);
      const orders = await deploymentOrders(d.id);
      const bought = orders.filter((o) => o.status === 'filled' && o.side === 'buy').length;
      const sold = orders.filter((o) => o.status === 'filled' && o.side === 'sell').length;
      return {
        id: d.id,
        bot: d.bot,
        name: BOT_NAMES[d.bot],
        symbol: d.symbol,
        status: d.status,
        initial: usdt(params.initial),
        currentPrice: await priceOf(d),
        qty: d.position?.size ?? 0,
        averagePrice: d.position ? d.position.entry : null,
        takePrice: d.takePrice ?? null,
        takeProfitPct: params.takeProfitPct,
        // Stages bought in the cycle now open (every sell ends a cycle).
        count: d.position ? Math.max(0, bought - sold) : 0,
        stages: params.stages.map((s) => ({ timesX: s.timesX, per: s.per })),
        oneShot: params.oneShot,
        deployedAt: d.deployedAt,
      };
    }),
  );
  return { positions };
};

// ---- portfolio ----

export const getPositions = async (memberId: string): Promise<{ positions: Position[] }> => {
  const open = (await memberDeployments(memberId)).filter((d) => d.position && d.position.size !== 0);
  const positions = await Promise.all(
    open.map(async (d): Promise<Position> => {
      const p = d.position!;
      const price = await priceOf(d);
      return {
        deploymentId: d.id,
        bot: d.bot,
        trade: BOT_NAMES[d.bot],
        symbol: d.symbol,
        side: p.size > 0 ? 'long' : 'short',
        quantity: Math.abs(p.size),
        price: p.entry,
        currentPrice: price,
        orderId: p.orderId,
        profit: price === null ? 0 : usdt(p.size * (price - p.entry)),
      };
    }),
  );
  return { positions };
};

export const getClosedOrders = async (
  memberId: string,
  query: { limit: number; cursor?: string; bot?: BotName },
): Promise<{ items: ClosedOrder[]; cursor?: string }> => {
  const page = await pageClosedTrades(memberId, query.limit, query.cursor, query.bot);
  return {
    items: page.items.map((t) => ({
      id: t.id,
      deploymentId: t.deploymentId,
      bot: t.bot,
      trade: BOT_NAMES[t.bot],
      symbol: t.symbol,
      side: t.side,
      buyUsdt: t.buyUsdt,
      sellUsdt: t.sellUsdt,
      orderId: t.orderId,
      buyPrice: t.buyPrice,
      sellPrice: t.sellPrice,
      entryDate: t.entryDate,
      exitDate: t.exitDate,
      profit: t.profit,
      charge: t.charge,
    })),
    ...(page.cursor ? { cursor: page.cursor } : {}),
  };
};

export const getProfitStatement = async (memberId: string): Promise<ProfitStatement> => {
  const rows = await profitDays(memberId);
  const today = nowIso().slice(0, 10);
  return {
    total: rows.reduce((s, r) => s + r.amount, 0),
    today: rows.find((r) => r.date === today)?.amount ?? 0,
    rows,
  };
};

export const topUpFuel = async (memberId: string, input: { amount: number; requestId: string }) => {
  const result = await post({
    tx: {
      idempotencyKey: `fuel:${memberId}:${input.requestId}`,
      kind: 'fuel',
      postings: [
        ...transfer(
          accounts.member(memberId, 'wallet'),
          accounts.member(memberId, 'fuelwallet'),
          input.amount,
        ),
      ],
    },
    memberId,
    display: { type: 'Fuel top up', amount: -input.amount, wallet: 'wallet' },
  });
  if (result.status === 'insufficient') throw badRequest('NO_BALANCE', messages.noWalletBalance, 'amount');
  return { message: botMessages.fuelAdded };
};

/* ---- read-only views for the admin back office (functions/admin) ---- */

/** A member's deployments (with their positions), newest first. */
export const memberDeploymentItems = (memberId: string): Promise<DeploymentItem[]> =>
  memberDeployments(memberId);
/** A deployment's orders by client order id, with their status and error. */
export const ordersOfDeployment = (id: string): Promise<BotOrderItem[]> => deploymentOrders(id);
/** A member's closed trades, newest first, paged (maybe of one bot). */
export const memberClosedTrades = pageClosedTrades;
export type { BotOrderItem, ClosedTradeItem, DeploymentItem } from './store';
/** Every running (or stopping) deployment, read from the tick's list. */
export const runningDeploymentItems = async (): Promise<DeploymentItem[]> => {
  const items: DeploymentItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await pageRunningDeployments(cursor);
    const found = await Promise.all(page.ids.map((id) => getDeployment(id)));
    items.push(...found.filter((d): d is DeploymentItem => d !== null && isRunning(d)));
    cursor = page.cursor;
  } while (cursor);
  return items;
};

/** The executor's own error on each of these order-queue messages (the admin's API error viewer). */
export { tickFailures, type TickFailure } from './store';
export { recordStreamedFill } from './runner';
/** For the user stream service: what it told of an order, and of its stream (runner.ts reads both). */
export { markOrderChanged, putStreamStatus } from './store';

/** Every running deployment: whose and which market (the user stream service's streams). */
export const runningBots = async (): Promise<Pick<DeploymentItem, 'id' | 'memberId' | 'market'>[]> => {
  const bots: Pick<DeploymentItem, 'id' | 'memberId' | 'market'>[] = [];
  let cursor: string | undefined;
  do {
    const page = await pageRunningDeployments(cursor);
    bots.push(...page.bots);
    cursor = page.cursor;
  } while (cursor);
  return bots;
};
