/**
 * The parts that appear as later issues land (schedule handlers, the order executor, the exchange
 * domain), synthesized against stand-in entry files in test/infra/fixtures/functions: proves the
 * conditional wiring and the KMS rule before the real files exist.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../api/routes';
import { schedules } from '../../api/schedules';
import type { ApiRoute } from '../../lib/constructs/api';
import { grantsOf, permissions } from '../../lib/permissions';
import {
  actionsOf,
  decryptingRoles,
  expectedActions,
  ofType,
  type Props,
  ourFunctions,
  type Resource,
  roleOf,
  statementsOf,
  synthesize,
} from './support';

const functionsDir = fileURLToPath(new URL('./fixtures/functions', import.meta.url));

/**
 * Today's routes plus a projection of the finished product: REST collections of 5 routes (list,
 * create, get, update, delete) spread over the later domains. Before the routes had a nested stack
 * of their own, 22 collections was all that fitted in the one stack; now the routes' stack holds
 * about 3 resources a route and the parent about 4 a function, each under 500 on its own.
 */
const PROJECTED_COLLECTIONS = 22;
const grownRoutes: Record<string, ApiRoute> = { ...routes };
const verbs = [
  ['GET', ''],
  ['POST', ''],
  ['GET', '/{id}'],
  ['PUT', '/{id}'],
  ['DELETE', '/{id}'],
] as const;
for (let c = 0; c < PROJECTED_COLLECTIONS; c++) {
  const domain = c % 2 ? 'exchange' : 'bots';
  for (const [method, suffix] of verbs) {
    grownRoutes[`${method}${c}${suffix}`] = {
      method,
      path: `/${domain}/c${c}${suffix}`,
      access: 'member',
      domain,
    };
  }
}

let resources: Record<string, Resource>;
let counts: Record<string, number>;
beforeAll(() => {
  ({ resources, counts } = synthesize({
    functionsDir,
    routes: grownRoutes,
    domains: [...new Set(Object.values(grownRoutes).map((r) => r.domain))],
  }));
}, 120_000);

describe('with every optional entry file present', () => {
  it('has one EventBridge rule per schedule, each function-run one invoking its handler export with a 30 s timeout', () => {
    const rules = ofType(resources, 'AWS::Events::Rule');
    expect(rules).toHaveLength(schedules.length);
    const expressions = rules.map(([, r]) => r.Properties!.ScheduleExpression as string).sort();
    expect(expressions).toEqual(
      [
        'rate(1 minute)',
        'rate(1 minute)',
        'rate(1 minute)',
        'rate(5 minutes)',
        'cron(0 0 * * ? *)',
        'cron(5 0 * * ? *)',
        'cron(0 2 * * ? *)',
        'rate(10 minutes)',
        'rate(2 minutes)',
      ].sort(),
    );
    // the daily payout's rule starts its state machine instead (test/infra/operations.test.ts)
    for (const s of schedules.filter((rule) => rule.name !== 'referralPayout')) {
      const fnId = roleOf(resources, `Schedules${s.name[0].toUpperCase()}${s.name.slice(1)}Function`);
      const [, fn] = ofType(resources, 'AWS::Lambda::Function').find(
        ([, f]) => f.Properties!.Role['Fn::GetAtt'][0] === fnId,
      )!;
      expect(fn.Properties!.Handler).toBe(`index.${s.handlerExport}`);
      expect(fn.Properties!.Timeout).toBe(30);
    }
  });

  it('feeds the executor from the FIFO order queue with partial batch failures, DLQ behind it', () => {
    // the order queue and its DLQ (the FIFO ones; the others are the schedules' and consumers' DLQs)
    const queues = ofType(resources, 'AWS::SQS::Queue').filter(([, q]) => q.Properties!.FifoQueue);
    expect(queues).toHaveLength(2);
    const [[dlqId]] = queues.filter(([, q]) => !q.Properties!.RedrivePolicy);
    const [[ordersId, orders]] = queues.filter(([, q]) => q.Properties!.RedrivePolicy);
    expect(orders.Properties!.RedrivePolicy.deadLetterTargetArn).toEqual({ 'Fn::GetAtt': [dlqId, 'Arn'] });

    const [[, mapping], ...more] = ofType(resources, 'AWS::Lambda::EventSourceMapping').filter(([, m]) =>
      JSON.stringify(m.Properties!.EventSourceArn).includes('Queues'),
    );
    expect(more).toHaveLength(0);
    expect(mapping.Properties!.EventSourceArn).toEqual({ 'Fn::GetAtt': [ordersId, 'Arn'] });
    expect(mapping.Properties!.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(JSON.stringify(mapping.Properties!.FunctionName)).toContain('QueuesExecutor');
  });

  it('lets only the bot-tick dispatcher send orders', () => {
    const [[ordersId]] = ofType(resources, 'AWS::SQS::Queue').filter(([, q]) => q.Properties!.RedrivePolicy);
    const senders = ofType(resources, 'AWS::IAM::Policy').filter(([, p]) =>
      (p.Properties!.PolicyDocument.Statement as Props[]).some(
        (s) =>
          JSON.stringify(s.Action).includes('sqs:SendMessage') &&
          JSON.stringify(s.Resource).includes(ordersId),
      ),
    );
    expect(senders.map(([, p]) => p.Properties!.Roles)).toEqual([
      [{ Ref: roleOf(resources, 'SchedulesBotTickFunction') }],
    ]);
  });

  it('lets only the executor and the exchange gateway decrypt exchange secrets', () => {
    const [[keyId, key]] = ofType(resources, 'AWS::KMS::Key');
    expect(key.Properties!.EnableKeyRotation).toBe(true);
    const allowed = ['QueuesExecutor', 'ExchangeGateway'].map((id) => roleOf(resources, id));
    expect([...decryptingRoles(resources, keyId)].sort()).toEqual(allowed.sort());
    // The key policy names no function: only the account (delegation to IAM policies).
    const principals = key.Properties!.KeyPolicy.Statement.map((s: { Principal: unknown }) => s.Principal);
    expect(JSON.stringify(principals)).not.toMatch(/Role/);
  });

  it('gives the exchange function GenerateDataKey (it seals), the gateway and executor Decrypt, and none Encrypt', () => {
    const kms = (name: string) =>
      actionsOf(statementsOf(resources, ourFunctions(resources).get(name)!.fn)).filter((a) =>
        a.startsWith('kms:'),
      );
    expect(kms('api/exchange')).toEqual(['kms:GenerateDataKey']);
    expect(kms('exchangeGateway')).toEqual(['kms:Decrypt']);
    expect(kms('orderExecutor')).toEqual(['kms:Decrypt']);
    expect(kms('api/bots')).toEqual([]);
  });

  it('grants every function, the later ones too, exactly what the permission table says', () => {
    const functions = ourFunctions(resources);
    expect([...functions.keys()]).toEqual(
      expect.arrayContaining(['schedule/botTick', 'orderExecutor', 'api/bots']),
    );
    for (const [name, { fn }] of functions) {
      const actions = actionsOf(statementsOf(resources, fn));
      expect(actions, name).toEqual(expectedActions(grantsOf(permissions, name), name));
    }
  });

  it(`keeps each stack under 500 resources with ${Object.keys(grownRoutes).length} routes`, () => {
    console.log(
      `resources per stack with ${Object.keys(grownRoutes).length} routes and every optional part:`,
      counts,
    );
    for (const [stack, count] of Object.entries(counts)) expect(count, stack).toBeLessThan(500);
  });
});
