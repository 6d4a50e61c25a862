/**
 * bench/stream-fills: the request weight of the fills the user data streams record (issue 30 point
 * 5, docs/decisions/user-data-streams.md "A fill the stream told trade by trade is recorded from its
 * trades, with no request"). A fleet of Universal DCA bots (bench/tick's, 25 per member, one spot
 * stream each) buys and rests its ladders on a first candle; then the paper exchange's clock walks
 * on hour by hour with no tick, so only the streams record what fills, and the fleet's spot weight
 * (every simulated egress IP, GET /paper/weights) is counted over those hours against the fills the
 * streams recorded (StreamFills).
 *
 *   BENCH_BOTS=200 BENCH_HOURS=6 npx tsx bench/stream-fills/fills.ts   (BENCH_PORT_BASE, 7700)
 *
 * The baseline, in the same run on the same fills: each filled ladder order looked up as a fill
 * was recorded before (and still is when its stream missed a trade): the order by its client order
 * id and its trades for the fees (TradingAccount.lookup), the weight those lookups spend counted the
 * same way. The weights are measured; nothing here asserts or times anything.
 */
import { catchFunctionFigures } from '../tick/figures';
import { inPool, seedDcaBots, seedMembers, startFleetStack } from '../tick/fleet';

const HOUR = 3_600_000;
const BOTS = Number(process.env.BENCH_BOTS ?? 200);
const HOURS = Number(process.env.BENCH_HOURS ?? 6);
const PORT = Number(process.env.BENCH_PORT_BASE ?? 7700);
const BOTS_PER_MEMBER = 25;
const AMOUNT_USDT = 400;

process.env.LOG_LEVEL ??= 'ERROR';
process.env.EXCHANGE_SIMULATED_EGRESS_IPS = '127.0.0.11,127.0.0.12';

const { figures } = catchFunctionFigures();

// After the figures are caught: the functions' logger takes stdout when the stack loads them.
const fleet = await startFleetStack(PORT, 'fills');
const { stack, controls, exchangeNow } = fleet;

/** The fleet's spot weight in the exchange's minutes from `from` on. */
const fleetWeightSince = async (from: number) =>
  (await fleet.spotMinutesSince(from)).ips.flatMap((ip) => ip.minutes).reduce((sum, m) => sum + m.weight, 0);

const tick = async () => {
  await controls.runSchedule('botTick', new Date(exchangeNow()));
  await controls.queue.drained();
};

try {
  const members = await seedMembers(
    stack.webUrl,
    Math.ceil(BOTS / BOTS_PER_MEMBER),
    BOTS_PER_MEMBER * AMOUNT_USDT * 2,
  );
  const now = exchangeNow();
  const ids = await seedDcaBots(members, BOTS, AMOUNT_USDT, now - (now % HOUR));
  // seedDcaBots spreads the bots over the members round-robin
  const bots = ids.map((id, i) => ({ id, memberId: members[i % members.length] }));
  // the streams up (their stream service opens one per member), then the first candle's ladders
  await new Promise((r) => setTimeout(r, 15_000));
  fleet.nextHour();
  await tick();
  console.log(`${BOTS} bots over ${members.length} members: ladders resting; ${HOURS} hours with no tick`);
  let weight = 0;
  for (let hour = 1; hour <= HOURS; hour++) {
    // past the tick's own minute: only what the streams do from here on
    fleet.nextHour();
    const from = exchangeNow();
    const before = figures.get('StreamFills') ?? 0;
    // the stream service's exchange walks the replay every 250 ms while streams are open
    await new Promise((r) => setTimeout(r, 10_000));
    const spent = await fleetWeightSince(from);
    weight += spent;
    console.log(
      `  hour ${hour}: ${(figures.get('StreamFills') ?? 0) - before} fills recorded by the streams, fleet spot weight ${spent}`,
    );
  }
  const fills = figures.get('StreamFills') ?? 0;
  const perFill = (w: number, n: number) => (n ? (w / n).toFixed(2) : '-');
  console.log(`${fills} streamed fills, fleet spot weight ${weight}: ${perFill(weight, fills)} per fill`);

  // baseline: the same fills, each looked up as before
  const { ordersOfDeployment } = await import('#functions/bots/service');
  const { memberTradingAccount } = await import('#functions/exchange/service');
  const from = exchangeNow();
  let lookedUp = 0;
  await inPool(bots, 4, async (bot) => {
    const account = await memberTradingAccount(bot.memberId, 'spot');
    for (const order of await ordersOfDeployment(bot.id))
      if (order.status === 'filled' && order.type !== 'market') {
        await account!.lookup(order.symbol, order.clientOrderId, order.type);
        lookedUp++;
      }
  });
  const baseline = await fleetWeightSince(from);
  console.log(
    `baseline, each fill looked up: ${lookedUp} fills, weight ${baseline}: ${perFill(baseline, lookedUp)} per fill; ` +
      `streamed / baseline: x${baseline ? (weight / fills / (baseline / lookedUp)).toFixed(3) : '-'}`,
  );
} finally {
  await fleet.stop();
}
