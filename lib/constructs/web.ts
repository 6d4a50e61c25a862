import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, Lazy, RemovalPolicy } from 'aws-cdk-lib';
import {
  Distribution,
  HeadersFrameOption,
  HeadersReferrerPolicy,
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
type WebConfig = RuntimeConfig;

/**
 * The Content-Security-Policy: the app's own scripts only; styles also inline (Chakra UI's
 * emotion injects <style> elements, and components set style attributes); images also as data:
 * and blob: URLs (drawn ones, like the plan-activated picture); fetches and sockets to the app
 * itself and `connections`; never framed, no plugins, no <base> elsewhere.
 */
const contentSecurityPolicy = (connections: readonly string[]): string =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `connect-src 'self' ${connections.join(' ')}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');

/** The web app: a private bucket served by CloudFront through origin access control. */
export class Web extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** https://<id>.cloudfront.net — the web origin (CORS) and the base of links in mails. */
  readonly url: string;
  /** The origins the app talks to besides itself (the CSP's connect-src): see allowConnections. */
  private readonly connections: string[] = [];

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
    // CloudFront's managed security headers, with DENY framing and our CSP. The CSP names the
    // API, which is made after this (and uses this URL for CORS): it is read when the template is
    // written, once allowConnections has been told.
    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Trendex web app: security headers and Content-Security-Policy',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: Lazy.string({ produce: () => contentSecurityPolicy(this.connections) }),
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), override: true },
        xssProtection: { protection: true, modeBlock: true, override: true },
      },
    });
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Trendex web app',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: headers,
      },
      errorResponses: [spaFallback(403), spaFallback(404)],
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
    });
    this.url = `https://${this.distribution.distributionDomainName}`;
  }

  /**
   * Lets the app fetch from and open sockets to these origins (the CSP's connect-src). They must
   * not depend on the distribution: the policy is part of it (the API's stage does, through its
   * CORS settings; its execute-api origin does not).
   */
  allowConnections(...origins: string[]): void {
    this.connections.push(...origins);
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
