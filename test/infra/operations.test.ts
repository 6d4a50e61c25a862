/** Nothing fails silently: dead letters, destinations, alarms, the dashboard and access logs. */
import { beforeAll, describe, expect, it } from 'vitest';
import { METRICS_SERVICE } from '../../api/metrics';
import { schedules } from '../../api/schedules';
import { REST_ACCESS_LOG_FIELDS } from '../../lib/constructs/api';
import { THRESHOLDS } from '../../lib/constructs/monitoring';
import { PAYOUT_CONCURRENCY, PAYOUT_SHARD_RETRIES, PAYOUT_SHARDS } from '../../lib/constructs/payout';
import { SCHEDULE_RETRIES } from '../../lib/constructs/schedules';
import { WS_ACCESS_LOG_FIELDS } from '../../lib/constructs/realtime';
import { ofType, ourFunctions, type Props, type Resource, repositoryStack, statementsOf } from './support';

let resources: Record<string, Resource>;
let parameters: Record<string, Props>;
beforeAll(() => {
  const synth = repositoryStack();
  resources = synth.resources;
  parameters = synth.template.toJSON().Parameters as Record<string, Props>;
}, 120_000);

const idOf = (ref: unknown): string => {
  const r = ref as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
  return r.Ref ?? r['Fn::GetAtt']![0];
};
const alarms = (): Props[] =>
  ofType(resources, 'AWS::CloudWatch::Alarm').map(([id, a]) => ({ id, ...a.Properties! }));
const topicId = () => ofType(resources, 'AWS::SNS::Topic')[0][0];
/** The alarm whose logical id starts with Monitoring + `name`. */
const alarmNamed = (name: string) => {
  const found = alarms().filter((a) => a.id.startsWith(`Monitoring${name}`));
  expect(found, name).toHaveLength(1);
  expect(found[0].AlarmActions.map(idOf)).toEqual([topicId()]);
  return found[0];
};

describe('every asynchronous path ends somewhere', () => {
  it('gives each schedule a dead-letter queue (rule target and function) and two retries', () => {
    const fns = ourFunctions(resources);
    for (const rule of schedules) {
      const fn = fns.get(`schedule/${rule.name}`);
      if (!fn) continue;
      const [[, target]] = ofType(resources, 'AWS::Events::Rule')
        .flatMap(([, r]) => r.Properties!.Targets as Props[])
        .filter((t) => idOf(t.Arn) === fn.id)
        .map((t) => [t, t]);
      const queue = idOf(target.DeadLetterConfig.Arn);
      expect(resources[queue].Type).toBe('AWS::SQS::Queue');
      expect(target.RetryPolicy.MaximumRetryAttempts).toBe(2);
      const [[, invoke]] = ofType(resources, 'AWS::Lambda::EventInvokeConfig').filter(
        ([, c]) => idOf(c.Properties!.FunctionName) === fn.id,
      );
      expect(invoke.Properties!.MaximumRetryAttempts).toBe(2);
      expect(idOf(invoke.Properties!.DestinationConfig.OnFailure.Destination)).toBe(queue);
    }
  });

  it('starts the daily payout state machine from its schedule, with a dead-letter queue and two retries', () => {
    const [[machine]] = ofType(resources, 'AWS::StepFunctions::StateMachine');
    const [rule] = ofType(resources, 'AWS::Events::Rule').filter(([, r]) =>
      (r.Properties!.Targets as Props[]).some((t) => idOf(t.Arn) === machine),
    );
    expect(rule[1].Properties!.ScheduleExpression).toBe('cron(0 0 * * ? *)');
    const [target] = rule[1].Properties!.Targets as Props[];
    expect(resources[idOf(target.DeadLetterConfig.Arn)].Type).toBe('AWS::SQS::Queue');
    expect(target.RetryPolicy.MaximumRetryAttempts).toBe(SCHEDULE_RETRIES);
    // no function of its own: the state machine's steps do the work
    expect(ourFunctions(resources).has('schedule/referralPayout')).toBe(false);
  });

  it('plans the payout shards, then pays them in a Distributed Map of bounded concurrency with retries', () => {
    const [[, machine]] = ofType(resources, 'AWS::StepFunctions::StateMachine');
    // the definition with each CloudFormation reference replaced by the logical id it names
    const parts = machine.Properties!.DefinitionString['Fn::Join'][1] as unknown[];
    const definition = JSON.parse(parts.map((p) => (typeof p === 'string' ? p : idOf(p))).join('')) as Props;
    const fns = ourFunctions(resources);
    const versionOf = (name: string) =>
      ofType(resources, 'AWS::Lambda::Version').find(
        ([, v]) => idOf(v.Properties!.FunctionName) === fns.get(name)!.id,
      )![0];

    const first = definition.States[definition.StartAt];
    expect(first.Resource).toBe(versionOf('payout/plan'));
    const map = definition.States[first.Next];
    expect(map.Type).toBe('Map');
    expect(map.ItemProcessor.ProcessorConfig.Mode).toBe('DISTRIBUTED');
    expect(map.ItemsPath).toBe('$.shards');
    expect(map.MaxConcurrency).toBe(PAYOUT_CONCURRENCY);
    const item = map.ItemProcessor.States[map.ItemProcessor.StartAt];
    expect(item.Resource).toBe(versionOf('payout/shard'));
    expect(item.Retry).toEqual([
      expect.objectContaining({
        ErrorEquals: ['States.ALL'],
        MaxAttempts: PAYOUT_SHARD_RETRIES,
        BackoffRate: 2,
      }),
    ]);
    expect(fns.get('payout/plan')!.fn.Environment.Variables.PAYOUT_SHARDS).toBe(String(PAYOUT_SHARDS));
    expect(fns.get('payout/shard')!.fn.Timeout).toBe(900);
  });

  it("bisects the stream consumer's failing batches, reads partial failures and keeps what still fails", () => {
    const consumer = ourFunctions(resources).get('teamConsumer')!;
    const [[, mapping]] = ofType(resources, 'AWS::Lambda::EventSourceMapping').filter(
      ([, m]) => idOf(m.Properties!.FunctionName) === consumer.id,
    );
    const p = mapping.Properties!;
    expect(p.BisectBatchOnFunctionError).toBe(true);
    expect(p.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(p.MaximumRetryAttempts).toBe(5);
    expect(resources[idOf(p.DestinationConfig.OnFailure.Destination)].Type).toBe('AWS::SQS::Queue');
  });

  it("keeps the order queue's dead-letter queue", () => {
    const orders = ofType(resources, 'AWS::SQS::Queue').filter(([, q]) => q.Properties!.RedrivePolicy);
    expect(orders).toHaveLength(1);
    expect(orders[0][1].Properties!.RedrivePolicy.maxReceiveCount).toBe(3);
  });

  it('alarms at one message in every dead-letter queue', () => {
    const queues = ofType(resources, 'AWS::SQS::Queue')
      .filter(([, q]) => !q.Properties!.RedrivePolicy)
      .map(([id]) => id);
    expect(queues.length).toBeGreaterThanOrEqual(schedules.length); // each schedule's, the consumer's, the orders'
    for (const queue of queues) {
      const found = alarms().filter(
        (a) => a.MetricName === 'ApproximateNumberOfMessagesVisible' && idOf(a.Dimensions[0].Value) === queue,
      );
      expect(found, queue).toHaveLength(1);
      expect(found[0].Threshold).toBe(THRESHOLDS.deadLetters);
      expect(found[0].ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
    }
  });
});

describe("the admin's Operations page", () => {
  it('peeks at and redrives exactly the dead-letter queues of the schedules and the consumer, nothing else', () => {
    const admin = ourFunctions(resources).get('api/admin')!.fn;
    const watched = JSON.stringify(admin.Environment.Variables.DEAD_LETTER_QUEUES);
    const scheduleQueues = ofType(resources, 'AWS::SQS::Queue')
      .map(([id]) => id)
      .filter((id) => id.startsWith('DeadLetters'));
    expect(scheduleQueues.length).toBeGreaterThanOrEqual(schedules.length);
    for (const queue of scheduleQueues) expect(watched, queue).toContain(queue);

    const statements = statementsOf(resources, admin);
    const resourcesOf = (action: string) =>
      statements
        .filter((s) => [s.Action].flat().includes(action))
        .flatMap((s) => [s.Resource].flat())
        .map(idOf);
    expect(new Set(resourcesOf('sqs:DeleteMessage'))).toEqual(new Set(scheduleQueues));
    // each schedule's function and the team consumer, by name: no wildcard
    const fns = ourFunctions(resources);
    const invoked = resourcesOf('lambda:InvokeFunction');
    for (const rule of schedules)
      if (fns.get(`schedule/${rule.name}`)) expect(invoked).toContain(fns.get(`schedule/${rule.name}`)!.id);
    expect(invoked).toContain(fns.get('teamConsumer')!.id);
    expect(resourcesOf('states:StartExecution')).toHaveLength(1);
  });
});

describe('alarms', () => {
  it('mails the alarm topic to the AlarmEmail parameter, when one is given', () => {
    expect(parameters.AlarmEmail).toMatchObject({ Type: 'String', Default: '' });
    const [[, subscription]] = ofType(resources, 'AWS::SNS::Subscription');
    expect(subscription.Properties).toMatchObject({ Protocol: 'email', Endpoint: { Ref: 'AlarmEmail' } });
    expect((subscription as Props).Condition).toBeDefined();
  });

  it('watches errors and throttles of every function', () => {
    for (const [name, { id }] of ourFunctions(resources)) {
      for (const metric of ['Errors', 'Throttles']) {
        const found = alarms().filter(
          (a) =>
            a.Namespace === 'AWS/Lambda' && a.MetricName === metric && idOf(a.Dimensions[0].Value) === id,
        );
        expect(found, `${name} ${metric}`).toHaveLength(1);
        expect(found[0].Threshold).toBe(1);
        expect(found[0].Period).toBe(300);
      }
    }
  });

  it('watches the REST stage (5xx rate, p99 latency) and the WebSocket stage', () => {
    expect(alarmNamed('Rest5xxRate')).toMatchObject({
      MetricName: '5XXError',
      Statistic: 'Average',
      Threshold: 0.05,
    });
    expect(alarmNamed('RestLatencyP99')).toMatchObject({
      MetricName: 'Latency',
      ExtendedStatistic: 'p99',
      Threshold: 3000,
      EvaluationPeriods: 3,
    });
    expect(alarmNamed('WebSocketErrors').Threshold).toBe(THRESHOLDS.wsErrors);
    expect(alarmNamed('WebSocketLatencyP99')).toMatchObject({ ExtendedStatistic: 'p99', Threshold: 3000 });
  });

  it('goes off when the daily payout state machine has no execution that succeeded by 01:00 UTC', () => {
    const payout = alarmNamed('PayoutNotFinished');
    const expression = payout.Metrics.find((m: Props) => m.Expression).Expression as string;
    expect(expression).toContain('HOUR(runs) == 0');
    expect(expression).toContain('FILL(succeeded, 0) < 1');
    const metrics = Object.fromEntries(
      payout.Metrics.filter((m: Props) => m.MetricStat).map((m: Props) => [m.Id, m.MetricStat.Metric]),
    );
    expect(metrics.succeeded).toMatchObject({ Namespace: 'AWS/States', MetricName: 'ExecutionsSucceeded' });
    expect(metrics.runs.MetricName).toBe('ExecutionsStarted');
    expect(idOf(metrics.succeeded.Dimensions[0].Value)).toBe(
      ofType(resources, 'AWS::StepFunctions::StateMachine')[0][0],
    );
    // hours without an execution are no data, not a missed payout
    expect(payout.TreatMissingData).toBe('notBreaching');
    expect(payout.Threshold).toBe(1);
  });

  it('goes off on a ledger audit difference, a deposit difference and failing orders', () => {
    const audit = alarmNamed('LedgerAuditDifferences');
    expect(audit).toMatchObject({
      Namespace: 'Trendex',
      MetricName: 'LedgerAuditDifferences',
      // the figure as functions/core/metrics.ts publishes it: any other dimension is another metric
      Dimensions: [{ Name: 'service', Value: METRICS_SERVICE }],
      Statistic: 'Maximum',
      Period: 86400,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      Threshold: THRESHOLDS.ledgerAuditDifferences,
    });
    expect(THRESHOLDS.ledgerAuditDifferences).toBe(1);
    expect(alarmNamed('DepositDifferences')).toMatchObject({
      MetricName: 'DepositDifferences',
      Threshold: 1,
    });
    expect(alarmNamed('OrdersFailedPerMinute')).toMatchObject({
      MetricName: 'OrdersFailed',
      Period: 60,
      Threshold: THRESHOLDS.ordersFailedPerMinute,
      EvaluationPeriods: 3,
    });
  });

  it('has a dashboard with the business figures', () => {
    const [[, dashboard]] = ofType(resources, 'AWS::CloudWatch::Dashboard');
    const body = JSON.stringify(dashboard.Properties!.DashboardBody);
    for (const figure of [
      'Deposits',
      'Withdrawals',
      'PlanPurchases',
      'Payouts',
      'OrdersPlaced',
      'OrdersFailed',
      'BotsActive',
    ])
      expect(body).toContain(`\\"${figure}\\"`);
    // each graphed with the service dimension the functions publish it under
    expect(body).toContain(`\\"service\\",\\"${METRICS_SERVICE}\\"`);
  });

  it('runs the ledger audit daily, with its dead-letter queue and its failure alarms', () => {
    const fn = ourFunctions(resources).get('schedule/ledgerAudit')!;
    expect(fn).toBeDefined();
    const [[, rule]] = ofType(resources, 'AWS::Events::Rule').filter(([, r]) =>
      (r.Properties!.Targets as Props[]).some((t) => idOf(t.Arn) === fn.id),
    );
    expect(rule.Properties!.ScheduleExpression).toBe('cron(0 2 * * ? *)');
    expect(alarmNamed('ScheduleLedgerAuditErrors').Threshold).toBe(1);
    expect(alarmNamed('LedgerAuditDeadLetters').Threshold).toBe(THRESHOLDS.deadLetters);
  });
});

describe('access logs', () => {
  const logGroupOf = (arn: unknown) => resources[idOf(arn)].Properties!;

  it('logs every REST call as JSON (who, which operation, status, latency), never a token or query string', () => {
    const [[, stage]] = ofType(resources, 'AWS::ApiGateway::Stage');
    const settings = stage.Properties!.AccessLogSetting;
    expect(JSON.parse(settings.Format)).toEqual(REST_ACCESS_LOG_FIELDS);
    for (const field of ['requestId', 'sub', 'operation', 'status', 'latencyMs'])
      expect(REST_ACCESS_LOG_FIELDS).toHaveProperty(field);
    expect(settings.Format).not.toMatch(/\$context\.path|querystring|\$input|Authorization|header/i);
    expect(logGroupOf(settings.DestinationArn).RetentionInDays).toBe(365);
  });

  it('logs every WebSocket event as JSON without the $connect query string, throttled', () => {
    const [[, stage]] = ofType(resources, 'AWS::ApiGatewayV2::Stage');
    const p = stage.Properties!;
    expect(JSON.parse(p.AccessLogSettings.Format)).toEqual(WS_ACCESS_LOG_FIELDS);
    expect(p.AccessLogSettings.Format).not.toMatch(/querystring|token|header/i);
    expect(logGroupOf(p.AccessLogSettings.DestinationArn).RetentionInDays).toBe(90);
    expect(p.DefaultRouteSettings.ThrottlingRateLimit).toBeGreaterThan(0);
  });

  it('keeps every function log group a month', () => {
    for (const [name, { fn }] of ourFunctions(resources)) {
      expect(logGroupOf(fn.LoggingConfig.LogGroup).RetentionInDays, name).toBe(30);
    }
  });
});

describe('images bucket', () => {
  it('is versioned and drops old versions after 90 days', () => {
    const images = ofType(resources, 'AWS::S3::Bucket').filter(([id]) => id.startsWith('StorageImages'));
    const p = images[0][1].Properties!;
    expect(p.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(p.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 90 }, Status: 'Enabled' }),
    );
  });
});
