import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { publicLimitOf, type PublicLimit } from '../throttling';
import type { ApiRoute } from './api';

interface FirewallProps {
  /** The REST API stage to protect. */
  stageArn: string;
  /** The route table (api/routes.ts): its public routes get rate-based rules. */
  routes: Record<string, ApiRoute>;
}

/** The WAF's answer to a refused request (the app's own limits answer 429 too). */
const TOO_MANY = 'TooManyRequests';

/**
 * A path of the route table as a regular expression over the request's URI path: path
 * parameters match one segment; the start is open, so the stage prefix (/v1) or a custom
 * domain's base path both match.
 */
const pathPattern = (path: string): string =>
  `${path
    .split('/')
    .map((part) => (/^\{.+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')}/?$`;

const visibility = (metricName: string) => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

/**
 * A regional WAF on the REST API's stage: per-IP rate-based rules on the public routes (grouped
 * as lib/throttling.ts groups their limits), then AWS's common rule set.
 */
export class Firewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: FirewallProps) {
    super(scope, id);
    const groups = new Map<PublicLimit, Set<string>>();
    for (const route of Object.values(props.routes)) {
      if (route.access !== 'public') continue;
      const limit = publicLimitOf(route);
      groups.set(limit, (groups.get(limit) ?? new Set()).add(pathPattern(route.path)));
    }
    const rateRules = [...groups].map(([limit, patterns], priority): CfnWebACL.RuleProperty => ({
      name: `RateLimit${limit.name}`,
      priority,
      action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: TOO_MANY } } },
      statement: {
        rateBasedStatement: {
          limit: limit.perIpPer5Minutes,
          evaluationWindowSec: 300,
          aggregateKeyType: 'IP',
          scopeDownStatement: {
            regexMatchStatement: {
              regexString: `(${[...patterns].join('|')})`,
              fieldToMatch: { uriPath: {} },
              textTransformations: [{ priority: 0, type: 'NONE' }],
            },
          },
        },
      },
      visibilityConfig: visibility(`RateLimit${limit.name}`),
    }));

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      description: 'Trendex REST API: rate limits on the public routes, AWS common rules',
      defaultAction: { allow: {} },
      customResponseBodies: {
        [TOO_MANY]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            message: 'Too many requests from your network. Please wait a few minutes and try again.',
          }),
        },
      },
      rules: [
        ...rateRules,
        {
          // Blocking: our API takes small JSON bodies and plain paths, so what this set refuses
          // (bodies over 8 KB, which the WAF could not inspect whole, script or path traversal in
          // a field, metadata-service URLs) is never a member's request. Only the missing
          // User-Agent rule counts instead: a payment provider's callback may carry none, and
          // its signature is its proof.
          name: 'AwsCommonRules',
          priority: rateRules.length,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              ruleActionOverrides: [{ name: 'NoUserAgent_HEADER', actionToUse: { count: {} } }],
            },
          },
          visibilityConfig: visibility('AwsCommonRules'),
        },
      ],
      visibilityConfig: visibility('TrendexApi'),
    });
    new CfnWebACLAssociation(this, 'StageAssociation', {
      resourceArn: props.stageArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
