/**
 * Shared by the infra tests: synthesize the stack and read the template. Bundling the ~30
 * functions with esbuild is most of a synthesis (about 40 s of a loaded machine's minute), so a
 * synthesis bundles only when asked (`bundles`: a test reads the bundles), and the repository's own
 * stack is synthesized once per test process (`repositoryStack`: the infra project runs its files in
 * one process, vitest.config.ts).
 */
import { readFileSync } from 'node:fs';
import { App, NestedStack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { FUNCTION_NAME_TAG } from '../../lib/functions';
import type { Grants } from '../../lib/permissions';
import { TrendexStack, type TrendexStackProps } from '../../lib/trendex-stack';

type Json = Record<string, unknown>;
// CloudFormation properties are untyped JSON; tests read them freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Props = Record<string, any>;
export interface Resource {
  Type: string;
  Properties?: Props;
}

/** `{ Ref: parameter }` anywhere in a nested template replaced by what the parent passes it. */
function substitute(value: unknown, parameters: Json): unknown {
  if (Array.isArray(value)) return value.map((v) => substitute(v, parameters));
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as { Ref?: unknown }).Ref;
  if (typeof ref === 'string' && Object.keys(value).length === 1 && ref in parameters) return parameters[ref];
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, parameters)]));
}

export interface Synthesized {
  app: App;
  template: Template;
  resources: Record<string, Resource>;
  counts: Record<string, number>;
  outdir: string;
}

/**
 * The stack as `cdk synth` builds it: with cdk.json's context (feature flags, defaults).
 * `resources` holds the nested stacks' resources too (the REST routes live in one), their
 * parameters replaced by the parent's values, so a method names the parent's function and
 * authorizer as it would in one template; `counts` has each stack's own resource count (the 500
 * limit is per stack); `outdir` holds the staged function bundles when `bundles` is set (without
 * it, CDK's own `aws:cdk:bundling-stacks` switch leaves them out, as `cdk ls` does: the template is
 * the same but for the assets' hashes). `context` adds to cdk.json's.
 */
export function synthesize(
  props: TrendexStackProps = {},
  context: Json = {},
  /** Runs on the app before the stack is synthesized (cdk-nag's plugins). */
  prepare?: (app: App) => void,
  bundles = false,
): Synthesized {
  const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
    context: Json;
  };
  const app = new App({
    context: { ...cdkJson.context, ...(bundles ? {} : { 'aws:cdk:bundling-stacks': [] }), ...context },
  });
  const stack = new TrendexStack(app, 'Trendex', props);
  prepare?.(app);
  const template = Template.fromStack(stack);
  const resources = { ...(template.toJSON().Resources as Record<string, Resource>) };
  const counts: Record<string, number> = { [stack.node.path]: Object.keys(resources).length };
  for (const nested of stack.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack)) {
    const own = Template.fromStack(nested).toJSON().Resources as Record<string, Resource>;
    counts[nested.node.path] = Object.keys(own).length;
    const parameters = resources[stack.getLogicalId(nested.nestedStackResource!)].Properties!
      .Parameters as Json;
    for (const [id, resource] of Object.entries(own)) {
      if (id in resources) throw new Error(`logical id ${id} is in two stacks`);
      resources[id] = substitute(resource, parameters) as Resource;
    }
  }
  return { app, template, resources, counts, outdir: app.outdir };
}

let repository: { synthesized: Synthesized; bundles: boolean } | undefined;

/**
 * The repository's own stack (its functions and route table, cdk.json's context), synthesized once
 * for every file of the process that reads it; with its function bundles when `bundles`.
 */
export function repositoryStack(bundles = false): Synthesized {
  if (!repository || (bundles && !repository.bundles))
    repository = { synthesized: synthesize({}, {}, undefined, bundles), bundles };
  return repository.synthesized;
}

export const ofType = (resources: Record<string, Resource>, type: string): [string, Resource][] =>
  Object.entries(resources).filter(([, r]) => r.Type === type);

/** Every REST method as 'VERB /full/path' -> its properties (OPTIONS preflights left out). */
export function restMethods(resources: Record<string, Resource>): Map<string, Props> {
  const pathOf = (ref: unknown): string => {
    const id = (ref as { Ref?: string }).Ref;
    if (!id) return ''; // Fn::GetAtt RootResourceId: the root
    const res = resources[id].Properties!;
    return `${pathOf(res.ParentId)}/${res.PathPart as string}`;
  };
  const methods = new Map<string, Props>();
  for (const [, m] of ofType(resources, 'AWS::ApiGateway::Method')) {
    const p = m.Properties!;
    if (p.HttpMethod === 'OPTIONS') continue;
    methods.set(`${p.HttpMethod as string} ${pathOf(p.ResourceId) || '/'}`, p);
  }
  return methods;
}

/** The logical id of the role of the Lambda function whose logical id starts with `prefix`. */
export function roleOf(resources: Record<string, Resource>, prefix: string): string {
  const fns = ofType(resources, 'AWS::Lambda::Function').filter(([id]) => id.startsWith(prefix));
  if (fns.length !== 1) throw new Error(`expected one function ${prefix}*, found ${fns.length}`);
  return (fns[0][1].Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
}

const asList = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

/** Our functions (CDK's own, like the S3 deployment handler, are not), by their lib/permissions.ts name. */
export function ourFunctions(resources: Record<string, Resource>): Map<string, { id: string; fn: Props }> {
  const byName = new Map<string, { id: string; fn: Props }>();
  for (const [id, fn] of ofType(resources, 'AWS::Lambda::Function')) {
    const tags = (fn.Properties!.Tags ?? []) as { Key: string; Value: string }[];
    const name = tags.find((t) => t.Key === FUNCTION_NAME_TAG)?.Value;
    if (name) byName.set(name, { id, fn: fn.Properties! });
  }
  return byName;
}

export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Props;
}

/** The statements of the identity policies on a function's role (AWS::IAM::Policy). */
export function statementsOf(resources: Record<string, Resource>, fn: Props): Statement[] {
  const role = (fn.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return ofType(resources, 'AWS::IAM::Policy')
    .filter(([, p]) => asList(p.Properties!.Roles).some((r) => (r as { Ref?: string }).Ref === role))
    .flatMap(([, p]) => asList(p.Properties!.PolicyDocument.Statement as Statement[]));
}

/** The actions those statements allow, X-Ray's (every function traces) left out. */
export const actionsOf = (statements: Statement[]): string[] =>
  [...new Set(statements.flatMap((s) => asList(s.Action)))].filter((a) => !a.startsWith('xray:')).sort();

const dynamodb = (...actions: string[]) => actions.map((a) => `dynamodb:${a}`);
/** What CDK's read grant gives (GetRecords and GetShardIterator read the stream). */
export const TABLE_READ = dynamodb(
  'BatchGetItem',
  'ConditionCheckItem',
  'DescribeTable',
  'GetItem',
  'GetRecords',
  'GetShardIterator',
  'Query',
  'Scan',
);
export const TABLE_WRITE = dynamodb('BatchWriteItem', 'DeleteItem', 'PutItem', 'UpdateItem');

const SEND_TO_QUEUE = ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'];

/**
 * What the event sources bring: the executor takes from its queue, the team consumer reads the
 * stream and sends failed batches to its dead-letter queue.
 */
const EVENT_SOURCE_ACTIONS: Record<string, readonly string[]> = {
  orderExecutor: [
    'sqs:ChangeMessageVisibility',
    'sqs:DeleteMessage',
    'sqs:GetQueueAttributes',
    'sqs:GetQueueUrl',
    'sqs:ReceiveMessage',
  ],
  teamConsumer: ['dynamodb:DescribeStream', 'dynamodb:ListStreams', ...SEND_TO_QUEUE],
};

/**
 * The IAM actions the entry of function `name` in lib/permissions.ts stands for, plus those its
 * event source brings: the test's own reading of the table, so a grant the stack adds beyond it fails.
 */
export function expectedActions(grants: Grants, name: string): string[] {
  const actions = [...(EVENT_SOURCE_ACTIONS[name] ?? [])];
  // a schedule's failed runs go to its dead-letter queue (the function's on-failure destination)
  if (name.startsWith('schedule/')) actions.push(...SEND_TO_QUEUE);
  if (grants.table) actions.push(...TABLE_READ, ...(grants.table === 'read' ? [] : TABLE_WRITE));
  if (grants.mail) actions.push('ses:SendEmail');
  if (grants.push) actions.push('execute-api:ManageConnections');
  for (const operation of grants.cognito ?? []) actions.push(`cognito-idp:${operation}`);
  if (grants.images) actions.push('s3:GetObject', 's3:PutObject');
  if (grants.readsOrderDeadLetters) actions.push('sqs:ReceiveMessage');
  // peeks at and deletes from the dead-letter queues; starts their functions and the payout's state machine
  if (grants.redrivesDeadLetters)
    actions.push('sqs:ReceiveMessage', 'sqs:DeleteMessage', 'lambda:InvokeFunction', 'states:StartExecution');
  if (grants.paymentSecret || grants.cursors)
    actions.push('secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret');
  for (const operation of grants.exchangeKey ?? []) actions.push(`kms:${operation}`);
  if (grants.sendsOrders) actions.push(...SEND_TO_QUEUE);
  if (grants.invokesExchangeGateway) actions.push('lambda:InvokeFunction');
  return [...new Set(actions)].sort();
}

/** The partition-key patterns a function's writes are held to, or undefined when they are not. */
export const leadingKeysOf = (statements: Statement[]): string[] | undefined =>
  statements.find((s) => s.Condition)?.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];

/** Could this IAM action pattern allow kms:Decrypt? ('kms:Decrypt', 'kms:*', 'kms:Decr*', '*') */
const allowsDecrypt = (action: string): boolean =>
  new RegExp(`^${action.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i').test(
    'kms:Decrypt',
  );

/** Does this IAM resource entry cover the key? (its ARN, or a wildcard) */
const coversKey = (resource: unknown, keyId: string): boolean =>
  resource === '*' || JSON.stringify(resource).includes(`"${keyId}"`);

/**
 * The roles that some identity policy (AWS::IAM::Policy or a role's inline policy) allows
 * kms:Decrypt on the key `keyId`.
 */
export function decryptingRoles(resources: Record<string, Resource>, keyId: string): Set<string> {
  const roles = new Set<string>();
  const inspect = (statements: unknown, roleRefs: unknown[]) => {
    for (const s of asList(statements as Json[])) {
      if (s.Effect !== 'Allow') continue;
      if (!asList(s.Action as string | string[]).some(allowsDecrypt)) continue;
      if (!asList(s.Resource).some((r) => coversKey(r, keyId))) continue;
      for (const ref of roleRefs) roles.add((ref as { Ref?: string }).Ref ?? JSON.stringify(ref));
    }
  };
  for (const type of ['AWS::IAM::Policy', 'AWS::IAM::ManagedPolicy']) {
    for (const [, p] of ofType(resources, type)) {
      inspect(p.Properties!.PolicyDocument.Statement, asList(p.Properties!.Roles));
    }
  }
  for (const [id, r] of ofType(resources, 'AWS::IAM::Role')) {
    for (const inline of asList(r.Properties!.Policies as Json[])) {
      inspect((inline.PolicyDocument as Json).Statement, [{ Ref: id }]);
    }
  }
  return roles;
}
