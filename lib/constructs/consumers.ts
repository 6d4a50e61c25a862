import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import type { ConsumerName, StreamConsumer } from '../../api/consumers';
import { keys } from '../../functions/core/db';
import { pascal, type Functions } from '../functions';
import type { DeadLetters } from './dead-letters';

const inserted = (image: Record<string, unknown>) =>
  FilterCriteria.filter({ eventName: FilterRule.isEqual('INSERT'), dynamodb: { NewImage: image } });

/** The items that wake each consumer (only these reach its function), from the key scheme. */
const WAKES: Record<ConsumerName, FilterCriteria[]> = {
  teamConsumer: [
    inserted({ PK: { S: FilterRule.beginsWith(keys.placement('').PK) } }),
    inserted({ GSI2PK: { S: FilterRule.isEqual(keys.transactionsOfKind('plan')) } }),
  ],
};

interface ConsumersProps {
  functions: Functions;
  table: ITable;
  /** Where each consumer's failed batches end up. */
  deadLetters: DeadLetters;
  /** api/consumers.ts `consumers`. */
  consumers: readonly StreamConsumer[];
}

/**
 * Background work off the request path (api/consumers.ts): the table's stream wakes each consumer
 * when an item it handles lands; the consumer drains its lists (the local stack polls them).
 * Created once functions/<domain>/consumer.ts exists. A failing batch is halved until the failing
 * record stands alone (or the function reports which records failed), each part tried 5 times;
 * what still fails is recorded in the consumer's dead-letter queue (shard and sequence numbers:
 * redriving re-runs the consumer, whose lists still hold the unfinished work).
 */
export class Consumers extends Construct {
  readonly functions: Record<string, NodejsFunction> = {};

  constructor(scope: Construct, id: string, props: ConsumersProps) {
    super(scope, id);
    for (const consumer of props.consumers) {
      const entry = `${consumer.domain}/consumer.ts`;
      if (!props.functions.exists(entry)) continue;
      const fn = props.functions.create(this, pascal(consumer.name), {
        name: consumer.name,
        entry,
        handler: consumer.handlerExport,
        timeout: Duration.minutes(1),
        description: consumer.description,
      });
      fn.addEventSource(
        new DynamoEventSource(props.table, {
          startingPosition: StartingPosition.LATEST,
          batchSize: 100,
          maxBatchingWindow: Duration.seconds(1),
          retryAttempts: 5,
          bisectBatchOnError: true,
          reportBatchItemFailures: true,
          onFailure: new SqsDlq(
            props.deadLetters.queue(consumer.name, `${pascal(consumer.name)}DeadLetters`),
          ),
          filters: WAKES[consumer.name as ConsumerName],
        }),
      );
      this.functions[consumer.name] = fn;
    }
  }
}
