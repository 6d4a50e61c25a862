import { type CfnElement, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { suppress } from '../nag';

/** Why the buckets keep no server access logs (one reason, lib/nag.ts). */
export const NO_BUCKET_ACCESS_LOGS = [
  'AwsSolutions-S1',
  'Private bucket, reached only through presigned URLs or CloudFront; CloudTrail records who changed it.',
] as const;

interface StorageProps {
  /** The web app's origin (https://…), the only one allowed to POST uploads. */
  webOrigin: string;
}

/** Complaint and chat images: a private bucket; the browser uploads with a presigned POST. */
export class Storage extends Construct {
  readonly images: Bucket;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);
    this.images = new Bucket(this, 'Images', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
      cors: [
        {
          allowedOrigins: [props.webOrigin],
          allowedMethods: [HttpMethods.POST],
          allowedHeaders: ['*'],
          maxAge: 3600,
        },
      ],
      // An overwritten or deleted image (evidence in a complaint) can be got back for 90 days.
      versioned: true,
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { noncurrentVersionExpiration: Duration.days(90) },
      ],
    });
    suppress(...NO_BUCKET_ACCESS_LOGS, this.images);
  }

  /**
   * Presigns uploads and reads of images: IMAGES_BUCKET in env, put and get of the bucket's objects
   * and nothing else (the support function: lib/permissions.ts `images`).
   */
  grantImages(fn: LambdaFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:PutObject', 's3:GetObject'],
        resources: [this.images.arnForObjects('*')],
      }),
    );
    fn.addEnvironment('IMAGES_BUCKET', this.images.bucketName);
    suppress(
      `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(this.images.node.defaultChild as CfnElement)}.Arn>/*]`,
      'Complaint images are keyed by complaint: the function presigns a put or get of any of them.',
      fn.role!,
    );
  }
}
