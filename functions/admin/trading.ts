/**
 * The back office's trading screens: the dashboard's counters, the Master accounts report and a
 * member's trades, the Admin Order Report, the API binding overview and the API error viewer.
 * Bots data comes only through functions/bots/service.ts. The bots keep their items per member
 * and per deployment, so the reports across members read every member's deployments (a fan-out,
 * a few members at a time); docs/decisions/back-office.md ("Reports across members read the bots
 * through their service") says when that wants an index of its own.
 */
import type { z } from 'zod';
import { BOT_NAMES, BOT_ID_LIST, type BotName } from '#api/bots';
import type {
  ApiBindingQuery,
  ApiErrorQuery,
  MasterReportQuery,
  MemberTradesQuery,
  OrderReportQuery,
} from '#api/schemas/admin-reports';
import { decodeCursor, encodeCursor } from '#core/db';
import { badRequest } from '#core/errors';
import {
  memberClosedTrades,
  memberDeploymentItems,
  ordersOfDeployment,
  runningDeploymentItems,
  tickFailures,
  type ClosedTradeItem,
  type DeploymentItem,
} from '#functions/bots/service';
import { getExchanges } from '#functions/exchange/service';
import { deadLetters } from './deadLetters';
import { countRegistrations, pageRegistrations } from './reports/store';
import { allMembers, boundKeyMembers, memberRanks } from './trading/store';

/** Runs `work` over `items`, `width` at a time, keeping the order. */
const mapLimit = async <T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> => {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]);
      }
    }),
  );
  return out;
};

const FAN_OUT = 16;
const RANKS_SHOWN = [1, 2, 3, 4, 5, 6];

/* ---------- dashboard counters ---------- */

export const tradingCounters = async () => {
  const [bindings, running, ranks] = await Promise.all([
    boundKeyMembers('binance'),
    runningDeploymentItems(),
    memberRanks(),
  ]);
  return {
    apiBindings: new Set(bindings).size,
    botsActive: BOT_ID_LIST.map((bot) => ({
      bot,
      name: BOT_NAMES[bot],
      count: running.filter((d) => d.bot === bot).length,
    })),
    ranks: RANKS_SHOWN.map((rank) => ({ rank, count: ranks.get(rank) ?? 0 })),
  };
};

/* ---------- Master accounts report and a member's trades ---------- */

export const masterReport = async (q: z.infer<typeof MasterReportQuery>) => {
  const page = await pageRegistrations(q, q.limit, q.cursor);
  const items = page.items.map((m) => ({
    id: String(m.id),
    email: String(m.email ?? ''),
    name: String(m.name ?? ''),
    username: String(m.username ?? ''),
    mobile: String(m.phone ?? ''),
    registeredAt: String(m.registeredAt),
  }));
  if (q.cursor) return { items, cursor: page.cursor };
  return { items, cursor: page.cursor, totals: { count: await countRegistrations(q) } };
};

const tradeRow = (t: ClosedTradeItem) => ({
  id: t.id,
  date: t.exitDate,
  bot: t.bot,
  botName: BOT_NAMES[t.bot],
  symbol: t.symbol,
  side: t.side,
  buyPrice: t.buyPrice,
  sellPrice: t.sellPrice,
  profit: t.profit,
  charge: t.charge,
});

export const memberTrades = async (q: z.infer<typeof MemberTradesQuery>) => {
  const page = await memberClosedTrades(q.memberId, q.limit, q.cursor);
  return { items: page.items.map(tradeRow), cursor: page.cursor };
};

/* ---------- Admin Order Report ---------- */

/** Every closed trade of a member and bot, newest first. */
const allTradesOf = async (memberId: string, bot: BotName): Promise<ClosedTradeItem[]> => {
  const trades: ClosedTradeItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await memberClosedTrades(memberId, 100, cursor, bot);
    trades.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return trades;
};

/** A list paged in memory: the cursor is an offset. */
const offsetOf = (cursor: string | undefined): number => {
  const offset = Number(decodeCursor(cursor)?.offset ?? 0);
  if (!Number.isInteger(offset) || offset < 0)
    throw badRequest('INVALID_CURSOR', 'The page cursor is not valid. Reload the list.', 'cursor');
  return offset;
};
const slice = <T>(rows: T[], limit: number, cursor?: string) => {
  const offset = offsetOf(cursor);
  return {
    items: rows.slice(offset, offset + limit),
    cursor: offset + limit < rows.length ? encodeCursor({ offset: offset + limit }) : undefined,
  };
};

export const orderReport = async (q: z.infer<typeof OrderReportQuery>) => {
  const from = `${q.from}T00:00:00.000Z`;
  const to = `${q.to}T23:59:59.999Z`;
  const members = await allMembers();
  const perMember = await mapLimit(members, FAN_OUT, async (m) =>
    (await allTradesOf(m.id, q.bot))
      .filter((t) => t.exitDate >= from && t.exitDate <= to)
      .map((t) => ({
        id: t.id,
        date: t.exitDate,
        email: m.email,
        symbol: t.symbol,
        buyPrice: t.buyPrice,
        sellPrice: t.sellPrice,
        profit: t.profit,
        profitPct: t.buyUsdt ? Math.round((t.profit / t.buyUsdt) * 10_000) / 100 : 0,
        actualProfit: t.profit - t.charge,
      })),
  );
  const rows = perMember.flat().sort((a, b) => b.date.localeCompare(a.date));
  const page = slice(rows, q.limit, q.cursor);
  if (q.cursor) return page;
  return {
    ...page,
    totals: {
      count: rows.length,
      profit: rows.reduce((s, r) => s + r.profit, 0),
      actualProfit: rows.reduce((s, r) => s + r.actualProfit, 0),
    },
  };
};

/* ---------- API binding overview ---------- */

/** The overview's six cards (spec): Trendex (classic), Zeno, Candles, Alpha, Zeno 3X, Candles 3X. */
const OVERVIEW_BOTS: BotName[] = ['classic', 'zeno', 'candles', 'alfa', 'zeno3x', 'candles3x'];
const isRunning = (d: DeploymentItem) => d.status === 'active' || d.status === 'stopping';

export const apiBindingOverview = async (q: z.infer<typeof ApiBindingQuery>) => {
  const members = await allMembers();
  const deployments = (await mapLimit(members, FAN_OUT, (m) => memberDeploymentItems(m.id))).flat();
  const bindings = new Set(await boundKeyMembers('binance')).size;
  const bots = OVERVIEW_BOTS.map((bot) => ({
    bot,
    name: BOT_NAMES[bot],
    total: new Set(deployments.filter((d) => d.bot === bot).map((d) => d.memberId)).size,
    active: deployments.filter((d) => d.bot === bot && isRunning(d)).length,
  }));
  if (!q.bot) return { bindings, bots, rows: [] };
  // each member's latest deployment of the bot (the list is newest first)
  const latest = new Map<string, DeploymentItem>();
  for (const d of deployments) if (d.bot === q.bot && !latest.has(d.memberId)) latest.set(d.memberId, d);
  const emails = new Map(members.map((m) => [m.id, m.email]));
  const rows = await mapLimit([...latest.values()], FAN_OUT, async (d) => {
    const exchanges = await getExchanges(d.memberId);
    const binance = exchanges.exchanges.find((e) => e.exchange === 'binance');
    const futures = d.market === 'futures';
    return {
      memberId: d.memberId,
      email: emails.get(d.memberId) ?? '',
      bot: d.bot,
      status: d.status,
      futureBalance: binance?.futures ?? null,
      futurePosition: futures ? (d.position?.size ?? 0) : null,
      futureEntryPrice: futures && d.position ? d.position.entry : null,
      spotPosition: futures ? null : (d.position?.size ?? 0),
    };
  });
  return { bindings, bots, rows };
};

/* ---------- API error viewer ---------- */

const botName = (bot: BotName | undefined) => (bot ? BOT_NAMES[bot] : '');

export const apiErrors = async (q: z.infer<typeof ApiErrorQuery>) => {
  const members = await allMembers();
  const emails = new Map(members.map((m) => [m.id, m.email]));
  const deployments = (await mapLimit(members, FAN_OUT, (m) => memberDeploymentItems(m.id))).flat();
  const byId = new Map(deployments.map((d) => [d.id, d]));
  const failed = (await mapLimit(deployments, FAN_OUT, (d) => ordersOfDeployment(d.id)))
    .flat()
    .filter((o) => o.status === 'failed' || o.status === 'missed')
    .map((o) => ({
      id: o.clientOrderId,
      owner: emails.get(o.memberId) ?? o.memberId,
      bot: botName(byId.get(o.deploymentId)?.bot),
      symbol: o.symbol,
      reason: o.error ?? `${o.status} (${o.reason})`,
      unique: o.status,
      at: o.updatedAt,
    }));
  const letters = await deadLetters();
  // the executor's own error on each message: the letter keeps only the batch's
  const failures = await tickFailures(letters.map((l) => l.messageId));
  const dead = letters.map((l) => {
    const failure = failures.get(l.messageId);
    const d = byId.get(l.deploymentId || (failure?.deploymentId ?? ''));
    return {
      id: l.messageId,
      owner: d ? (emails.get(d.memberId) ?? d.memberId) : l.deploymentId,
      bot: botName(d?.bot),
      symbol: d?.symbol ?? '',
      reason: failure ? `${failure.error} (try ${failure.attempt})` : l.error,
      unique: 'dead-letter',
      at: l.at,
    };
  });
  const all = [...failed, ...dead].sort((a, b) => b.at.localeCompare(a.at));
  return {
    orderIds: [...new Set(all.map((r) => r.id))],
    items: q.orderId ? all.filter((r) => r.id === q.orderId) : all,
  };
};
