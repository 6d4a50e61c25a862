import { CfnCondition, CfnParameter, Duration, Fn, Stack } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  type IMetric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { CfnSubscription, Topic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { businessMetrics, METRICS_NAMESPACE, METRICS_SERVICE, type BusinessMetric } from '../../api/metrics';
import { pascal } from '../functions';
import { suppress } from '../nag';

/** Every threshold in one place (the infra tests read them; docs/operations.md explains them). */
export const THRESHOLDS = {
  functionErrors: 1, // in 5 minutes
  functionThrottles: 1, // in 5 minutes
  rest5xxRate: 0.05, // share of calls, 5 minutes
  restLatencyP99Ms: 3000, // 5 minutes, three in a row
  wsErrors: 5, // execution and integration errors in 5 minutes
  wsLatencyP99Ms: 3000,
  deadLetters: 1, // messages visible
  ordersFailedPerMinute: 5, // three minutes in a row
  ledgerAuditDifferences: 1,
  depositDifferences: 1,
} as const;

interface MonitoringProps {
  functions: readonly (readonly [NodejsFunction, string])[];
  restApiName: string;
  restStage: string;
  wsApiId: string;
  wsStage: string;
  /** Dead-letter queues by what they hold. */
  deadLetters: Record<string, IQueue>;
  /** The daily payout's state machine (its execution must have succeeded by 01:00 UTC). */
  payout?: IStateMachine;
}

/** A figure as functions/core/metrics.ts publishes it: with its one `service` dimension, or it is another metric. */
const business = (name: BusinessMetric, statistic = 'Sum', period = Duration.minutes(5)) =>
  new Metric({
    namespace: METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: { service: METRICS_SERVICE },
    statistic,
    period,
  });

/**
 * Alarms, to one SNS topic (the `AlarmEmail` parameter subscribes an address), and the
 * operations dashboard. Nothing asynchronous fails without one of these going off.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Alarms', { displayName: 'Trendex alarms', enforceSSL: true });
    suppress(
      'AwsSolutions-SNS2',
      'Alarm notices name an alarm and a number, nothing secret; a key CloudWatch may use costs more than it hides.',
      this.topic,
    );
    const email = new CfnParameter(Stack.of(this), 'AlarmEmail', {
      type: 'String',
      default: '',
      description: 'Where alarms are mailed (confirm the subscription mail); empty: nobody yet',
    });
    const hasEmail = new CfnCondition(this, 'HasAlarmEmail', {
      expression: Fn.conditionNot(Fn.conditionEquals(email.valueAsString, '')),
    });
    const subscription = new CfnSubscription(this, 'AlarmEmailSubscription', {
      topicArn: this.topic.topicArn,
      protocol: 'email',
      endpoint: email.valueAsString,
    });
    subscription.cfnOptions.condition = hasEmail;
    suppress(
      'Serverless-SNSRedrivePolicy',
      'A mail SNS cannot deliver is retried by SNS; the alarm itself stays in ALARM on the console and dashboard.',
      subscription,
    );

    const alarm = (
      id: string,
      metric: IMetric,
      threshold: number,
      description: string,
      evaluationPeriods = 1,
      treatMissingData = TreatMissingData.NOT_BREACHING,
    ) => {
      const made = new Alarm(this, id, {
        metric,
        threshold,
        evaluationPeriods,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData,
        alarmDescription: description,
      });
      made.addAlarmAction(new SnsAction(this.topic));
      this.alarms.push(made);
      return made;
    };

    for (const [fn, name] of props.functions) {
      const id = pascal(name);
      alarm(
        `${id}Errors`,
        fn.metricErrors({ period: Duration.minutes(5) }),
        THRESHOLDS.functionErrors,
        `${name} failed (see its log group)`,
      );
      alarm(
        `${id}Throttles`,
        fn.metricThrottles({ period: Duration.minutes(5) }),
        THRESHOLDS.functionThrottles,
        `${name} was throttled (concurrency)`,
      );
    }

    const rest = (metricName: string, statistic: string) =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        statistic,
        period: Duration.minutes(5),
        dimensionsMap: { ApiName: props.restApiName, Stage: props.restStage },
      });
    alarm(
      'Rest5xxRate',
      rest('5XXError', 'Average'),
      THRESHOLDS.rest5xxRate,
      'REST API: 5 % of calls answered 5xx',
    );
    alarm(
      'RestLatencyP99',
      rest('Latency', 'p99'),
      THRESHOLDS.restLatencyP99Ms,
      'REST API: p99 latency over 3 s',
      3,
    );
    const ws = (metricName: string, statistic: string) =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        statistic,
        period: Duration.minutes(5),
        dimensionsMap: { ApiId: props.wsApiId, Stage: props.wsStage },
      });
    alarm(
      'WebSocketErrors',
      new MathExpression({
        expression: 'FILL(execution, 0) + FILL(integration, 0)',
        usingMetrics: { execution: ws('ExecutionError', 'Sum'), integration: ws('IntegrationError', 'Sum') },
        period: Duration.minutes(5),
      }),
      THRESHOLDS.wsErrors,
      'WebSocket API: execution or integration errors',
    );
    alarm(
      'WebSocketLatencyP99',
      ws('IntegrationLatency', 'p99'),
      THRESHOLDS.wsLatencyP99Ms,
      'WebSocket API: p99 latency over 3 s',
      3,
    );

    for (const [name, queue] of Object.entries(props.deadLetters)) {
      alarm(
        `${pascal(name)}DeadLetters`,
        queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
        THRESHOLDS.deadLetters,
        `${name}: a message is in its dead-letter queue (docs/operations.md, runbook)`,
      );
    }

    if (props.payout) {
      // The hour 00:00-01:00 UTC, in which the schedule starts the execution, must hold one that
      // succeeded: evaluated when that hour's data point is complete, at 01:00. Other hours start
      // none and are not data; an execution that did not start at all is in the rule's dead letters.
      alarm(
        'PayoutNotFinished',
        new MathExpression({
          expression: 'IF(HOUR(runs) == 0 AND FILL(succeeded, 0) < 1, 1, 0)',
          usingMetrics: {
            runs: props.payout.metricStarted({ period: Duration.hours(1), statistic: 'Sum' }),
            succeeded: props.payout.metricSucceeded({ period: Duration.hours(1), statistic: 'Sum' }),
          },
          period: Duration.hours(1),
        }),
        1,
        'The daily referral payout has not finished by 01:00 UTC (docs/operations.md)',
        1,
        TreatMissingData.NOT_BREACHING,
      );
    }
    alarm(
      'DepositDifferences',
      business('DepositDifferences', 'Maximum', Duration.days(1)),
      THRESHOLDS.depositDifferences,
      'A paid invoice without exactly one deposit (the ledger audit names it)',
    );
    alarm(
      'LedgerAuditDifferences',
      business('LedgerAuditDifferences', 'Maximum', Duration.days(1)),
      THRESHOLDS.ledgerAuditDifferences,
      'The daily ledger audit found a difference (the admin dashboard names the accounts)',
    );
    alarm(
      'OrdersFailedPerMinute',
      business('OrdersFailed', 'Sum', Duration.minutes(1)),
      THRESHOLDS.ordersFailedPerMinute,
      'The bot order executor fails orders (3 minutes in a row)',
      3,
    );

    const dashboard = new Dashboard(this, 'Dashboard', { dashboardName: 'Trendex' });
    const figures = (Object.keys(businessMetrics) as BusinessMetric[]).map(
      // BotsActive is a level (the bots each tick dispatched), the others are events
      (name) =>
        new GraphWidget({
          title: name,
          left: [business(name, name === 'BotsActive' ? 'Maximum' : 'Sum', Duration.hours(1))],
          width: 6,
        }),
    );
    dashboard.addWidgets(...figures);
    dashboard.addWidgets(
      new GraphWidget({ title: 'REST 5xx rate', left: [rest('5XXError', 'Average')], width: 8 }),
      new GraphWidget({ title: 'REST p99 latency', left: [rest('Latency', 'p99')], width: 8 }),
      new GraphWidget({ title: 'WebSocket p99 latency', left: [ws('IntegrationLatency', 'p99')], width: 8 }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Dead letters',
        left: Object.values(props.deadLetters).map((q) => q.metricApproximateNumberOfMessagesVisible()),
        width: 12,
      }),
      new GraphWidget({
        title: 'Function errors',
        left: props.functions.map(([fn]) => fn.metricErrors({ period: Duration.minutes(5) })),
        width: 12,
      }),
    );
  }
}
