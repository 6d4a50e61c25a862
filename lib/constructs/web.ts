import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  Distribution,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { RuntimeConfig } from '../../web/src/lib/config';
import { repoRoot } from '../functions';

/** What the web app reads from /config.json at start-up: the web's own type, one contract. */
export type WebConfig = RuntimeConfig;

/** The web app: a private bucket served by CloudFront through origin access control. */
export class Web extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** https://<id>.cloudfront.net — the web origin (CORS) and the base of links in mails. */
  readonly url: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // A single-page app: unknown paths (/verify?token=…, /changepassword?token=…) serve index.html.
    const spaFallback = (httpStatus: number) => ({
      httpStatus,
      responseHttpStatus: 200,
      responsePagePath: '/index.html',
      ttl: Duration.seconds(0),
    });
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Trendex web app',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
      },
      errorResponses: [spaFallback(403), spaFallback(404)],
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
    });
    this.url = `https://${this.distribution.distributionDomainName}`;
  }

  /**
   * Uploads the built app (web/dist, only if it exists at synth time: run `npm run build:web`
   * first) and /config.json with the stack's endpoints, never cached.
   */
  publish(config: WebConfig): void {
    const dist = path.join(repoRoot, 'web', 'dist');
    if (existsSync(dist)) {
      new BucketDeployment(this, 'App', {
        sources: [Source.asset(dist)],
        destinationBucket: this.bucket,
        exclude: ['config.json'], // neither uploaded nor pruned: the deployment below owns it
        distribution: this.distribution,
        distributionPaths: ['/*'],
      });
    }
    new BucketDeployment(this, 'Config', {
      sources: [Source.jsonData('config.json', config)],
      destinationBucket: this.bucket,
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/config.json'],
    });
  }
}
