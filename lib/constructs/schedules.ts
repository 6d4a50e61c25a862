import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction, SfnStateMachine } from 'aws-cdk-lib/aws-events-targets';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { ScheduleRule, ScheduleSpec } from '../../api/schedules';
import { pascal, scheduleTimeout, type Functions } from '../functions';
import type { DeadLetters } from './dead-letters';

export interface SchedulesProps {
  functions: Functions;
  /** Where each rule's failed runs end up. */
  deadLetters: DeadLetters;
  /** The table of rules (api/schedules.ts `schedules`). */
  rules: readonly ScheduleRule[];
  /**
   * Rules whose work runs as a state machine in AWS, by rule name (the payout: lib/constructs/
   * payout.ts): the rule starts an execution instead of invoking the rule's function.
   */
  stateMachines?: Record<string, IStateMachine>;
}

const toSchedule = (spec: ScheduleSpec): Schedule =>
  'rateMinutes' in spec
    ? Schedule.rate(Duration.minutes(spec.rateMinutes))
    : Schedule.cron({ minute: spec.cron.minute, hour: spec.cron.hour }); // UTC

/** Tries after the first, by EventBridge (delivery) and by Lambda (the function's error). */
export const SCHEDULE_RETRIES = 2;

/** A periodic run is not retried once the next one is due; a daily run is retried for hours. */
const maxEventAge = (spec: ScheduleSpec): Duration =>
  'rateMinutes' in spec ? Duration.minutes(Math.max(1, spec.rateMinutes)) : Duration.hours(6);

/**
 * One function and one EventBridge rule per entry of api/schedules.ts. A run that fails is tried
 * again twice, then kept in the rule's dead-letter queue: EventBridge puts there an event it could
 * not deliver, Lambda an event whose run failed every time, with its error (the function's
 * on-failure destination: EventBridge invokes it asynchronously, and a delivered event is Lambda's).
 */
export class Schedules extends Construct {
  /** By rule name; a rule whose handler file does not exist yet is absent. */
  readonly functions: Record<string, NodejsFunction> = {};

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    for (const rule of props.rules) {
      const name = pascal(rule.name);
      const stateMachine = props.stateMachines?.[rule.name];
      if (stateMachine) {
        // EventBridge retries the start and keeps an event it could not deliver; a failed
        // execution is the state machine's (its retries, and an alarm).
        new Rule(this, `${name}Rule`, {
          description: rule.description,
          schedule: toSchedule(rule.schedule),
          targets: [
            new SfnStateMachine(stateMachine, {
              retryAttempts: SCHEDULE_RETRIES,
              maxEventAge: maxEventAge(rule.schedule),
              deadLetterQueue: props.deadLetters.queue(rule.name, `${name}DeadLetters`),
            }),
          ],
        });
        continue;
      }
      const entry = `${rule.domain}/schedules.ts`;
      // The schedule handlers are written by later issues, domain by domain: a rule's function and
      // EventBridge rule are created only if functions/<domain>/schedules.ts exists at synth time
      // (fs.existsSync), so the stack grows as domains land, with no placeholder code.
      if (!props.functions.exists(entry)) continue;
      const deadLetters = props.deadLetters.queue(rule.name, `${name}DeadLetters`);
      const fn = props.functions.create(this, `${name}Function`, {
        name: `schedule/${rule.name}`,
        entry,
        handler: rule.handlerExport,
        timeout: scheduleTimeout,
        description: `Schedule ${rule.name}: ${rule.description}`,
        onFailure: deadLetters,
        retryAttempts: SCHEDULE_RETRIES,
        maxEventAge: maxEventAge(rule.schedule),
      });
      new Rule(this, `${name}Rule`, {
        description: rule.description,
        schedule: toSchedule(rule.schedule),
        targets: [
          new LambdaFunction(fn, {
            retryAttempts: SCHEDULE_RETRIES,
            maxEventAge: maxEventAge(rule.schedule),
            deadLetterQueue: deadLetters,
          }),
        ],
      });
      this.functions[rule.name] = fn;
    }
  }
}
