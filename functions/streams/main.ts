/**
 * The user stream service's process in AWS: one ECS Fargate task per shard (lib/constructs/
 * user-streams.ts), in the egress VPC so that its streams leave from the IPs members whitelist.
 * STREAM_SHARD of STREAM_SHARDS says which members' keys it holds (plan.ts shardOf).
 */
import { logger } from '#core/logger';
import { startUserStreams } from './service';

/**
 * A pass a minute: a new bot's stream opens within it (its first orders rest after its first tick;
 * a fill before is found by the candle-close lookup). Each pass reads the running bots' index.
 */
const PASS_MS = 60_000;

// ccxt pro leaves some of its own promises rejected and unhandled when a connection drops
// (docs/decisions/user-data-streams.md): logged, never the end of every member's stream.
process.on('unhandledRejection', (error) =>
  logger.warn('unhandled rejection', { error: (error as Error)?.message ?? String(error) }),
);

const service = startUserStreams({
  shard: { index: Number(process.env.STREAM_SHARD ?? 0), count: Number(process.env.STREAM_SHARDS ?? 1) },
  everyMs: PASS_MS,
});

// ECS stops a task with SIGTERM (a deployment, a scale-in): the streams are closed, not cut.
process.once('SIGTERM', () => {
  void service.stop().finally(() => process.exit(0));
});
