import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import type { ScheduleRule, ScheduleSpec } from '../../api/schedules';
import { pascal, scheduleTimeout, type Functions } from '../functions';

export interface SchedulesProps {
  functions: Functions;
  /** The table of rules (api/schedules.ts `schedules`). */
  rules: readonly ScheduleRule[];
}

const toSchedule = (spec: ScheduleSpec): Schedule =>
  'rateMinutes' in spec
    ? Schedule.rate(Duration.minutes(spec.rateMinutes))
    : Schedule.cron({ minute: spec.cron.minute, hour: spec.cron.hour }); // UTC

/** A periodic run is not retried once the next one is due; a daily run is retried for hours. */
const maxEventAge = (spec: ScheduleSpec): Duration =>
  'rateMinutes' in spec ? Duration.minutes(Math.max(1, spec.rateMinutes)) : Duration.hours(6);

/** One function and one EventBridge rule per entry of api/schedules.ts. */
export class Schedules extends Construct {
  /** By rule name; a rule whose handler file does not exist yet is absent. */
  readonly functions: Record<string, NodejsFunction> = {};

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    for (const rule of props.rules) {
      const entry = `${rule.domain}/schedules.ts`;
      // The schedule handlers are written by later issues, domain by domain: a rule's function and
      // EventBridge rule are created only if functions/<domain>/schedules.ts exists at synth time
      // (fs.existsSync), so the stack grows as domains land, with no placeholder code.
      if (!props.functions.exists(entry)) continue;
      const name = pascal(rule.name);
      const fn = props.functions.create(this, `${name}Function`, {
        name: `schedule/${rule.name}`,
        entry,
        handler: rule.handlerExport,
        timeout: scheduleTimeout,
        description: `Schedule ${rule.name}: ${rule.description}`,
      });
      new Rule(this, `${name}Rule`, {
        description: rule.description,
        schedule: toSchedule(rule.schedule),
        targets: [new LambdaFunction(fn, { retryAttempts: 2, maxEventAge: maxEventAge(rule.schedule) })],
      });
      this.functions[rule.name] = fn;
    }
  }
}
