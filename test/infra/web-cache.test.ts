/**
 * CloudFront sends the app as the local server does (local/web-static.ts): compressed (br or gzip)
 * under the managed CachingOptimized policy, the hashed files under assets/ cached for a year as
 * immutable, the rest no-cache. The Web construct publishes a small built app of its own here, so
 * the test does not depend on web/dist having been built.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { Web } from '../../lib/constructs/web';
import type { Props } from './support';

/** CloudFront's managed CachingOptimized policy: honours the objects' Cache-Control, br and gzip on. */
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';

const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'assets', 'index-AbC123.js'), 'export {};\n');
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Trendex</title>');
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const app = new App();
const stack = new Stack(app, 'WebCache', { env: { account: '111111111111', region: 'us-east-1' } });
const web = new Web(stack, 'Web');
web.publish(
  {
    apiUrl: 'https://api.example.com',
    wsUrl: 'wss://ws.example.com',
    cognito: { userPoolId: 'pool', userPoolClientId: 'client', authFlowType: 'USER_SRP_AUTH' },
  },
  dist,
);
const template = Template.fromStack(stack);
const deployments = Object.entries(template.findResources('Custom::CDKBucketDeployment')) as [
  string,
  Props,
][];
const cacheControlOf = (props: Props) => props.Properties.SystemMetadata?.['cache-control'];

describe('the web app on CloudFront', () => {
  it('compresses (br or gzip) under the CachingOptimized policy', () => {
    const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution')) as Props[];
    const behavior = distribution.Properties.DistributionConfig.DefaultCacheBehavior;
    expect(behavior.Compress).toBe(true);
    expect(behavior.CachePolicyId).toBe(CACHING_OPTIMIZED);
  });

  it('publishes the hashed assets immutable for a year, before the rest, which is no-cache', () => {
    const assets = deployments.filter(([, d]) => d.Properties.DestinationBucketKeyPrefix === 'assets/');
    expect(assets).toHaveLength(1);
    const [assetsId, assetsDeployment] = assets[0];
    expect(cacheControlOf(assetsDeployment)).toBe('public, max-age=31536000, immutable');
    expect(assetsDeployment.Properties.Prune).toBe(false);

    const rest = deployments.filter(([, d]) => JSON.stringify(d.Properties.DistributionPaths) === '["/*"]');
    expect(rest).toHaveLength(1);
    const [, appDeployment] = rest[0];
    expect(cacheControlOf(appDeployment)).toBe('no-cache');
    expect(appDeployment.Properties.Exclude).toEqual(
      expect.arrayContaining(['config.json', 'robots.txt', 'sitemap.xml', 'assets/*']),
    );
    expect(appDeployment.DependsOn).toEqual(expect.arrayContaining([assetsId]));
  });

  it('uploads the hashed files only once: the no-cache upload holds index.html and the rest, not assets/', () => {
    const staged = readdirSync(app.synth().directory, { withFileTypes: true }).filter(
      (entry) => entry.isDirectory() && entry.name.startsWith('asset.'),
    );
    const contents = staged.map((entry) => readdirSync(join(app.outdir, entry.name)).sort());
    expect(contents).toContainEqual(['favicon.svg', 'index.html']);
    expect(contents).toContainEqual(['index-AbC123.js']);
  });

  it('answers a page path with its prerendered HTML, and any other path with the app shell', () => {
    const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution')) as Props[];
    const config = distribution.Properties.DistributionConfig;
    const [association] = config.DefaultCacheBehavior.FunctionAssociations;
    expect(association.EventType).toBe('viewer-request');
    const [[id, fn]] = Object.entries(template.findResources('AWS::CloudFront::Function')) as [
      string,
      Props,
    ][];
    expect(association.FunctionARN).toEqual({ 'Fn::GetAtt': [id, 'FunctionARN'] });
    // the function's own code, run as CloudFront runs it on each request
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (event: {
      request: { uri: string };
    }) => { uri: string };
    const asked = (uri: string) => handler({ request: { uri } }).uri;
    expect(asked('/')).toBe('/index.html');
    expect(asked('/pricing')).toBe('/pricing/index.html');
    expect(asked('/login/')).toBe('/login/index.html');
    expect(asked('/dashboard')).toBe('/dashboard/index.html');
    expect(asked('/assets/index-AbC123.js')).toBe('/assets/index-AbC123.js');
    expect(asked('/config.json')).toBe('/config.json');
    // a page without prerendered HTML is not in the bucket: S3 refuses it, and the shell answers
    expect(config.CustomErrorResponses).toEqual(
      [403, 404].map((code) => ({
        ErrorCode: code,
        ResponseCode: 200,
        ResponsePagePath: '/app.html',
        ErrorCachingMinTTL: 0,
      })),
    );
  });

  it('writes robots.txt and sitemap.xml for the distribution URL at deploy time, never cached', () => {
    const [[, config]] = deployments.filter(([, d]) =>
      (d.Properties.DistributionPaths ?? []).includes('/config.json'),
    );
    expect(config.Properties.DistributionPaths).toEqual(['/config.json', '/robots.txt', '/sitemap.xml']);
    expect(cacheControlOf(config)).toBe('no-cache');
    // the URL is a deploy-time value: the files hold a marker the deployment replaces with it
    const domain = JSON.stringify(config.Properties.SourceMarkers);
    expect(domain).toContain('DomainName');
    const outdir = app.synth().directory;
    const files = readdirSync(outdir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.startsWith('asset.'))
      .flatMap((entry) =>
        readdirSync(join(outdir, entry.name)).map((name) => [
          name,
          readFileSync(join(outdir, entry.name, name), 'utf8'),
        ]),
      );
    const sitemap = files.find(([name]) => name === 'sitemap.xml')![1];
    expect(sitemap).toMatch(/<loc>https:\/\/<<marker:0x[0-9a-f]+:\d+>>\/pricing<\/loc>/);
    const robots = files.find(([name]) => name === 'robots.txt')![1];
    expect(robots).toMatch(/^Sitemap: https:\/\/<<marker:0x[0-9a-f]+:\d+>>\/sitemap.xml$/m);
  });
});
