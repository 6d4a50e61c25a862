/**
 * bench/tick: one bot tick over 1,000, 5,000 and 10,000 active bots on the local stack (DynamoDB
 * Local, the in-process SQS FIFO queue and executor, the paper exchange, the user stream service
 * with one user data stream per member), each size on a fresh stack. Per size, four ticks in a row:
 *  - start:   the first tick after deployment (each bot fixes the candle it trades from);
 *  - first:   the first candle: every bot buys at market and rests its ladder (the burst after a
 *             deployment of the whole fleet at once);
 *  - quiet:   a tick with no candle closed, what 59 minutes of 60 are (the executor only reads);
 *  - resting: the next candle: the ladders rest on where the model still wants them (issue 30
 *             point 5: orders rest across candles, the streams vouch for them).
 * Printed per tick: dispatch (candles read once, one message per bot sent), the time from the
 * tick's start (the candle's close) until every bot has acted (the queue drained), and per bot the
 * request weight, the table calls and the CPU of this process; per simulated egress IP the heaviest
 * minute's spot weight against Binance's limit (GET /paper/weights); and a model of the same tick
 * on AWS's concurrency (stated as a model: this machine is not AWS).
 *
 *   npm run bench:tick                     # 1,000, 5,000, 10,000 bots, 2 egress IPs
 *   BENCH_SIZES=1000,2000 BENCH_EGRESS_IPS=6 npx tsx bench/tick/tick.ts
 *
 * Timings vary with the machine; the weights are measured. Nothing here asserts a timing.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { catchFunctionFigures } from './figures';
import { inPool, seedDcaBots, seedMembers, startFleetStack } from './fleet';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const SIZES = (process.env.BENCH_SIZES ?? '1000,5000,10000').split(',').map(Number);
const IPS = Number(process.env.BENCH_EGRESS_IPS ?? 2);
const PORT = Number(process.env.BENCH_PORT_BASE ?? 7600);
/** Bots per member: members' keys spread them over the egress IPs, one user data stream each. */
const BOTS_PER_MEMBER = 25;
const AMOUNT_USDT = 400;
/**
 * BENCH_STARTED=1 writes the bots as their first tick leaves them (trading from the candle forming
 * now) and skips the start tick: what the minute after a close costs does not need it, and it is
 * the longest tick on this machine at 5,000 bots and more.
 */
const STARTED = process.env.BENCH_STARTED === '1';

/**
 * The model of AWS (not measured here): the executor's SQS FIFO event source hands batches of 10
 * messages to Lambda, one bot after the other in a batch (Powertools' FIFO processor), with
 * AWS_CONCURRENCY batches at once (of the account's 1,000 concurrent executions, shared); a
 * DynamoDB call takes TABLE_MS and a Binance request EXCHANGE_MS from the egress (Binance's
 * matching engine is in AWS Tokyo). Per bot it takes this machine's CPU for it (an upper bound:
 * the paper exchange and the stream service run in the same process) plus its calls at those
 * latencies; a minute whose weight is over the IPs' 80 % waits for the next (weight-budget.ts).
 */
const AWS_CONCURRENCY = Number(process.env.BENCH_AWS_CONCURRENCY ?? 100);
const TABLE_MS = 8;
const EXCHANGE_MS = 30;

// Before the stack and the functions are loaded: the logger reads its level then.
process.env.LOG_LEVEL ??= 'ERROR';
process.env.EXCHANGE_SIMULATED_EGRESS_IPS = Array.from({ length: IPS }, (_, i) => `127.0.0.${11 + i}`).join(
  ',',
);

interface TickFigures {
  dispatchMs: number;
  executeMs: number;
  /** Per IP: the heaviest minute's spot weight during the tick, the minutes it spanned, the total. */
  weights: { ip: string; max: number; minutes: number; total: number }[];
  limit: number;
  /** Per bot: table calls (every DynamoDB request of the process) and this process's CPU (ms). */
  tableCalls: number;
  /** The table calls per bot by operation and item kind (GetItem BOT/BOT, Query MEMBER...). */
  tableCallsBy: string;
  cpuMs: number;
  /** The functions' figures during the tick (COUNTED), and the errors they logged. */
  counted: string;
  /** The machine's load average (1 min) when every bot had acted: the times depend on it. */
  load: number;
}

const caught = catchFunctionFigures();
const { figures } = caught;
const COUNTED = [
  'OrdersPlaced',
  'RestingKept',
  'RestingLookedUp',
  'StreamFills',
  'TicksDeferred',
  'OrdersFailed',
];

/** An item's kind: its keys without the ids (BOT#…/ORDER#…, MEMBER#…/STREAM#spot). */
const kindOf = (key: Record<string, unknown> | undefined): string =>
  key ? `${String(key.PK).split('#')[0]}/${String(key.SK).split('#')[0]}` : '?';

/** A DynamoDB request named by its operation and the kinds of item it reads or writes. */
const callName = (command: string, input: Record<string, unknown>): string => {
  const op = command.replace(/Command$/, '');
  if (op === 'Query') {
    const values = Object.values((input.ExpressionAttributeValues ?? {}) as Record<string, unknown>);
    return `Query ${input.IndexName ? `${String(input.IndexName)} ` : ''}${String(values[0]).split('#')[0]}`;
  }
  if (op === 'TransactWriteItems' || op === 'TransactGetItems')
    return `${op} ${((input.TransactItems ?? []) as Record<string, { Key?: never; Item?: never }>[])
      .map((t) => Object.entries(t).map(([kind, w]) => `${kind} ${kindOf(w.Key ?? w.Item)}`)[0])
      .join(' + ')}`;
  return `${op} ${kindOf((input.Key ?? input.Item) as Record<string, unknown> | undefined)}`;
};

/** Every DynamoDB request the process sends (the executor's, the tick's, the stream service's). */
let tableCalls = 0;
const tableCallsBy = new Map<string, number>();
const countTableCalls = async () => {
  const { db } = await import('#core/db');
  db.middlewareStack.add(
    (next, context) => (args) => {
      tableCalls++;
      const name = callName(String(context.commandName), args.input as Record<string, unknown>);
      tableCallsBy.set(name, (tableCallsBy.get(name) ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'benchTableCalls' },
  );
};

const runSize = async (bots: number) => {
  const fleet = await startFleetStack(PORT, 'tick');
  const { stack, controls, exchangeNow } = fleet;
  await countTableCalls();
  const weightsSince = async (from: number) => {
    const { limit, ips } = await fleet.spotMinutesSince(from);
    const rows = ips.map(({ ip, minutes }) => ({
      ip,
      max: Math.max(0, ...minutes.map((m) => m.weight)),
      minutes: minutes.length,
      total: minutes.reduce((s, m) => s + m.weight, 0),
    }));
    return { rows, limit };
  };
  const tick = async (kind: string): Promise<void> => {
    // A minute of its own: the weights of the tick are not mixed with the last one's.
    await new Promise((r) => setTimeout(r, MINUTE - (exchangeNow() % MINUTE) + 100));
    const at = exchangeNow();
    const calls = tableCalls;
    tableCallsBy.clear();
    const dead = controls.queue.deadLetters().length;
    figures.clear();
    caught.errors = 0;
    caught.firstError = '';
    const cpu = process.cpuUsage();
    const started = performance.now();
    await controls.runSchedule('botTick', new Date(at));
    const dispatched = performance.now();
    await controls.queue.drained();
    const drained = performance.now();
    const used = process.cpuUsage(cpu);
    const { rows, limit } = await weightsSince(at);
    print(
      kind,
      {
        dispatchMs: dispatched - started,
        executeMs: drained - started,
        weights: rows,
        limit,
        tableCalls: (tableCalls - calls) / bots,
        tableCallsBy: [...tableCallsBy]
          .sort((a, b) => b[1] - a[1])
          .filter(([, n]) => n / bots >= 0.01)
          .map(([name, n]) => `${name} ${(n / bots).toFixed(2)}`)
          .join(', '),
        cpuMs: (used.user + used.system) / 1000 / bots,
        counted:
          COUNTED.map((name) => `${name} ${figures.get(name) ?? 0}`).join(', ') +
          (caught.errors
            ? `; ${caught.errors} errors logged (retried), the first: ${caught.firstError}`
            : '') +
          `; ${controls.queue.deadLetters().length - dead} messages dead-lettered`,
        load: loadavg()[0],
      },
      bots,
    );
  };
  try {
    const seedStart = performance.now();
    const members = await seedMembers(
      stack.webUrl,
      Math.ceil(bots / BOTS_PER_MEMBER),
      BOTS_PER_MEMBER * AMOUNT_USDT * 2,
    );
    const now = exchangeNow();
    await seedDcaBots(members, bots, AMOUNT_USDT, STARTED ? now - (now % HOUR) : undefined);
    console.log(
      `  ${bots} bots over ${members.length} members seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (load ${loadavg()[0].toFixed(1)})`,
    );
    if (!STARTED) await tick('start');
    const streamsAt = performance.now();
    await streamsUp(members);
    console.log(
      `  ${members.length} user data streams up in ${((performance.now() - streamsAt) / 1000).toFixed(1)} s`,
    );
    // An hour on (whole hours keep the minutes aligned): the candle that was forming has closed.
    fleet.nextHour();
    await tick('first');
    await tick('quiet');
    fleet.nextHour();
    await tick('resting');
  } finally {
    await fleet.stop();
  }
};

/**
 * Every member's spot stream is up, for long enough to vouch for the orders placed from now on
 * (functions/bots/resting.ts streamCovers): the status items the executor reads.
 */
const streamsUp = async (members: string[]) => {
  const { getStreamStatus } = await import('#functions/bots/store');
  const { STREAM_SETTLE_MS } = await import('#functions/bots/resting');
  const waiting = new Set(members);
  const until = performance.now() + 10 * MINUTE;
  while (waiting.size > 0) {
    if (performance.now() > until) throw new Error(`${waiting.size} streams not up in 10 minutes`);
    await inPool([...waiting], 8, async (memberId) => {
      const status = await getStreamStatus(memberId, 'spot');
      if (status?.upSince !== undefined && Date.now() >= status.upSince + STREAM_SETTLE_MS)
        waiting.delete(memberId);
    });
    if (waiting.size > 0) await new Promise((r) => setTimeout(r, 2_000));
  }
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The same tick on AWS's concurrency (the model above): seconds from the close until every bot acted. */
const onAws = (f: TickFigures, bots: number, weightPerBot: number) => {
  const perBot = f.cpuMs + f.tableCalls * TABLE_MS + weightPerBot * EXCHANGE_MS;
  const batches = Math.ceil(bots / 10 / AWS_CONCURRENCY);
  const budget = IPS * Math.floor(f.limit * 0.8);
  const waits = Math.max(0, Math.ceil((weightPerBot * bots) / budget) - 1);
  return { perBot, seconds: (f.dispatchMs + batches * 10 * perBot) / 1000 + waits * 60, waits };
};

/** One tick's figures, printed as soon as it ends (a run cut short keeps what it measured). */
const print = (kind: string, f: TickFigures, bots: number) => {
  const weight = f.weights.reduce((s, w) => s + w.total, 0);
  const perBot = weight / bots;
  const aws = onAws(f, bots, perBot);
  console.log(
    `  ${kind.padEnd(7)} dispatch ${seconds(f.dispatchMs).padStart(9)}  all acted ${seconds(f.executeMs).padStart(9)} after the close` +
      `  | per bot: weight ${perBot.toFixed(3)}, table calls ${f.tableCalls.toFixed(1)}, CPU ${f.cpuMs.toFixed(1)} ms` +
      `  | AWS model (${AWS_CONCURRENCY} x 10): ${aws.perBot.toFixed(0)} ms a bot, all acted ${aws.seconds.toFixed(1)} s${aws.waits ? ` (${aws.waits} minute(s) waiting for weight)` : ''}`,
  );
  console.log(`           ${f.counted}; load average ${f.load.toFixed(1)}`);
  console.log(`           table calls per bot (0.01 and over): ${f.tableCallsBy}`);
  const cap = Math.floor(f.limit * 0.8);
  for (const w of f.weights)
    if (w.total > 0)
      console.log(
        `           ${w.ip}: ${w.total} weight over ${w.minutes} min, heaviest minute ${w.max} / ${f.limit} (${((w.max / f.limit) * 100).toFixed(1)} %, budget ${cap})`,
      );
};

const main = async () => {
  console.log(
    `bench/tick: ${SIZES.join(', ')} bots (Universal DCA, BTCUSDT 1h), ${IPS} simulated egress IPs, user data streams on`,
  );
  for (const bots of SIZES) {
    console.log(`\n${bots} bots`);
    await runSize(bots);
  }
};

await main();
