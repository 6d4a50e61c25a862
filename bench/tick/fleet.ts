/**
 * A fleet of DCA bots on a local stack, written straight into the table rather than through the
 * API (a bench needs thousands): members with a paper Binance account each, their key sealed and
 * stored as binding stores it (storeKey), and bots spread over them with the items the deploy API
 * writes (deploymentStartItems). Used by bench/tick and the weight budget's integration test.
 */
import { randomUUID } from 'node:crypto';

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
