/**
 * A stack of the bot tests' own, on a clock they move by hand: the paper exchange replays real
 * BTC and ETH candles one 15-minute candle per 15 minutes of that clock, the schedules fire only
 * when a test runs them, and the helpers of test/support talk to this stack.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JournalOrder } from '#api/schemas/cockpit';
import type { AccountFaults } from '#local/paper-exchange/faults';
import type { LocalQueue } from '#local/queue';
import type { PaperExchangeOptions } from '#local/paper-exchange/server';
import { inject } from 'vitest';
import { stackControls, startLocalStack, type LocalStack } from '#local/stack';
import { call, newVerifiedMember, useOwnStack } from '../../support/api';
import { ownStackPorts } from '../../support/ports';
import { bindingCode, paperAccount } from '../../support/exchange';
import { topUp } from '../../support/fund';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * 23 January 2025, 16:00: Zeno's EMAs cross within hours and Zeno (design zeno/v4, its daily
 * confirmation warmed up) goes long 13 hours in (found by running the backtester over the shipped
 * candles), and BTC then swings enough for a tight DCA ladder to fill and take profit.
 */
export const ZENO_CROSS_AT = Date.UTC(2025, 0, 23, 16, 0, 0);

/**
 * 4 June 2025, 12:00: Zeno (design zeno/v4) goes long at 16:00 and its averages cross back the next
 * hour, with the daily trend against a short (found by running the backtester over the shipped
 * candles, from a fresh deployment's warm-up): a bot paused over that hour resumes with a long its
 * signal no longer holds, and a bot watched goes in a position within hours.
 */
export const ZENO_WHIPSAW_AT = Date.UTC(2025, 5, 4, 12, 0, 0);

/**
 * 26 November 2025, 09:00: a Zeno deployed then goes short at 12:00, three hours in (ZENO_CROSS_AT's
 * long comes thirteen hours in), and is stopped out at 17:00 (its backtest).
 */
export const ZENO_SHORT_AT = Date.UTC(2025, 10, 26, 9, 0, 0);

export interface BotStack {
  stack: LocalStack;
  /** The paper exchange's clock (ms). */
  now(): number;
  /** Moves the clock one hour on, runs the bot tick and waits for the executor to finish. */
  nextHour(): Promise<void>;
  /** Moves the clock on, nothing else (for a test that runs the tick itself). */
  advance(ms: number): void;
  /** Runs the bot tick at the clock's time and waits for the executor to finish. */
  runTick(): Promise<void>;
  queue(): LocalQueue;
  /**
   * Stops the stack, moves the clock on by `downMs` and starts it again on the same data (a stack
   * started restartable). Nothing of the paper exchange is saved on the way down: what it keeps is
   * what a kill -9 leaves.
   */
  restart(downMs: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The replay starts at `startAt` (an hour of the shipped 15-minute data); `weightLimits` lowers the
 * paper exchange's request-weight limits; `restartable` keeps the table on disk, for `restart`.
 */
export const startBotStack = async (
  startAt: number,
  weightLimits?: PaperExchangeOptions['weightLimits'],
  { restartable = false } = {},
): Promise<BotStack> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'trendex-bots-'));
  let clock = Date.UTC(2026, 5, 1, 0, 0, 0);
  const start = async () => {
    const started = await startLocalStack({
      dataDir,
      ...ownStackPorts(),
      // a stack that restarts reads its table again: on disk, in a DynamoDB Local of its own; else
      // in the project's DynamoDB Local (in memory: half the CPU)
      ...(restartable ? {} : { dynamoServerPort: inject('dynamoServerPort') }),
      log: () => undefined,
      paper: {
        now: () => clock,
        startAt,
        speed: 1,
        weightLimits,
        // The clock moves hours in milliseconds, faster than a keepalive (real time) can follow: the
        // user streams' listen keys and connections live through a test here (their lifetimes are
        // tested on the paper exchange itself, test/unit/paper-exchange/paper-user-streams.test.ts).
        userStreams: { listenKeyValidityMs: 30 * DAY, connectionLifetimeMs: 30 * DAY },
      },
      schedules: false,
    });
    useOwnStack({ ...started, admin: { ...started.admin, totpSecret: '' } });
    return started;
  };
  let stack = await start();
  let controls = stackControls(stack);
  return {
    get stack() {
      return stack;
    },
    now: () => clock,
    queue: () => controls.queue,
    async nextHour() {
      clock += HOUR;
      await controls.runSchedule('botTick', new Date(clock));
      await controls.queue.drained();
    },
    advance(ms) {
      clock += ms;
    },
    async runTick() {
      await controls.runSchedule('botTick', new Date(clock));
      await controls.queue.drained();
    },
    async restart(downMs) {
      if (!restartable) throw new Error('this bot stack keeps its table in memory: start it restartable');
      await stack.stop();
      clock += downMs;
      stack = await start();
      controls = stackControls(stack);
    },
    async stop() {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** A member with a plan, money in the wallet and a bound paper Binance key (HMAC unless told). */
export const tradingMember = async (
  plan: 'executive' | 'imperial',
  spotUsdt = 10_000,
  futuresUsdt = 10_000,
  keyType: 'hmac' | 'ed25519' = 'hmac',
) => {
  const member = await newVerifiedMember();
  await topUp(member.idToken, '1000');
  const bought = await call('activatePlan', { plan, requestId: randomUUID() }, member.idToken);
  if (bought.status !== 200) throw new Error(`plan: ${JSON.stringify(bought.body)}`);
  const key = await paperAccount({ spot: { USDT: spotUsdt }, futuresUsdt, keyType });
  const otp = await bindingCode(member.email, member.idToken);
  const bound = await call('bindBinance', { apikey: key.apiKey, apisecret: key.secret, otp }, member.idToken);
  if (bound.status !== 200) throw new Error(`bind: ${JSON.stringify(bound.body)}`);
  return { ...member, key };
};

export type Member = Awaited<ReturnType<typeof tradingMember>>;

/** A bot a member deployed. */
export interface DeployedBot {
  member: Member;
  id: string;
}

/** The member's cockpit of the bot: its state ("Needs attention" ...) and position. */
export const cockpitOf = async (b: DeployedBot) =>
  (await call('getBotCockpit', { id: b.id }, b.member.idToken)).body;

/** Every row of the bot's order journal, newest first (page after page). */
export const journalOf = async (b: DeployedBot): Promise<JournalOrder[]> => {
  const rows: JournalOrder[] = [];
  let cursor: string | undefined;
  do {
    const query = { id: b.id, limit: 100, ...(cursor ? { cursor } : {}) };
    const page = (await call('getBotJournal', query, b.member.idToken)).body;
    rows.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return rows;
};

/** The member's notifications, newest first, as their messages. */
export const notesOf = async (m: Member): Promise<string[]> =>
  (await call('listNotifications', { limit: 50 }, m.idToken)).body.items.map(
    (n: { message: string }) => n.message,
  );

/**
 * Switches the paper exchange's faults (local/paper-exchange/faults.ts): `/faults` for the whole
 * exchange, `/accounts/<key>/faults` for one account; the rules given replace those set before.
 */
export const switchFaults = async (bots: BotStack, path: string, faults: AccountFaults) => {
  const answer = await fetch(`${bots.stack.webUrl}/paper${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  if (answer.status !== 200) throw new Error(`faults ${path}: ${answer.status} ${await answer.text()}`);
};

/** The member's account's faults switched (the rules replace those set before). */
export const faultsOf = (bots: BotStack, m: Member, faults: AccountFaults) =>
  switchFaults(bots, `/accounts/${m.key.apiKey}/faults`, faults);

/** Polls `test` every 50 ms until it holds; fails after `ms`. */
export const within = async (ms: number, test: () => Promise<boolean> | boolean): Promise<void> => {
  const started = Date.now();
  while (!(await test())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** The caller IP of the tests' own clients: the fleet's requests leave from the simulated egress IPs. */
const TEST_CLIENT_IP = '127.0.0.1';

/**
 * The request weight the fleet (every simulated egress IP, not the test's own client) spent on the
 * market from the exchange's minute of `from` on (GET /paper/weights keeps an IP's last hour).
 */
export const fleetWeightSince = async (
  bots: BotStack,
  market: 'spot' | 'futures',
  from: number,
): Promise<number> => {
  const report = (await (await fetch(`${bots.stack.webUrl}/paper/weights`)).json()) as Record<
    string,
    Partial<Record<'spot' | 'futures', { minutes: { minute: number; weight: number }[] }>>
  >;
  const since = from - (from % 60_000);
  return Object.entries(report)
    .filter(([ip]) => ip !== TEST_CLIENT_IP)
    .flatMap(([, families]) => families[market]?.minutes ?? [])
    .filter((m) => m.minute >= since)
    .reduce((sum, m) => sum + m.weight, 0);
};
