import { existsSync } from 'node:fs';
import path from 'node:path';
import { type CfnElement, Duration, Lazy, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  CachePolicy,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  Function as ViewerFunction,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { RuntimeConfig } from '../../web/src/lib/config';
import { robotsTxt, sitemapXml } from '../../web/src/lib/pageMeta';
import { contentSecurityPolicy } from '../csp';
import { repoRoot } from '../functions';
import { suppress } from '../nag';
import { NO_BUCKET_ACCESS_LOGS } from './storage';

/** What the web app reads from /config.json at start-up: the web's own type, one contract. */
type WebConfig = RuntimeConfig;

interface WebProps {
  /**
   * A custom domain for the app (`webDomain` context) and its ACM certificate in us-east-1
   * (`webCertificateArn`): viewers then need TLS 1.2 or newer. Without one the app is served on
   * *.cloudfront.net, whose certificate CloudFront chooses (docs/operations.md).
   */
  domain?: { name: string; certificateArn: string };
}

/**
 * CloudFront's viewer-request function (JavaScript runtime 2.0): a path without a file extension
 * is a page, asked of S3 as <path>/index.html.
 */
export const PRERENDERED_PAGE_FUNCTION = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.endsWith('/')) request.uri = uri + 'index.html';
  else if (!/\\.[^/]*$/.test(uri)) request.uri = uri + '/index.html';
  return request;
}`;

/** CDK's own function that copies the app into the bucket at deploy time (one per stack). */
function suppressDeploymentHandler(deployment: BucketDeployment, bucket: Bucket): void {
  const handler = deployment.handlerRole.node.scope!;
  const reason = "CDK's BucketDeployment function (deploy time only): its grants and runtime are CDK's.";
  for (const rule of [
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    'AwsSolutions-IAM5[Action::s3:GetBucket*]',
    'AwsSolutions-IAM5[Action::s3:GetObject*]',
    'AwsSolutions-IAM5[Action::s3:List*]',
    'AwsSolutions-IAM5[Action::s3:Abort*]',
    'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
    'AwsSolutions-IAM5[Resource::*]',
    `AwsSolutions-IAM5[Resource::<${Stack.of(bucket).getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn>/*]`,
    'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
    'AwsSolutions-L1',
    'Serverless-LambdaLatestVersion',
    'Serverless-LambdaDLQ',
  ])
    suppress(rule, reason, handler);
}

/** The web app: a private bucket served by CloudFront through origin access control. */
export class Web extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** https://<id>.cloudfront.net — the web origin (CORS) and the base of links in mails. */
  readonly url: string;
  /** The origins the app talks to besides itself (the CSP's connect-src): see allowConnections. */
  private readonly connections: string[] = [];

  constructor(scope: Construct, id: string, props: WebProps = {}) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // A page's path is answered with its prerendered HTML, <path>/index.html (the home page
    // index.html), where the build has one (web/vite.config.ts, `prerenderPublicPages`); S3 refuses
    // the others (403, the origin may not list the bucket), and they get the app's empty shell,
    // app.html: a single-page app's client routes (/verify?token=…, /dashboard). The local server
    // answers the same (local/web-static.ts).
    const pages = new ViewerFunction(this, 'PrerenderedPages', {
      comment: 'Trendex web app: a page path to its prerendered HTML',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(PRERENDERED_PAGE_FUNCTION),
    });
    const spaFallback = (httpStatus: number) => ({
      httpStatus,
      responseHttpStatus: 200,
      responsePagePath: '/app.html',
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
        // br or gzip by the viewer's Accept-Encoding, cached per encoding; the objects' own
        // Cache-Control (set in publish) says how long browsers keep them. The local server does
        // the same (local/web-static.ts).
        compress: true,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        functionAssociations: [{ function: pages, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      errorResponses: [spaFallback(403), spaFallback(404)],
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      ...(props.domain && {
        domainNames: [props.domain.name],
        certificate: Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
        minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      }),
    });
    this.url = props.domain
      ? `https://${props.domain.name}`
      : `https://${this.distribution.distributionDomainName}`;
    suppress(...NO_BUCKET_ACCESS_LOGS, this.bucket);
    suppress(
      'AwsSolutions-CFR3',
      'The app is static files; API calls are logged at API Gateway (access logs).',
      this.distribution,
    );
    if (!props.domain)
      suppress(
        'AwsSolutions-CFR4',
        "*.cloudfront.net's certificate and TLS policy are CloudFront's; a custom domain (webDomain) sets TLS 1.2.",
        this.distribution,
      );
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
   * first), and /config.json with the stack's endpoints and /robots.txt and /sitemap.xml with its
   * URL (which the build does not know), never cached. The hashed files under
   * assets/ are cached for a year (a new build has new names); everything else (index.html,
   * images) is revalidated on each load, so a deploy shows at once.
   */
  publish(config: WebConfig, dist = path.join(repoRoot, 'web', 'dist')): void {
    if (existsSync(dist)) {
      // uploaded first and never pruned: a tab still open on the previous build loads its chunks
      const assets = new BucketDeployment(this, 'Assets', {
        sources: [Source.asset(path.join(dist, 'assets'))],
        destinationBucket: this.bucket,
        destinationKeyPrefix: 'assets/',
        prune: false,
        cacheControl: [
          CacheControl.setPublic(),
          CacheControl.maxAge(Duration.days(365)),
          CacheControl.immutable(),
        ],
      });
      const app = new BucketDeployment(this, 'App', {
        sources: [Source.asset(dist, { exclude: ['assets'] })],
        destinationBucket: this.bucket,
        // neither uploaded nor pruned: the deployments above and below own them
        exclude: ['config.json', 'robots.txt', 'sitemap.xml', 'assets/*'],
        cacheControl: [CacheControl.noCache()],
        distribution: this.distribution,
        distributionPaths: ['/*'],
      });
      app.node.addDependency(assets);
    }
    const configDeployment = new BucketDeployment(this, 'Config', {
      sources: [
        Source.jsonData('config.json', config),
        Source.data('robots.txt', robotsTxt(this.url)),
        Source.data('sitemap.xml', sitemapXml(this.url)),
      ],
      destinationBucket: this.bucket,
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/config.json', '/robots.txt', '/sitemap.xml'],
    });
    suppressDeploymentHandler(configDeployment, this.bucket);
  }
}
