/**
 * Abuse limits (config.limits): fixed-window counters kept as small TTL items in the table, so
 * every function instance (and the local stack) counts against the same number. Over a limit the
 * caller gets a 429 that says when to try again; nothing else of the request happens.
 */
import { nowSeconds } from './clock';
import { config } from './config';
import { tooManyRequests } from './errors';
import { countUse, countUseBelow, readCount, type RateCounter } from './store';

type LimitName = keyof typeof config.limits;

const windowOf = (limit: LimitName) => {
  const seconds = config.limits[limit].windowMinutes * 60;
  const start = Math.floor(nowSeconds() / seconds) * seconds;
  return { start, end: start + seconds };
};

/** Subjects are lower-cased (e-mail addresses differ only in case) and kept short. */
const normal = (subject: string) => subject.trim().toLowerCase().slice(0, 200);

const counterOf = (limit: LimitName, subject: string, windowStart: number): RateCounter => ({
  limit,
  subject: normal(subject),
  windowStart,
});

/** Counts one use and throws 429 when the window's budget is already spent. */
export const take = async (limit: LimitName, subject: string): Promise<void> => {
  const { start, end } = windowOf(limit);
  if (!(await countUseBelow(counterOf(limit, subject, start), config.limits[limit].max, end)))
    throw tooManyRequests(end - nowSeconds());
};

/**
 * For budgets of failures (wrong codes): `assertLeft` before trying, `spend` after a failure, so
 * right answers cost nothing and a budget spent stays spent until its window ends.
 */
export const assertLeft = async (limit: LimitName, subject: string): Promise<void> => {
  const { start, end } = windowOf(limit);
  if ((await readCount(counterOf(limit, subject, start))) >= config.limits[limit].max)
    throw tooManyRequests(end - nowSeconds());
};

export const spend = async (limit: LimitName, subject: string): Promise<void> => {
  const { start, end } = windowOf(limit);
  await countUse(counterOf(limit, subject, start), end);
};
