import { type CfnElement, Duration, Stack } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  DefinitionBody,
  DistributedMap,
  Errors,
  JsonPath,
  LogLevel,
  StateMachine,
} from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import { scheduleTimeout, type Functions } from '../functions';
import { NO_RESOURCE_TO_NAME, suppress } from '../nag';

/**
 * Shards of a day (PAYOUT_SHARDS, functions/team/payoutRun.ts): 10M members are ~10k nodes a shard,
 * minutes of one function; and many more shards than run at once even out shards uneven in members.
 */
export const PAYOUT_SHARDS = 1000;
/** Shards paid at once: bounds the functions' concurrency and the table's write rate. */
export const PAYOUT_CONCURRENCY = 40;
/** Tries of one shard after the first (a shard resumes from its last page; its paid members are kept). */
export const PAYOUT_SHARD_RETRIES = 5;

interface PayoutProps {
  functions: Functions;
}

/**
 * The daily binary payout in AWS (docs/decisions/team-and-payout.md, "The payout state machine"): a
 * state machine whose first task plans the day's shards and whose Distributed Map runs one function
 * per shard, PAYOUT_CONCURRENCY at a time, each shard retried with backoff. Started by the
 * referralPayout schedule (lib/constructs/schedules.ts); the local stack runs the same shards
 * in-process.
 */
export class Payout extends Construct {
  readonly stateMachine: StateMachine;

  constructor(scope: Construct, id: string, props: PayoutProps) {
    super(scope, id);
    const entry = 'team/payoutSteps.ts';
    const plan = props.functions.create(this, 'PlanFunction', {
      name: 'payout/plan',
      entry,
      handler: 'planShards',
      timeout: scheduleTimeout,
      environment: { PAYOUT_SHARDS: String(PAYOUT_SHARDS) },
      description: "Payout: plans the day's shards (the state machine's first task)",
    });
    const shard = props.functions.create(this, 'ShardFunction', {
      name: 'payout/shard',
      entry,
      handler: 'runShard',
      // Lambda's most: a shard that does not finish resumes on its next try.
      timeout: Duration.minutes(15),
      description: 'Payout: pays one shard of the day (an item of the Distributed Map)',
    });

    // Their published versions: the state machine's grant names each, with no ARN wildcard.
    const planTask = new LambdaInvoke(this, 'PlanShards', {
      lambdaFunction: plan.currentVersion,
      payloadResponseOnly: true,
      resultPath: '$.shards',
      retryOnServiceExceptions: true,
    });
    const shardTask = new LambdaInvoke(this, 'RunShard', {
      lambdaFunction: shard.currentVersion,
      payloadResponseOnly: true,
      retryOnServiceExceptions: false,
    });
    shardTask.addRetry({
      errors: [Errors.ALL],
      maxAttempts: PAYOUT_SHARD_RETRIES,
      interval: Duration.seconds(30),
      backoffRate: 2,
    });
    const shards = new DistributedMap(this, 'PayShards', {
      itemsPath: '$.shards',
      maxConcurrency: PAYOUT_CONCURRENCY,
      // The shards' totals are in the functions' logs and the Payouts figure; the execution's
      // history keeps no copy of a thousand of them.
      resultPath: JsonPath.DISCARD,
    });
    shards.itemProcessor(shardTask);

    this.stateMachine = new StateMachine(this, 'StateMachine', {
      comment: 'Daily binary payout: plan the shards, pay each (docs/decisions/team-and-payout.md)',
      definitionBody: DefinitionBody.fromChainable(planTask.next(shards)),
      // Stopped before the next day's starts (the alarm went off at 01:00).
      timeout: Duration.hours(23),
      tracingEnabled: true,
      logs: {
        destination: new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH }),
        level: LogLevel.ALL,
        includeExecutionData: false,
      },
    });
    suppress(
      'AwsSolutions-IAM5[Resource::*]',
      NO_RESOURCE_TO_NAME,
      this.stateMachine.role.node.findChild('DefaultPolicy'),
    );
    // The Map's child executions are named at run time, under this machine's name.
    const executions = `arn:<AWS::Partition>:states:<AWS::Region>:<AWS::AccountId>:execution:{"Fn::Select":[6,{"Fn::Split":[":",{"Ref":"${Stack.of(this).getLogicalId(this.stateMachine.node.defaultChild as CfnElement)}"}]}]}`;
    for (const resource of [`${executions}:*`, `${executions}/*:*`])
      suppress(
        `AwsSolutions-IAM5[Resource::${resource}]`,
        'The Distributed Map runs its items as child executions of this machine, named at run time.',
        this.stateMachine.node.findChild('DistributedMapPolicy'),
      );
  }
}
