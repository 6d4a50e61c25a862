/**
 * The business figures (api/metrics.ts), as CloudWatch embedded metrics through Powertools
 * Metrics: each call writes its own EMF line at once, in the function's log (stdout in Lambda; the
 * LOG_FILE the test runs set, as the logger does). Publishing at the event, not at the end of the
 * invocation, keeps one way for API routes, schedules and queue consumers alike, and a figure is
 * never lost to an invocation that fails after the money moved.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Metrics } from '@aws-lambda-powertools/metrics';
import {
  businessMetrics,
  METRICS_NAMESPACE,
  METRICS_SERVICE,
  type BusinessMetric,
  type MoneyMetric,
} from '#api/metrics';
import { MICRO_PER_USDT, type Micro } from '#api/money';

const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE });

/** Facts kept beside the figures in the EMF line (searchable in the log, never a dimension). */
type Facts = Record<string, string>;

const write = (line: string) => {
  const file = process.env.LOG_FILE;
  if (!file) return void process.stdout.write(`${line}\n`);
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${line}\n`);
};

/** Adds and publishes in one synchronous stretch: no other call's figures can slip in between. */
const publish = (figures: [BusinessMetric, number][], facts: Facts) => {
  for (const [key, value] of Object.entries(facts)) metrics.addMetadata(key, value);
  for (const [name, value] of figures) metrics.addMetric(name, businessMetrics[name], value);
  const line = JSON.stringify(metrics.serializeMetrics());
  metrics.clearMetrics();
  metrics.clearMetadata();
  write(line);
};

/** `value` events (or a level, for BotsActive) of a figure, now. */
export const countMetric = (name: BusinessMetric, value = 1, facts: Facts = {}): void =>
  publish([[name, value]], facts);

/** One money event: its count and its amount in USDT (`<name>Usdt`), in one line. */
export const moneyMetric = (name: MoneyMetric, amount: Micro, facts: Facts = {}): void =>
  publish(
    [
      [name, 1],
      [`${name}Usdt`, amount / MICRO_PER_USDT],
    ],
    facts,
  );
