/**
 * The ticker's two paths (issue 31): what pages read, and what it costs us.
 *
 *   npx tsx bench/ticker/fanout.ts   (BENCH_CONNECTIONS=1000 BENCH_FALLBACK=100,400 BENCH_ROUNDS BENCH_PORT_BASE)
 *
 * A real local stack is started.
 *  - `exchange stream`: BENCH_CONNECTIONS pages follow the exchange's public combined mini-ticker
 *    stream (the paper exchange's stand-in for wss://stream.binance.com:9443); each round is one of
 *    its once-a-second events, measured from the event time it carries (E) to each page's receipt.
 *    This is the path every page takes; its fan-out is the exchange's, free to us.
 *  - `pushToTopic, post each (AWS)`: the fallback for members whose page cannot reach the stream,
 *    at BENCH_FALLBACK sockets (1 % and 4 % of 10,000 online by default): sockets connect with a
 *    member's ID token and subscribe to the 'ticker' topic; `pushToTopic` (the code the ticker
 *    schedule runs) sends one update through the table's topic list and one Management API POST
 *    per connection, as in AWS (here against the gateway's emulation of it).
 * Measured per round: delivery delay of each socket (p50, p99, max) and messages per second.
 * Baseline, same run, same machine and size: `ws-broadcast`, a bare ws server that sends the same
 * bytes to as many sockets in a loop (the floor of any fan-out).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { WebSocket, WebSocketServer } from 'ws';
import { startLocalStack } from '../../local/stack';

const STREAM_SIZE = Number(process.env.BENCH_CONNECTIONS ?? 1000);
const FALLBACK_SIZES = (process.env.BENCH_FALLBACK ?? '100,400').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BASE = Number(process.env.BENCH_PORT_BASE ?? 4505);
// Sockets opened at once: each $connect and subscribe writes to DynamoDB Local, which times out
// (2 s) on a busy machine when hundreds arrive together.
const CONCURRENCY = 20;

interface Round {
  delays: number[];
  totalMs: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const summarize = (name: string, connections: number, rounds: Round[]) => {
  const delays = rounds.flatMap((r) => r.delays).sort((a, b) => a - b);
  const totalMs = rounds.reduce((s, r) => s + r.totalMs, 0) / rounds.length;
  return {
    name,
    p50: percentile(delays, 50),
    p99: percentile(delays, 99),
    max: delays[delays.length - 1],
    totalMs,
    perSecond: (connections / totalMs) * 1000,
  };
};

/** Opens `n` sockets, `CONCURRENCY` at a time (one refused under load is tried again). */
const openAll = async (n: number, open: () => Promise<WebSocket>): Promise<WebSocket[]> => {
  const sockets: WebSocket[] = [];
  const retrying = async (): Promise<WebSocket> => {
    for (let attempt = 1; ; attempt++)
      try {
        return await open();
      } catch (error) {
        if (attempt === 5) throw error;
      }
  };
  for (let i = 0; i < n; i += CONCURRENCY)
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(CONCURRENCY, n - i) }, retrying))));
  return sockets;
};

/** One round: the time from `send()` to each socket's receipt of the message with this marker. */
const measure = async (
  sockets: WebSocket[],
  marker: string,
  send: () => Promise<unknown>,
): Promise<Round> => {
  const delays: number[] = [];
  let start = 0;
  const done = new Promise<void>((resolve) => {
    for (const ws of sockets) {
      const onMessage = (data: Buffer) => {
        if (!data.toString().includes(marker)) return;
        delays.push(performance.now() - start);
        ws.off('message', onMessage);
        if (delays.length === sockets.length) resolve();
      };
      ws.on('message', onMessage);
    }
  });
  start = performance.now();
  await send();
  await Promise.race([
    done,
    new Promise((_, reject) =>
      setTimeout(
        () => reject(new Error(`round ${marker}: ${delays.length}/${sockets.length} delivered`)),
        30_000,
      ),
    ),
  ]);
  return { delays, totalMs: Math.max(...delays) };
};

const tickerMessage = (marker: string) => ({
  type: 'ticker' as const,
  data: {
    items: [
      { symbol: 'BTCUSDT', lastPrice: 68000.12, changePercent: -1.23 },
      { symbol: 'ETHUSDT', lastPrice: 2400.5, changePercent: 0.5 },
      { symbol: 'XRPUSDT', lastPrice: 0.5123, changePercent: 2.1 },
      { symbol: 'BNBUSDT', lastPrice: 600.1, changePercent: -0.2 },
    ],
    updatedAt: marker,
  },
});

const baseline = async (connections: number): Promise<Round[]> => {
  const server = new WebSocketServer({ port: 0 });
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as { port: number }).port;
  const sockets = await openAll(
    connections,
    () =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}`);
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      }),
  );
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const marker = `baseline-${i}`;
    rounds.push(
      await measure(sockets, marker, async () => {
        const bytes = JSON.stringify(tickerMessage(marker));
        for (const client of server.clients) client.send(bytes);
      }),
    );
  }
  sockets.forEach((s) => s.terminate());
  await new Promise((r) => server.close(r));
  return rounds;
};

const member = async (stack: Awaited<ReturnType<typeof startLocalStack>>) => {
  const n = Date.now().toString(36);
  const body = {
    email: `bench${n}@example.com`,
    password: 'Str0ng!Passw0rd',
    name: 'Bench Member',
    username: `bench${n}`,
    country: 'IN',
    mobile: '9876543210',
    sponsor: stack.admin.username,
    side: 'Left',
    acceptTerms: true,
  };
  const post = (path: string, payload: unknown) =>
    fetch(`${stack.apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
  if ((await post('/auth/register', body)).status !== 201) throw new Error('sign-up failed');
  const mails = (await (
    await fetch(`${stack.webUrl}/outbox/messages?to=${encodeURIComponent(body.email)}`)
  ).json()) as { text: string }[];
  const token = /\/verify\?token=([^\s"<]+)/.exec(mails.map((m) => m.text).join('\n'))![1];
  if ((await post('/auth/email-verify', { token: decodeURIComponent(token) })).status !== 200)
    throw new Error('verify failed');
  const auth = await new CognitoIdentityProviderClient({
    endpoint: stack.cognitoEndpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }).send(
    new InitiateAuthCommand({
      ClientId: stack.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: body.email, PASSWORD: body.password },
    }),
  );
  return auth.AuthenticationResult!.IdToken!;
};

/**
 * Rounds of the exchange stream: `size` pages follow the combined mini-ticker stream; each round
 * is one BTC event, its delay per page from the event time it carries to the page's receipt.
 */
const exchangeStream = async (streamUrl: string, size: number): Promise<Round[]> => {
  const url = `${streamUrl}?streams=btcusdt@miniTicker/ethusdt@miniTicker/xrpusdt@miniTicker/bnbusdt@miniTicker`;
  const sockets = await openAll(
    size,
    () =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(url);
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      }),
  );
  const byEvent = new Map<number, number[]>();
  for (const ws of sockets)
    ws.on('message', (data: Buffer) => {
      const { data: event } = JSON.parse(data.toString()) as { data: { s: string; E: number } };
      if (event.s !== 'BTCUSDT') return;
      const delays = byEvent.get(event.E) ?? [];
      delays.push(Date.now() - event.E);
      byEvent.set(event.E, delays);
    });
  // the first second is the sockets settling in; then ROUNDS events, each reaching every page
  await new Promise((resolve) => setTimeout(resolve, (ROUNDS + 2) * 1_000));
  sockets.forEach((ws) => ws.terminate());
  return [...byEvent.values()]
    .filter((delays) => delays.length === size)
    .slice(-ROUNDS)
    .map((delays) => ({ delays, totalMs: Math.max(...delays) }));
};

const baselines = new Map<number, ReturnType<typeof summarize>>();
const row = (r: ReturnType<typeof summarize>) =>
  `${r.name.padEnd(30)} ${r.perSecond.toFixed(0).padStart(9)} msg/s   p50 ${r.p50.toFixed(1).padStart(7)} ms   p99 ${r.p99.toFixed(1).padStart(7)} ms   max ${r.max.toFixed(1).padStart(7)} ms`;

/** Prints one size's results against the baseline of the same size, as soon as they are measured. */
const report = (size: number, pushes: ReturnType<typeof summarize>[]) => {
  const base = baselines.get(size)!;
  console.log(`\n${size} sockets\n${row(base)}`);
  for (const push of pushes)
    console.log(
      `${row(push)}   vs baseline: throughput ${(push.perSecond / base.perSecond).toFixed(3)}x, p99 ${(push.p99 / base.p99).toFixed(1)}x`,
    );
};

/** The local stack: the exchange stream at its size, then the fallback push grown to each of its sizes. */
const gateway = async (): Promise<void> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'trendex-bench-'));
  process.env.LOG_LEVEL = 'ERROR';
  process.env.LOG_FILE = join(dataDir, 'functions.log');
  const started = performance.now();
  const stack = await startLocalStack({
    dataDir,
    webPort: BASE,
    dynamoPort: BASE + 10,
    cognitoPort: BASE + 14,
  });
  try {
    console.log(`  local stack up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const config = (await (await fetch(`${stack.webUrl}/config.json`)).json()) as { marketStreamUrl: string };
    report(STREAM_SIZE, [
      summarize(
        'exchange stream (paper)',
        STREAM_SIZE,
        await exchangeStream(config.marketStreamUrl, STREAM_SIZE),
      ),
    ]);

    const idToken = await member(stack);
    const wsUrl = `ws://localhost:${BASE}/ws?token=${encodeURIComponent(idToken)}`;
    const { pushToTopic } = await import('#functions/realtime/service');
    // the path AWS runs, and the local stack since issue 27: a Management API post per connection
    const sockets: WebSocket[] = [];
    for (const size of FALLBACK_SIZES) {
      const opened = performance.now();
      sockets.push(
        ...(await openAll(
          size - sockets.length,
          () =>
            new Promise((resolve, reject) => {
              const ws = new WebSocket(wsUrl);
              ws.once('error', reject);
              ws.once('open', () => {
                ws.send(JSON.stringify({ action: 'subscribe', topic: 'ticker' }));
                ws.once('message', (data: Buffer) =>
                  data.toString().includes('subscribed') ? resolve(ws) : reject(new Error(data.toString())),
                );
              });
            }),
        )),
      );
      console.log(
        `  ${size} sockets connected and subscribed (${((performance.now() - opened) / 1000).toFixed(1)} s)`,
      );
      const rounds: Round[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const marker = `bench-${size}-${i}-${Date.now()}`;
        rounds.push(await measure(sockets, marker, () => pushToTopic('ticker', tickerMessage(marker))));
      }
      report(size, [summarize('pushToTopic, post each (AWS)', size, rounds)]);
    }
    // Close politely and let the gateway run every $disconnect before the stack stops.
    sockets.forEach((s) => s.close());
    const { db, keys, tableName } = await import('#core/db');
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const left = () =>
      db
        .send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': keys.topicConnections('ticker') },
            Select: 'COUNT',
          }),
        )
        .then(({ Count }) => Count ?? 0)
        .catch(() => -1); // DynamoDB Local busy with the $disconnects: ask again
    for (let waited = 0; waited < 120_000 && (await left()) !== 0; waited += 500)
      await new Promise((resolve) => setTimeout(resolve, 500));
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const SIZES = [...new Set([STREAM_SIZE, ...FALLBACK_SIZES])];
console.log(
  `Ticker: the exchange stream to ${STREAM_SIZE} pages; the fallback push to ${FALLBACK_SIZES.join(' and ')}; ${ROUNDS} rounds each\n`,
);
for (const size of SIZES)
  baselines.set(size, summarize('ws-broadcast (baseline)', size, await baseline(size)));
await gateway();
process.exit(0);
