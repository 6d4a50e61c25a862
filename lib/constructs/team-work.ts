import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import type { Functions } from '../functions';

const ENTRY = 'team/consumer.ts';

export interface TeamWorkProps {
  functions: Functions;
  table: ITable;
}

/**
 * The team domain's background work (tree placements, then plan activations), off the request
 * path: the table's stream wakes the consumer when a pending placement or a plan purchase lands,
 * and the consumer drains both lists (the local stack polls the same lists). Created once
 * functions/team/consumer.ts exists.
 */
export class TeamWork extends Construct {
  readonly consumer?: NodejsFunction;

  constructor(scope: Construct, id: string, props: TeamWorkProps) {
    super(scope, id);
    if (!props.functions.exists(ENTRY)) return;
    this.consumer = props.functions.create(this, 'Consumer', {
      name: 'teamConsumer',
      entry: ENTRY,
      handler: 'teamConsumer',
      timeout: Duration.minutes(1),
      description: 'Places new members in the tree and counts plan activations up it',
    });
    const inserted = (image: Record<string, unknown>) =>
      FilterCriteria.filter({ eventName: FilterRule.isEqual('INSERT'), dynamodb: { NewImage: image } });
    this.consumer.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(1),
        retryAttempts: 5,
        filters: [
          inserted({ PK: { S: FilterRule.beginsWith('PLACEMENT#') } }),
          inserted({ GSI2PK: { S: FilterRule.isEqual('LEDGERKIND#plan') } }),
        ],
      }),
    );
  }
}
