/**
 * Ledger transfers per second on DynamoDB Local: concurrent versus sequential, as ratios against
 * the sequential baseline measured in the same run. `npx tsx bench/ledger/transfers.ts`
 *
 *   sequential       one transfer at a time, each on its own member's accounts (the baseline)
 *   concurrent       32 in flight, each on its own member's accounts (no contention)
 *   concurrent-hot   32 in flight, all debiting ONE wallet (every transaction contends; retries)
 *
 * Every transfer is a full `post`: idempotency item, balance updates under the no-negative
 * condition and entries, in one TransactWriteItems call.
 *
 * Then `BENCH_PURCHASES` (1,000) plan purchases, `BENCH_BURST_WIDTH` (50) in flight at once,
 * each from its own member's wallet, two ways:
 *
 *   single-item      all credit one unsharded platform account (the baseline: how revenue was)
 *   sharded revenue  all credit platform:revenue, SHARD_COUNT items summed on read
 *
 * with the transactions the table refused for a conflict (each one retried) counted by a
 * middleware, and the accounts checked against their entries afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTable, startDynamo } from '../../local/dynamodb';
import { stopChild } from '../../local/process';

const PORT = Number(process.env.BENCH_DYNAMO_PORT ?? 5519);
const N = Number(process.env.BENCH_TRANSFERS ?? 300);
const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 1000);
// Purchases in flight at once: the table client's 50 sockets. More wait in the SDK's queue, and on
// this shared machine its 1 s connection timer then fires (and crashes the run).
const BURST_WIDTH = Number(process.env.BENCH_BURST_WIDTH ?? 50);
const CONCURRENCY = 32;

const pool = async <T>(items: T[], width: number, run: (item: T) => Promise<unknown>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await run(items[next++]);
    }),
  );
};

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'trendex-bench-ledger-'));
  const dynamo = await startDynamo(PORT, join(dataDir, 'dynamodb'));
  try {
    await ensureTable(PORT, 'bench');
    Object.assign(process.env, {
      AWS_REGION: 'local',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      TABLE_NAME: 'bench',
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${PORT}`,
    });
    const store = await import('../../functions/ledger/store');
    /** A store call as a client makes it: one that timed out (DynamoDB Local on a busy machine) is sent again. */
    const retrying = async <T>(call: () => Promise<T>): Promise<T> => {
      for (let attempt = 1; ; attempt++)
        try {
          return await call();
        } catch (error) {
          if ((error as { name?: string }).name !== 'TimeoutError' || attempt === 10) throw error;
        }
    };
    const getBalance = (account: string) => retrying(() => store.getBalance(account));
    const sumEntries = (account: string) => retrying(() => store.sumEntries(account));
    /** `post` sent again with the same idempotency key applies once; its replay counts as applied. */
    const post = async (input: Parameters<typeof store.post>[0]) => {
      const result = await retrying(() => store.post(input));
      return result.status === 'replayed' ? { ...result, status: 'applied' as const } : result;
    };
    const { accounts, transfer } = await import('../../functions/ledger/rules');

    const members = Array.from({ length: N }, (_, i) => `bench${i}`);
    await pool(members, CONCURRENCY, (m) =>
      post({
        tx: {
          idempotencyKey: `fund:${m}`,
          kind: 'deposit',
          postings: transfer(accounts.clearing, accounts.member(m, 'wallet'), 1_000_000_000),
        },
      }),
    );
    const hot = 'benchhot';
    await post({
      tx: {
        idempotencyKey: `fund:${hot}`,
        kind: 'deposit',
        postings: transfer(accounts.clearing, accounts.member(hot, 'wallet'), 1_000_000_000),
      },
    });

    const hold = (m: string, key: string) =>
      post({
        tx: {
          idempotencyKey: key,
          kind: 'withdraw-hold',
          postings: transfer(accounts.member(m, 'wallet'), accounts.hold(m), 1_000_000),
        },
      });

    const time = async (name: string, run: () => Promise<unknown>) => {
      const start = performance.now();
      await run();
      const seconds = (performance.now() - start) / 1000;
      return { name, perSecond: N / seconds, seconds };
    };

    console.log('funded; timing transfers');
    const results = [
      await time('sequential', async () => {
        for (const m of members) await hold(m, `seq:${m}`);
      }),
      await time('concurrent', () => pool(members, CONCURRENCY, (m) => hold(m, `con:${m}`))),
      await time('concurrent-hot', () =>
        pool(
          members.map((_, i) => i),
          CONCURRENCY,
          (i) => hold(hot, `hot:${i}`),
        ),
      ),
    ];

    // the ledger is still sound after the runs
    const hotBalance = await getBalance(accounts.member(hot, 'wallet'));
    const { sum } = await sumEntries(accounts.member(hot, 'wallet'));
    if (hotBalance !== sum || hotBalance !== 1_000_000_000 - N * 1_000_000)
      throw new Error(`hot wallet unsound: balance ${hotBalance}, entries ${sum}`);

    // 1,000 plan purchases at once, all crediting one account: one item, or revenue's shards
    const { db } = await import('../../functions/core/db');
    const { SHARD_COUNT } = await import('../../functions/ledger/rules');
    let conflicts = 0;
    db.middlewareStack.add(
      (next) => async (args) => {
        try {
          return await next(args);
        } catch (error) {
          const e = error as { name?: string; CancellationReasons?: { Code?: string }[] };
          if (
            e.name === 'TransactionConflictException' ||
            e.CancellationReasons?.some((r) => r.Code === 'TransactionConflict')
          )
            conflicts += 1;
          throw error;
        }
      },
      { step: 'deserialize', name: 'benchConflicts' },
    );
    const buyers = Array.from({ length: PURCHASES }, (_, i) => `buyer${i}`);
    await pool(buyers, CONCURRENCY, (m) =>
      post({
        tx: {
          idempotencyKey: `fund:${m}`,
          kind: 'deposit',
          postings: transfer(accounts.clearing, accounts.member(m, 'wallet'), 1_000_000_000),
        },
      }),
    );
    const price = 179_990_000;
    const burst = async (name: string, account: string) => {
      conflicts = 0;
      const before = await getBalance(account);
      const start = performance.now();
      const answers: { status: string }[] = [];
      await pool(buyers, BURST_WIDTH, async (m) => {
        answers.push(
          await post({
            tx: {
              idempotencyKey: `${name}:${m}`,
              kind: 'plan',
              postings: transfer(accounts.member(m, 'wallet'), account, price),
            },
          }),
        );
      });
      const seconds = (performance.now() - start) / 1000;
      if (answers.some((a) => a.status !== 'applied')) throw new Error(`${name}: a purchase was not applied`);
      const balance = await getBalance(account);
      const { sum } = await sumEntries(account);
      if (balance - before !== PURCHASES * price || sum !== balance)
        throw new Error(`${name}: balance ${balance}, entries ${sum}, expected +${PURCHASES * price}`);
      return { name, perSecond: PURCHASES / seconds, seconds, conflicts };
    };
    console.log('buyers funded; timing the bursts');
    const purchases = [
      await burst('single-item', 'platform:bench-single'),
      await burst(`sharded x${SHARD_COUNT}`, accounts.revenue),
    ];

    const baseline = results[0].perSecond;
    console.log(`ledger transfers on DynamoDB Local, ${N} each, ${CONCURRENCY} in flight when concurrent`);
    for (const r of results)
      console.log(
        `${r.name.padEnd(16)} ${r.perSecond.toFixed(1).padStart(8)} tx/s  ${r.seconds.toFixed(2).padStart(6)} s  x${(r.perSecond / baseline).toFixed(2)} vs sequential`,
      );
    console.log(
      `\n${PURCHASES} plan purchases, ${BURST_WIDTH} in flight, each from its own wallet, all crediting one account`,
    );
    for (const r of purchases)
      console.log(
        `${r.name.padEnd(16)} ${r.perSecond.toFixed(1).padStart(8)} tx/s  ${r.seconds.toFixed(2).padStart(6)} s  ${String(r.conflicts).padStart(5)} conflicts  x${(r.perSecond / purchases[0].perSecond).toFixed(2)} vs single-item`,
      );
  } finally {
    await stopChild(dynamo);
    rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
