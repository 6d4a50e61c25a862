import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';

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
    // it. Decrypt is granted on identity policies to exactly two functions, below.
    this.secretsKey = new Key(this, 'ExchangeSecretsKey', {
      description: 'Trendex: envelope encryption of members exchange API secrets',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  /** The key-binding function (exchange domain): makes data keys, encrypts, decrypts to verify. */
  grantKeyBinding(fn: LambdaFunction): void {
    this.secretsKey.grant(fn, 'kms:Encrypt', 'kms:GenerateDataKey', 'kms:Decrypt');
    fn.addEnvironment('SECRETS_KEY_ID', this.secretsKey.keyId);
  }

  /** The order executor: decrypts the stored secrets to sign exchange calls. */
  grantSecretsDecrypt(fn: LambdaFunction): void {
    this.secretsKey.grant(fn, 'kms:Decrypt');
    fn.addEnvironment('SECRETS_KEY_ID', this.secretsKey.keyId);
  }
}
