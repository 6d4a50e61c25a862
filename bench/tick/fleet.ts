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

/**
 * `count` Universal DCA bots of `amountUsdt` each on BTCUSDT, spread round-robin over the members.
 * With `tradeFrom` (a candle's open time) they are written as their first tick leaves them: trading
 * from that candle on, none acted on yet.
 */
export const seedDcaBots = async (
  members: string[],
  count: number,
  amountUsdt: number,
  tradeFrom?: number,
): Promise<string[]> => {
  const { deploymentStartItems, dcaPresetParams, getDeployment, newId, nowIso, usdt, writeItems } =
    await functions();
  const ids = Array.from({ length: count }, () => newId());
  await inPool(
    ids.map((id, i) => ({ id, memberId: members[i % members.length] })),
    6,
    async ({ id, memberId }) => {
      // a write that timed out may have landed: then its retry finds the bot there
      const written = await retried(
        async () =>
          (await getDeployment(id)) !== null ||
          writeItems(
            deploymentStartItems(
              {
                id,
                memberId,
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
            ),
          ),
      );
      if (!written) throw new Error(`bot ${id} was not written`);
    },
  );
  return ids;
};
