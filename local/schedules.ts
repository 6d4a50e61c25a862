/**
 * The local schedule runner: the rules of api/schedules.ts, fired on the same UTC timetable as
 * EventBridge, for every rule whose handler has been written (functions/<domain>/schedules.ts).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { schedules, type ScheduleSpec } from '#api/schedules';
import { withFunctionLogger } from '#core/logger';

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

/** Runs one rule's handler now, as EventBridge would at `at` (tests that drive time themselves). */
export const runScheduleOnce = async (name: string, at: Date = new Date()): Promise<unknown> => {
  const rule = schedules.find((r) => r.name === name);
  const run = rule && (await handlerOf(rule));
  if (!run) throw new Error(`no schedule handler for ${name}`);
  return withFunctionLogger(`trendex-${name}`, () => run(scheduledEvent(at)));
};

export const startSchedules = async (log: (line: string) => void = console.log) => {
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  for (const rule of schedules) {
    const run = await handlerOf(rule);
    if (!run) continue;
    const arm = () => {
      if (stopped) return;
      const at = nextRun(rule.schedule, new Date());
      timers.push(
        setTimeout(() => {
          const event = scheduledEvent(at);
          // logged as its own function (as the rule's Lambda would be), not as the last API call's
          withFunctionLogger(`trendex-${rule.name}`, () => run(event))
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
