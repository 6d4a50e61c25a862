/**
 * The local schedule runner: the rules of api/schedules.ts, fired on the same UTC timetable as
 * EventBridge, for every rule whose handler has been written (functions/<domain>/schedules.ts).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { schedules, type ScheduleSpec } from '#api/schedules';
import { withFunctionLogger } from '#core/logger';
import type { DeadLetters } from './dead-letters';

/** EventBridge's first try and its 2 retries (lib/constructs/schedules.ts SCHEDULE_RETRIES). */
const SCHEDULE_TRIES = 3;

const root = resolve(import.meta.dirname, '..');

/** The first instant after `from` when the rule fires (EventBridge's rate and daily-cron semantics). */
export const nextRun = (spec: ScheduleSpec, from: Date): Date => {
  if ('rateMinutes' in spec) {
    const period = spec.rateMinutes * 60_000;
    return new Date((Math.floor(from.getTime() / period) + 1) * period);
  }
  const at = new Date(from);
  at.setUTCHours(Number(spec.cron.hour), Number(spec.cron.minute), 0, 0);
  if (at.getTime() <= from.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
};

type ScheduledHandler = (event: unknown) => Promise<unknown>;

const scheduledEvent = (at: Date) => ({
  source: 'aws.events',
  'detail-type': 'Scheduled Event',
  time: at.toISOString(),
  detail: {},
});

const handlerOf = async (rule: (typeof schedules)[number]): Promise<ScheduledHandler | null> => {
  const file = join(root, 'functions', rule.domain, 'schedules.ts');
  if (!existsSync(file)) return null;
  const module = (await import(file)) as Record<string, ScheduledHandler>;
  const run = module[rule.handlerExport];
  if (typeof run !== 'function') throw new Error(`${file} does not export ${rule.handlerExport}`);
  return run;
};

/** Loads every rule's handler module (the stack loads them while DynamoDB Local starts). */
export const loadSchedules = (): Promise<unknown> => Promise.all(schedules.map(handlerOf));

/** Runs one rule's handler now, as EventBridge would at `at` (tests that drive time themselves). */
export const runScheduleOnce = async (name: string, at: Date = new Date()): Promise<unknown> => {
  const rule = schedules.find((r) => r.name === name);
  const run = rule && (await handlerOf(rule));
  if (!run) throw new Error(`no schedule handler for ${name}`);
  return withFunctionLogger(`trendex-${name}`, () => run(scheduledEvent(at)));
};

/**
 * Registers every rule's handler with the dead letters, so a failed run is sent to its queue and a
 * redrive can run it again (with its own event).
 */
export const registerSchedules = async (deadLetters: DeadLetters): Promise<void> => {
  for (const rule of schedules) {
    const run = await handlerOf(rule);
    if (run)
      deadLetters.register('schedule', rule.name, (event) =>
        withFunctionLogger(`trendex-${rule.name}`, () => run(event)),
      );
  }
};

/**
 * Fires one rule now as EventBridge would at `at`: tried 3 times, then sent to its dead-letter
 * queue. Answers whether a try succeeded.
 */
export const fireSchedule = (
  deadLetters: DeadLetters,
  name: string,
  at: Date = new Date(),
  backoffMs?: number,
) => deadLetters.attempt(name, scheduledEvent(at), SCHEDULE_TRIES, backoffMs);

export const startSchedules = async (deadLetters: DeadLetters, log: (line: string) => void = console.log) => {
  await registerSchedules(deadLetters);
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  for (const rule of schedules) {
    if (!(await handlerOf(rule))) continue;
    const arm = () => {
      if (stopped) return;
      const at = nextRun(rule.schedule, new Date());
      timers.push(
        setTimeout(() => {
          // logged as its own function (as the rule's Lambda would be), not as the last API call's;
          // a run that fails every try is sent to its dead-letter queue (logged there)
          fireSchedule(deadLetters, rule.name, at)
            .catch((error: unknown) => log(`[schedule ${rule.name}] failed: ${(error as Error).message}`))
            .finally(arm);
        }, at.getTime() - Date.now()),
      );
    };
    arm();
  }
  return () => {
    stopped = true;
    timers.forEach(clearTimeout);
  };
};
