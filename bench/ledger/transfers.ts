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
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTable, startDynamo } from '../../local/dynamodb';
import { stopChild } from '../../local/process';

const PORT = Number(process.env.BENCH_DYNAMO_PORT ?? 5519);
const N = Number(process.env.BENCH_TRANSFERS ?? 300);
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
    const { post, getBalance, sumEntries } = await import('../../functions/ledger/store');
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

    const baseline = results[0].perSecond;
    console.log(`ledger transfers on DynamoDB Local, ${N} each, ${CONCURRENCY} in flight when concurrent`);
    for (const r of results)
      console.log(
        `${r.name.padEnd(16)} ${r.perSecond.toFixed(1).padStart(8)} tx/s  ${r.seconds.toFixed(2).padStart(6)} s  x${(r.perSecond / baseline).toFixed(2)} vs sequential`,
      );
  } finally {
    await stopChild(dynamo);
    rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
