/**
 * The marketTicker rule (every minute): inside one run, poll the ticker every few seconds until
 * the minute ends (or the function's time is nearly up), pushing each update to the 'ticker' topic.
 */
import { config } from '#core/config';
import { logger } from '#core/logger';
import { refreshTicker } from './service';

// unref: a run in progress never keeps a stopping local stack's process alive.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());
/** Consecutive failed polls after which the run gives up until the next minute. */
const GIVE_UP_AFTER = 3;

export const ticker = async (_event?: unknown, context?: { getRemainingTimeInMillis?: () => number }) => {
  const started = Date.now();
  const minuteEnd = Math.floor(started / 60_000) * 60_000 + 60_000 - 1_500;
  const lambdaEnd = context?.getRemainingTimeInMillis
    ? started + context.getRemainingTimeInMillis() - 2_000
    : Infinity;
  const deadline = Math.min(minuteEnd, lambdaEnd);
  const period = config.market.pollSeconds * 1000;
  let polls = 0;
  let failures = 0;
  for (let at = started; at < deadline && failures < GIVE_UP_AFTER; at += period) {
    await sleep(Math.max(0, at - Date.now()));
    try {
      await refreshTicker();
      polls++;
      failures = 0;
    } catch (error) {
      failures++;
      logger.warn('ticker poll failed', { error: error as Error });
    }
  }
  return { polls };
};
