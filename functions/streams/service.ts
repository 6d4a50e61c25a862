/**
 * The user stream service: ONE user data stream per bound Binance key and market that has running
 * bots (docs/decisions/user-data-streams.md). A pass every `everyMs` reads the running deployments
 * of its shard, opens the stream of a key whose first bot started, closes the one whose last bot
 * stopped or whose key was unbound (and reopens it on a key bound anew), and publishes how many are
 * open and how many are down. Each fill a stream tells is recorded at once through the executor's
 * own once-only path (runner.ts recordStreamedFill), from the stream's own trades when it told them
 * all (no request), else looked up. The same code runs in the local stack
 * (local/stack.ts) and in its ECS Fargate tasks (main.ts).
 */
import { now } from '#core/clock';
import { logger } from '#core/logger';
import { wakeablePause } from '#core/pause';
import { countMetric } from '#core/metrics';
import { markOrderChanged, putStreamStatus, recordStreamedFill, runningBots } from '#functions/bots/service';
import { sealedKey, storedCredentials } from '#functions/exchange/service';
import {
  deploymentOfOrder,
  keysToRead,
  streamChanges,
  wantedStreams,
  type StreamedFill,
  type WantedStream,
} from './plan';
import { watchStream, type Watcher } from './watcher';

export interface UserStreamsOptions {
  /** This task's shard of the members (plan.ts shardOf). */
  shard: { index: number; count: number };
  /** Time between passes. */
  everyMs: number;
}

export interface StreamStatus {
  memberId: string;
  market: WantedStream['market'];
  connected: boolean;
}

export interface UserStreams {
  /** One pass now (the loop runs them by itself). */
  pass(): Promise<void>;
  status(): StreamStatus[];
  /** The client order ids whose fills the streams recorded or found recorded (the last 200). */
  heard(): readonly string[];
  stop(): Promise<void>;
}

interface Open {
  sealed: string;
  memberId: string;
  market: WantedStream['market'];
  deployments: string[];
  watcher: Watcher;
}

const HEARD_KEPT = 200;
/**
 * A stream's status item is written when it goes up or down, and at least this often while it stays
 * so: the executor believes one no older than resting.ts STREAM_STALE_MS.
 */
const STATUS_EVERY_MS = 5 * 60_000;
const LEVELS_EVERY_MS = 60_000;
/** Every tenth pass reads the keys of the open streams too (one bound anew while its bots ran). */
const KEY_RECHECK_PASSES = 10;
/** A fill-to-record delay past this is a clock apart (a test's hand clock), not a delay. */
const LONGEST_DELAY_MS = 3_600_000;

export const startUserStreams = (options: UserStreamsOptions): UserStreams => {
  const open = new Map<string, Open>();
  const heard: string[] = [];
  let running = true;
  let published = 0;
  let passes = 0;

  /** What each stream's status item last said, and when it was written. */
  const told = new Map<string, { upSince?: number; at: number }>();
  const tellStatus = async (
    id: string,
    s: Pick<Open, 'memberId' | 'market'>,
    upSince: number | undefined,
  ) => {
    const last = told.get(id);
    const at = Date.now();
    if (last && last.upSince === upSince && at - last.at < STATUS_EVERY_MS) return;
    await putStreamStatus({ memberId: s.memberId, market: s.market, upSince, seenAt: at });
    told.set(id, { upSince, at });
  };

  const onChange = async (id: string, change: StreamedFill) => {
    const stream = open.get(id);
    const deploymentId = stream && deploymentOfOrder(change.clientOrderId, stream.deployments);
    if (deploymentId) await markOrderChanged(deploymentId, change.clientOrderId, change.at);
  };

  const onFill = async (id: string, fill: StreamedFill) => {
    const stream = open.get(id);
    const deploymentId = stream && deploymentOfOrder(fill.clientOrderId, stream.deployments);
    if (!deploymentId) return;
    if (!(await recordStreamedFill(deploymentId, fill.clientOrderId, fill.at, fill.heard))) return;
    heard.push(fill.clientOrderId);
    if (heard.length > HEARD_KEPT) heard.shift();
    const delay = now().getTime() - fill.at;
    countMetric('StreamFills');
    if (delay >= 0 && delay < LONGEST_DELAY_MS) countMetric('StreamFillDelay', delay);
  };

  const pass = async () => {
    const wanted = wantedStreams(await runningBots(), options.shard);
    const members = keysToRead(open, wanted, passes++ % KEY_RECHECK_PASSES === 0);
    const sealed = new Map(
      await Promise.all(members.map(async (m) => [m, await sealedKey(m, 'binance')] as const)),
    );
    const changes = streamChanges(open, wanted, sealed);
    for (const id of changes.close) {
      const stream = open.get(id);
      await stream?.watcher.close();
      open.delete(id);
      if (stream) await tellStatus(id, stream, undefined);
      told.delete(id);
    }
    for (const want of changes.open) {
      const credentials = await storedCredentials(want.memberId, 'binance');
      const key = sealed.get(want.memberId);
      if (!running || !credentials || !key) continue;
      const id = `${want.memberId}|${want.market}`;
      const watcher = watchStream({
        credentials,
        market: want.market,
        memberId: want.memberId,
        onFill: (fill) => onFill(id, fill),
        onChange: (change) => onChange(id, change),
        // what the executor reads must say "down" from the drop on, not from the next pass
        onDrop: () => tellStatus(id, want, undefined),
      });
      open.set(id, { sealed: key, memberId: want.memberId, market: want.market, deployments: [], watcher });
    }
    // a bot started on a key whose stream is open already: its fills are recognised from now on
    for (const [id, stream] of open) stream.deployments = wanted.get(id)?.deployments ?? [];
    // what the executor reads to keep resting orders without asking the exchange (runner.ts)
    for (const [id, stream] of open) await tellStatus(id, stream, stream.watcher.upSince());
    // the levels once a minute: the alarms' heartbeat (a task that stops publishing is down)
    if (Date.now() - published >= LEVELS_EVERY_MS) {
      published = Date.now();
      const down = [...open.values()].filter((s) => !s.watcher.connected()).length;
      countMetric('StreamsOpen', open.size - down);
      countMetric('StreamsDown', down);
    }
  };

  const { pause, wake } = wakeablePause();
  const loop = (async () => {
    while (running) {
      await pass().catch((error: unknown) =>
        logger.warn('user streams pass failed', { error: (error as Error).message }),
      );
      if (running) await pause(options.everyMs);
    }
  })();

  return {
    pass,
    status: () =>
      [...open.values()].map((s) => ({
        memberId: s.memberId,
        market: s.market,
        connected: s.watcher.connected(),
      })),
    heard: () => heard,
    async stop() {
      running = false;
      wake();
      await loop;
      await Promise.all([...open.values()].map((s) => s.watcher.close()));
      open.clear();
    },
  };
};
