/**
 * bench/tick: one bot tick over 1,000, 5,000 and 10,000 active bots on the local stack (DynamoDB
 * Local, the in-process SQS FIFO queue and executor, the paper exchange), each size on a fresh
 * stack. Per size, three ticks in a row:
 *  - start:  the first tick after deployment (each bot fixes the candle it trades from);
 *  - quiet:  a tick with no candle closed, what most minutes are (the executor only reads);
 *  - candle: an hour closed, every bot decides and places its orders.
 * Printed per tick: dispatch (the tick itself: candles read once, one message per bot sent),
 * executor (from the tick's start until the queue drains) and messages/s; the growth ratio
 * against the 1,000-bot run of the same invocation; and the Binance request weight each simulated
 * egress IP used per minute against the limit (GET /paper/weights).
 *
 *   npm run bench:tick                     # 1,000, 5,000, 10,000 bots, 3 egress IPs
 *   BENCH_SIZES=1000,2000 BENCH_EGRESS_IPS=6 npx tsx bench/tick/tick.ts
 *
 * Timings vary with the machine; the ratios are the finding. Nothing here asserts a timing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { seedDcaBots, seedMembers } from './fleet';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const SIZES = (process.env.BENCH_SIZES ?? '1000,5000,10000').split(',').map(Number);
const IPS = Number(process.env.BENCH_EGRESS_IPS ?? 3);
const PORT = Number(process.env.BENCH_PORT_BASE ?? 7600);
/** Bots per member: members' keys spread them over the egress IPs. */
const BOTS_PER_MEMBER = 25;
const AMOUNT_USDT = 400;
// 10 March 2025: BTC moves enough within hours for the ladders to work.
const START_AT = Date.UTC(2025, 2, 10, 0, 0, 0);

// Before the stack and the functions are loaded: the logger reads its level then.
process.env.LOG_LEVEL ??= 'ERROR';
process.env.EXCHANGE_SIMULATED_EGRESS_IPS = Array.from({ length: IPS }, (_, i) => `127.0.0.${11 + i}`).join(
  ',',
);

interface TickFigures {
  dispatchMs: number;
  executeMs: number;
  perSecond: number;
  /** Per IP: the heaviest minute's spot weight during the tick, and the minutes it spanned. */
  weights: { ip: string; max: number; minutes: number; total: number }[];
  limit: number;
}

const { stackControls, startLocalStack } = await import('../../local/stack');

const runSize = async (bots: number) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'trendex-bench-tick-'));
  // The exchange's clock runs with the wall clock, whole hours ahead of it when a candle must
  // close: its minutes start when the functions' (wall-clock) minutes do, as in AWS.
  let offset = 0;
  const stack = await startLocalStack({
    dataDir,
    webPort: PORT,
    dynamoPort: PORT + 1,
    cognitoPort: PORT + 2,
    log: () => undefined,
    paper: { now: () => Date.now() + offset, startAt: START_AT, speed: 1 },
    schedules: false,
  });
  const controls = stackControls(stack);
  const weightsSince = async (from: number) => {
    const report = (await (await fetch(`${stack.webUrl}/paper/weights`)).json()) as Record<
      string,
      { spot?: { limit: number; minutes: { minute: number; weight: number }[] } }
    >;
    let limit = 0;
    const rows = Object.entries(report)
      .filter(([ip]) => ip !== '127.0.0.1' && report[ip].spot)
      .map(([ip, { spot }]) => {
        limit = spot!.limit;
        const minutes = spot!.minutes.filter((m) => m.minute >= from - (from % MINUTE));
        return {
          ip,
          max: Math.max(0, ...minutes.map((m) => m.weight)),
          minutes: minutes.length,
          total: minutes.reduce((s, m) => s + m.weight, 0),
        };
      })
      .sort((a, b) => a.ip.localeCompare(b.ip));
    return { rows, limit };
  };
  const tick = async (): Promise<TickFigures> => {
    const at = Date.now() + offset;
    const started = performance.now();
    await controls.runSchedule('botTick', new Date(at));
    const dispatched = performance.now();
    await controls.queue.drained();
    const drained = performance.now();
    const { rows, limit } = await weightsSince(at);
    return {
      dispatchMs: dispatched - started,
      executeMs: drained - started,
      perSecond: bots / ((drained - started) / 1000),
      weights: rows,
      limit,
    };
  };
  try {
    const seedStart = performance.now();
    const members = await seedMembers(
      stack.webUrl,
      Math.ceil(bots / BOTS_PER_MEMBER),
      BOTS_PER_MEMBER * AMOUNT_USDT * 2,
    );
    await seedDcaBots(members, bots, AMOUNT_USDT);
    console.log(
      `  ${bots} bots over ${members.length} members seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const start = await tick();
    const quiet = await tick();
    // An hour on (whole hours keep the minutes aligned): the candle that was forming has closed.
    offset += HOUR;
    const candle = await tick();
    return { start, quiet, candle };
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const main = async () => {
  console.log(
    `bench/tick: ${SIZES.join(', ')} bots (Universal DCA, BTCUSDT 1h), ${IPS} simulated egress IPs`,
  );
  const results: { bots: number; figures: Awaited<ReturnType<typeof runSize>> }[] = [];
  for (const bots of SIZES) {
    console.log(`\n${bots} bots`);
    const figures = await runSize(bots);
    results.push({ bots, figures });
    const base = results[0];
    for (const kind of ['start', 'quiet', 'candle'] as const) {
      const f = figures[kind];
      const b = base.figures[kind];
      const ratio = (x: number, y: number) => (x / y).toFixed(2);
      console.log(
        `  ${kind.padEnd(6)} dispatch ${seconds(f.dispatchMs).padStart(9)}  executed ${seconds(f.executeMs).padStart(9)}  ${f.perSecond.toFixed(0).padStart(5)} msg/s` +
          `  | vs ${base.bots} bots (x${(bots / base.bots).toFixed(0)}): dispatch x${ratio(f.dispatchMs, b.dispatchMs)}, executed x${ratio(f.executeMs, b.executeMs)}`,
      );
      const cap = Math.floor(f.limit * 0.8);
      for (const w of f.weights)
        if (w.total > 0)
          console.log(
            `           ${w.ip}: ${w.total} weight over ${w.minutes} min, heaviest minute ${w.max} / ${f.limit} (${((w.max / f.limit) * 100).toFixed(0)} %, budget ${cap})`,
          );
    }
  }
};

await main();
