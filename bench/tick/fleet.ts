/**
 * A fleet of DCA bots on a local stack (a bench's own: startFleetStack), written straight into the
 * table rather than through the API (a bench needs thousands): members with a paper Binance account
 * each, their key sealed and stored as binding stores it (storeKey), and bots spread over them with
 * the items the deploy API writes (deploymentStartItems). Used by bench/tick, bench/stream-fills and
 * the weight budget's integration test.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The fleet's hours: 10 March 2025, when BTC moves enough within hours for the ladders to work. */
const REPLAY_FROM = Date.UTC(2025, 2, 10);

/** An egress IP's spot weight per minute of the exchange, from its minute of `from` on. */
export interface SpotMinutes {
  ip: string;
  minutes: { minute: number; weight: number }[];
}

/**
 * A local stack for a fleet bench on ports `port` to `port + 2`: no schedules (the bench ticks),
 * DynamoDB Local in memory (never restarted here: memory spares SQLite's file and its syncs, the
 * same table calls), the paper exchange replaying the fleet's hours. The exchange's clock runs with
 * the wall clock, whole hours ahead of it when a candle must close: its minutes start when the
 * functions' (wall-clock) minutes do, as in AWS. Load it once the functions' figures are caught
 * (figures.ts).
 */
export const startFleetStack = async (port: number, label: string) => {
  const { stackControls, startLocalStack } = await import('../../local/stack');
  const dataDir = mkdtempSync(join(tmpdir(), `trendex-bench-${label}-`));
  let hoursAhead = 0;
  const exchangeNow = () => Date.now() + hoursAhead * HOUR;
  const stack = await startLocalStack({
    dataDir,
    webPort: port,
    dynamoPort: port + 1,
    cognitoPort: port + 2,
    log: () => undefined,
    tableInMemory: true,
    paper: { now: exchangeNow, startAt: REPLAY_FROM, speed: 1 },
    schedules: false,
  });
  return {
    stack,
    controls: stackControls(stack),
    exchangeNow,
    /** The exchange's clock an hour further ahead: the candle that was forming has closed. */
    nextHour: () => {
      hoursAhead++;
    },
    /** Each simulated egress IP's spot minutes (the stack's own reads, 127.0.0.1, left out) and Binance's limit. */
    spotMinutesSince: async (from: number): Promise<{ limit: number; ips: SpotMinutes[] }> => {
      const report = (await (await fetch(`${stack.webUrl}/paper/weights`)).json()) as Record<
        string,
        { spot?: { limit: number; minutes: { minute: number; weight: number }[] } }
      >;
      let limit = 0;
      const ips = Object.entries(report)
        .filter(([ip, r]) => ip !== '127.0.0.1' && r.spot)
        .map(([ip, { spot }]) => {
          limit = spot!.limit;
          return { ip, minutes: spot!.minutes.filter((m) => m.minute >= from - (from % MINUTE)) };
        })
        .sort((a, b) => a.ip.localeCompare(b.ip));
      return { limit, ips };
    },
    async stop() {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** The functions read the table's endpoint when loaded: only once the stack has set it. */
const functions = async () => ({
  ...(await import('#api/money')),
  ...(await import('#core/clock')),
  ...(await import('#core/ids')),
  ...(await import('#engine/strategies/dca-presets')),
  ...(await import('#functions/exchange/service')),
  ...(await import('#functions/bots/store')),
});

/** Runs `work` over the items, `width` at a time. */
export const inPool = async <T>(items: T[], width: number, work: (item: T) => Promise<unknown>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
};

/**
 * `work` tried again (up to five times, a second apart) when the table times out: DynamoDB Local
 * on a loaded machine does, and a bench of thousands must not die of one write.
 */
const retried = async <T>(work: () => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt++)
    try {
      return await work();
    } catch (error) {
      if (attempt >= 5 || (error as Error).name !== 'TimeoutError') throw error;
      await new Promise((r) => setTimeout(r, 1_000));
    }
};

/** Members with a paper Binance account holding `spotUsdt` and their key bound. */
export const seedMembers = async (webUrl: string, count: number, spotUsdt: number): Promise<string[]> => {
  const { newId, storeKey } = await functions();
  const members = Array.from({ length: count }, () => newId());
  await inPool(members, 6, async (memberId) => {
    const answer = await fetch(`${webUrl}/paper/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ exchange: 'binance', spot: { USDT: spotUsdt } }),
    });
    const key = (await answer.json()) as { apiKey: string; secret: string };
    await retried(() => storeKey(memberId, 'binance', { apiKey: key.apiKey, secret: key.secret }));
  });
  return members;
};

/** At most 25 puts per BatchWriteItem (DynamoDB's limit). */
const BATCH_PUTS = 25;

/**
 * Puts the items, 25 to a BatchWriteItem and `width` batches at once, sending again what the table
 * left unprocessed or timed out on: puts of the same items land the same however often they are
 * sent. Seeding thousands of bots one transaction each took minutes on DynamoDB Local.
 */
const putAll = async (items: Record<string, unknown>[], width: number) => {
  const { db, tableName: table } = await import('#core/db');
  const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const batches = Array.from({ length: Math.ceil(items.length / BATCH_PUTS) }, (_, i) =>
    items.slice(i * BATCH_PUTS, (i + 1) * BATCH_PUTS),
  );
  await inPool(batches, width, async (batch) => {
    let requests = batch.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 1; requests.length > 0; attempt++) {
      if (attempt > 8) throw new Error(`${requests.length} items not written after 8 attempts`);
      const answer = await retried(() =>
        db.send(new BatchWriteCommand({ RequestItems: { [table()]: requests } })),
      );
      requests = (answer.UnprocessedItems?.[table()] ?? []) as typeof requests;
      if (requests.length > 0) await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  });
};

/**
 * `count` Universal DCA bots of `amountUsdt` each on BTCUSDT, spread round-robin over the members,
 * with the items the deploy API writes (deploymentStartItems; fresh ids, so its conditions hold).
 * With `tradeFrom` (a candle's open time) they are written as their first tick leaves them: trading
 * from that candle on, none acted on yet.
 */
export const seedDcaBots = async (
  members: string[],
  count: number,
  amountUsdt: number,
  tradeFrom?: number,
): Promise<string[]> => {
  const { deploymentStartItems, dcaPresetParams, newId, nowIso, usdt } = await functions();
  const ids = Array.from({ length: count }, () => newId());
  const items = ids.flatMap((id, i) =>
    deploymentStartItems(
      {
        id,
        memberId: members[i % members.length],
        bot: 'universal',
        status: 'active',
        market: 'spot',
        symbol: 'BTCUSDT',
        interval: '1h',
        capital: usdt(amountUsdt),
        quote: 'USDT',
        params: dcaPresetParams('universal', amountUsdt) as unknown as Record<string, unknown>,
        deployedAt: nowIso(),
        ...(tradeFrom === undefined ? {} : { tradeFrom }),
        version: 0,
      },
      randomUUID(),
      false,
    ).map(({ Put }) => Put!.Item!),
  );
  await putAll(items, 4);
  return ids;
};
