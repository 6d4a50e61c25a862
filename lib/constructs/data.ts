import { type CfnElement, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { suppress } from '../nag';
import { AttributeType, BillingMode, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import type { Grants, TableAccess } from '../permissions';

/**
 * The item writes. TransactWriteItems has no action of its own: IAM authorizes each of its items
 * as the Put, Update or Delete it is (ConditionCheckItem comes with the read grant).
 */
const WRITE_ACTIONS = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'].map((a) => `dynamodb:${a}`);

/** The single table and the KMS key that encrypts members' exchange API secrets. */
export class Data extends Construct {
  readonly table: Table;
  readonly secretsKey: Key;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.table = new Table(this, 'Table', {
      partitionKey: { name: 'PK', type: AttributeType.STRING },
      sortKey: { name: 'SK', type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: 'ttl',
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const n of [1, 2]) {
      this.table.addGlobalSecondaryIndex({
        indexName: `GSI${n}`,
        partitionKey: { name: `GSI${n}PK`, type: AttributeType.STRING },
        sortKey: { name: `GSI${n}SK`, type: AttributeType.STRING },
      });
    }

    // The key policy is CDK's default (the account may delegate to IAM); no function is named in
    // it. Its uses are granted on identity policies, by lib/permissions.ts (exchangeKey).
    this.secretsKey = new Key(this, 'ExchangeSecretsKey', {
      description: 'Trendex: envelope encryption of members exchange API secrets',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  /** TABLE_NAME in env and the access lib/permissions.ts gives. */
  grantTable(fn: LambdaFunction, access: TableAccess): void {
    fn.addEnvironment('TABLE_NAME', this.table.tableName);
    suppress(
      `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(this.table.node.defaultChild as CfnElement)}.Arn>/index/*]`,
      "The table's indexes (GSI1, GSI2): queries read them by name, the grant covers the two.",
      fn.role!,
    );
    if (access === 'readWrite') {
      this.table.grantReadWriteData(fn);
      return;
    }
    this.table.grantReadData(fn);
    if (access === 'read') return;
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: WRITE_ACTIONS,
        resources: [this.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': access.writes } },
      }),
    );
  }

  /** SECRETS_KEY_ID in env and these operations on the exchange secrets' key. */
  grantExchangeKey(fn: LambdaFunction, operations: NonNullable<Grants['exchangeKey']>): void {
    this.secretsKey.grant(fn, ...operations.map((o) => `kms:${o}`));
    fn.addEnvironment('SECRETS_KEY_ID', this.secretsKey.keyId);
  }
}
