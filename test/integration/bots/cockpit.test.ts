/**
 * The member's cockpit (issue 31) on the paper exchange, hour by hour on a hand-moved clock: a
 * deployed Zeno's state before and after its cross, its position with its guards, its order journal
 * (paged, the member's own only), pause and resume, a key revoked mid-run, and a kill-switch stop
 * read and resumed. Four members deploy Zeno together before the cross, so each test has a bot of
 * its own in a position.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newVerifiedMember } from '../../support/api';
import { startBotStack, tradingMember, ZENO_WHIPSAW_AT, type BotStack } from './support';

type Member = Awaited<ReturnType<typeof tradingMember>>;
interface Deployed {
  member: Member;
  id: string;
}

let bots: BotStack;
let watcher: Deployed;
let pauser: Deployed;
let revoked: Deployed;
let killed: Deployed;
/** What the watcher's cockpit said after the bot's first tick, before its cross. */
let before: Awaited<ReturnType<typeof cockpit>>['body'];

const cockpit = (d: Deployed) => call('getBotCockpit', { id: d.id }, d.member.idToken);
const journal = (d: Deployed, query: { limit?: number; cursor?: string } = {}) =>
  call(
    'getBotJournal',
    { id: d.id, limit: query.limit ?? 50, ...(query.cursor ? { cursor: query.cursor } : {}) },
    d.member.idToken,
  );

const deployZeno = async (): Promise<Deployed> => {
  const member = await tradingMember('imperial');
  const deployed = await call(
    'deployBot',
    { bot: 'zeno', acceptTerms: true, acceptRisk: true, acceptLoss: true, requestId: randomUUID() },
    member.idToken,
  );
  if (deployed.status !== 200) throw new Error(JSON.stringify(deployed.body));
  return { member, id: deployed.body.deployment.id };
};

beforeAll(async () => {
  bots = await startBotStack(ZENO_WHIPSAW_AT);
  [watcher, pauser, revoked, killed] = [
    await deployZeno(),
    await deployZeno(),
    await deployZeno(),
    await deployZeno(),
  ];
  await bots.nextHour();
  before = (await cockpit(watcher)).body;
  const inPosition = async () =>
    (await Promise.all([watcher, pauser, revoked, killed].map(cockpit))).every(
      (c) => c.body.position !== null,
    );
  for (let hour = 0; hour < 60 && !(await inPosition()); hour++) await bots.nextHour();
  // A key revoked mid-run, while its bot holds the long: Zeno's averages cross back the next hour
  // (the pause test's), and a bot out of the market asks nothing of the exchange, so the key goes
  // before that hour's tick, which must close the position with it.
  const gone = await fetch(`${bots.stack.webUrl}/paper/accounts/${revoked.member.key.apiKey}`, {
    method: 'DELETE',
  });
  if (gone.status !== 200) throw new Error(`the paper exchange kept the key: ${gone.status}`);
}, 600_000);
afterAll(() => bots?.stop());

describe("a running bot's state", () => {
  it('waits for a signal with its two averages, then is in a position with entry, mark, stop, kill switch and liquidation', async () => {
    expect(before.state.label).toBe('Waiting for a signal');
    expect(before.inputs.map((i) => i.name.replace(/\d+/, 'n'))).toEqual([
      'EMA n',
      'EMA n',
      'Gap',
      'Daily EMA n',
      'Volatility (a year)',
    ]);
    expect(before.inputs.every((i) => typeof i.value === 'number')).toBe(true);
    expect(before.position).toBeNull();

    const now = (await cockpit(watcher)).body;
    expect(now.state).toEqual({ name: 'position', label: 'In a position' });
    const p = now.position!;
    expect(p.entry).toBeGreaterThan(0);
    expect(p.mark).toBeGreaterThan(0);
    expect(typeof p.unrealised).toBe('number');
    // The stop lies on the losing side of the entry; the kill switch and liquidation (where there are
    // such prices: a 1x long is never liquidated, a small position never loses 30 % of the capital) beyond it.
    const dir = p.side === 'long' ? 1 : -1;
    expect(dir * (p.entry - p.stop!)).toBeGreaterThan(0);
    if (p.kill !== null) expect(dir * (p.stop! - p.kill)).toBeGreaterThan(0);
    expect(p.side === 'long' ? p.liquidation : p.liquidation! - p.entry).toSatisfy(
      (x) => x === null || x > 0,
    );
    expect(now.nextClose! - now.lastCandle!).toBe(2 * 3_600_000);

    const running = (await call('getRunningBots', {}, watcher.member.idToken)).body.bots;
    expect(running).toEqual([
      expect.objectContaining({
        id: watcher.id,
        name: 'Zeno',
        capital: 50_000_000,
        state: { name: 'position', label: 'In a position' },
        openPnl: p.unrealised,
      }),
    ]);
  });
});

describe("a bot's order journal", () => {
  it('lists every order newest first, a page at a time, and shows nothing to another member', async () => {
    const all = (await journal(watcher)).body.items;
    expect(all.length).toBeGreaterThanOrEqual(2);
    const entry = all.find((o) => o.status === 'filled' && o.type === 'market')!;
    expect(entry.reason).toMatch(/^EMA \d+ crossed (above|below) EMA \d+$/);
    expect(entry.orderId).toBeTruthy();
    expect(entry.filled).toBe(entry.size);
    expect(entry.fee).toBeGreaterThan(0);
    // Its protective stop rests on the exchange for the next candle.
    expect(all).toContainEqual(expect.objectContaining({ type: 'stop', status: 'resting' }));
    const times = all.map((o) => o.clientOrderId);
    expect(times).toEqual([...times].sort().reverse());

    const first = await journal(watcher, { limit: 1 });
    expect(first.body.items).toEqual([all[0]]);
    const second = await journal(watcher, { limit: 1, cursor: first.body.cursor! });
    expect(second.body.items).toEqual([all[1]]);

    const stranger = await newVerifiedMember();
    for (const answer of [
      await call('getBotJournal', { id: watcher.id, limit: 10 }, stranger.idToken),
      await call('getBotCockpit', { id: watcher.id }, stranger.idToken),
      await call('getBotVersusModel', { id: watcher.id }, stranger.idToken),
      await call('pauseBot', { id: watcher.id }, stranger.idToken),
    ])
      expect([answer.status, answer.body.message]).toEqual([404, 'This bot does not exist.']);
    // Nor can the watcher's cursor page another list.
    const foreign = await call(
      'getBotJournal',
      { id: watcher.id, limit: 1, cursor: first.body.cursor! },
      stranger.idToken,
    );
    expect(foreign.status).toBe(400);
  });

  it('draws the live equity next to the backtest over the same candles', async () => {
    const versus = (await call('getBotVersusModel', { id: watcher.id }, watcher.member.idToken)).body;
    const c = (await cockpit(watcher)).body;
    expect(versus.points.at(-1)!.time).toBe(c.lastCandle);
    expect(versus.points[0]).toEqual(expect.objectContaining({ model: 50_000_000, live: 50_000_000 }));
    expect(versus.difference).toBe(versus.fees + versus.slippage + versus.missed);
    expect(versus.missedOrders).toBe(0);
  });
});

describe('pause and resume', () => {
  it('cancels the resting orders, keeps the position under its stop, trades nothing, then follows its signal again', async () => {
    const held = (await cockpit(pauser)).body.position!;
    const paused = await call('pauseBot', { id: pauser.id }, pauser.member.idToken);
    expect(paused.body.message).toBe(
      'Bot paused. Its resting orders are cancelled; its position is kept with its protective stop.',
    );
    const c = (await cockpit(pauser)).body;
    expect(c.state.label).toBe('Paused');
    expect(c.position).toEqual(expect.objectContaining({ size: held.size, entry: held.entry }));
    const orders = (await journal(pauser)).body.items;
    const resting = orders.filter((o) => o.status === 'resting');
    expect(resting).toEqual([
      expect.objectContaining({
        type: 'stop',
        reason: 'protective stop, kept while paused',
        size: held.size,
      }),
    ]);
    expect(resting[0].price).toBe(c.position!.stop);
    expect(orders.filter((o) => o.status === 'cancelled').length).toBeGreaterThan(0);
    expect((await call('pauseBot', { id: pauser.id }, pauser.member.idToken)).body.message).toBe(
      'This bot is paused already.',
    );

    await bots.nextHour();
    const after = (await journal(pauser)).body.items;
    expect(after.filter((o) => !orders.some((p) => p.clientOrderId === o.clientOrderId))).toEqual([]);

    expect((await call('resumeBot', { id: pauser.id }, pauser.member.idToken)).body.message).toBe(
      'Bot resumed. It trades again from the next candle; a position its signal no longer holds is closed then.',
    );
    await bots.nextHour();
    const resumed = (await journal(pauser)).body.items;
    expect(resumed.find((o) => o.reason === 'protective stop, kept while paused')!.status).toBe('cancelled');
    // While it was paused Zeno's averages crossed back: the long it kept is closed, and it waits.
    expect(resumed).toContainEqual(
      expect.objectContaining({
        reason: 'closed on resume: its signal no longer holds this position',
        status: 'filled',
      }),
    );
    expect((await cockpit(pauser)).body).toEqual(
      expect.objectContaining({ position: null, state: { name: 'waiting', label: 'Waiting for a signal' } }),
    );
    // A running bot has no kill-switch stop to read.
    const ack = await call('acknowledgeKill', { id: pauser.id, resume: true }, pauser.member.idToken);
    expect([ack.status, ack.body.message]).toEqual([400, 'This bot was not stopped by the kill switch.']);
  });
});

describe('a key revoked mid-run', () => {
  it('makes the bot "Needs attention" with the reason and what to do, and the queue stays clean', async () => {
    // Its key was deleted while it held its long (beforeAll): the next candle's tick is refused,
    // and so is every one after (the candle is tried again each tick).
    await bots.nextHour();
    const c = (await cockpit(revoked)).body;
    expect(c.state).toEqual({
      name: 'attention',
      label: 'Needs attention',
      detail: 'Binance refused your API key.',
      todo: expect.stringContaining('On the Exchange page'),
    });
    const running = (await call('getRunningBots', {}, revoked.member.idToken)).body.bots;
    expect(running[0].state.label).toBe('Needs attention');
    const notes = (await call('listNotifications', { limit: 20 }, revoked.member.idToken)).body.items;
    expect(notes.map((n: { message: string }) => n.message)).toContain(
      'Zeno needs your attention: Binance refused your API key.',
    );
    expect(bots.queue().deadLetters()).toEqual([]);
  });
});

describe('a kill-switch stop', () => {
  it('stays in Running bots until read, and resumes from the equity it left, through the deploy gates', async () => {
    // The executor's own close-out, as the kill switch calls it (a real 30 % drawdown takes weeks of candles).
    const { closeOut } = await import('#functions/bots/runner');
    const { getDeployment } = await import('#functions/bots/store');
    await closeOut(
      (await getDeployment(killed.id))!,
      'killed',
      'the kill switch halted it at a 30% drawdown',
    );
    const trades = (await call('getClosedOrders', { limit: 50 }, killed.member.idToken)).body.items;
    expect(trades[0].deploymentId).toBe(killed.id);
    const realised = trades.reduce((sum, t) => sum + t.profit, 0);

    const [listed] = (await call('getRunningBots', {}, killed.member.idToken)).body.bots;
    expect(listed).toEqual(
      expect.objectContaining({
        id: killed.id,
        openPnl: null,
        state: expect.objectContaining({
          label: 'Stopped by the kill switch',
          detail: 'the kill switch halted it at a 30% drawdown',
        }),
      }),
    );
    expect((await call('pauseBot', { id: killed.id }, killed.member.idToken)).body.message).toBe(
      'This bot is not running.',
    );
    const resumed = await call('acknowledgeKill', { id: killed.id, resume: true }, killed.member.idToken);
    expect(resumed.body.message).toBe(
      'Bot resumed. Its kill switch now measures the drawdown from its equity today.',
    );
    const c = (await cockpit(killed)).body;
    expect(c.deployment.status).toBe('active');
    expect(c.deployment.capital).toBe(50_000_000 + realised);
    expect(c.state).toEqual({
      name: 'waiting',
      label: 'Waiting for a signal',
      detail: 'It starts with the next candle.',
    });

    await bots.nextHour();
    const started = (await cockpit(killed)).body;
    expect(started.state).toEqual({ name: 'waiting', label: 'Waiting for a signal' });
    expect(started.lastCandle).toBeGreaterThan(c.lastCandle!);

    // Read and left stopped: it leaves the list.
    await closeOut(
      (await getDeployment(killed.id))!,
      'killed',
      'the kill switch halted it at a 30% drawdown',
    );
    const left = await call('acknowledgeKill', { id: killed.id, resume: false }, killed.member.idToken);
    expect(left.body.message).toBe('Noted. The bot stays stopped.');
    expect((await call('getRunningBots', {}, killed.member.idToken)).body.bots).toEqual([]);
  });
});
