import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

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
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });
  }

  /**
   * Presigns uploads and reads images: IMAGES_BUCKET in env, read/write on the bucket. For the
   * function that serves complaint images, which arrives with a later issue (lib/permissions.ts
   * `images`): no function has it today.
   */
  grantImages(fn: LambdaFunction): void {
    this.images.grantReadWrite(fn);
    fn.addEnvironment('IMAGES_BUCKET', this.images.bucketName);
  }
}
