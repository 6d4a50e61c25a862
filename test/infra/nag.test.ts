/**
 * cdk-nag's AwsSolutions and Serverless packs on the synthesized stack: no error may stand
 * unsuppressed, and the suppressions (lib/nag.ts) stay few, one line each, each on a resource.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type App, CfnResource, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthesize } from './support';

let app: App | undefined;
let failure: unknown;
beforeAll(() => {
  let made: App | undefined;
  try {
    synthesize({}, {}, (a) => {
      made = a;
      Validations.of(a).addPlugins(new AwsSolutionsChecks(a), new ServerlessChecks(a));
    });
  } catch (error) {
    failure = error;
  }
  app = made;
}, 240_000);

/** The unsuppressed errors of the validation report, 'rule at path'. */
const unsuppressedErrors = (outdir: string): string[] => {
  const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as {
    pluginReports: {
      violations: { ruleName: string; severity: string; violatingConstructs: { constructPath: string }[] }[];
    }[];
  };
  return report.pluginReports.flatMap((p) =>
    p.violations
      .filter((v) => v.severity === 'error')
      .flatMap((v) => v.violatingConstructs.map((c) => `${v.ruleName} at ${c.constructPath}`)),
  );
};

const acknowledgements = (
  root: IConstruct,
): { path: string; construct: IConstruct; rule: string; reason: string }[] =>
  root.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) =>
        Object.entries(m.data as Record<string, string>).map(([rule, reason]) => ({
          path: construct.node.path,
          construct,
          rule: rule.replace(/^\w+::/, ''), // stored as 'Annotation::<rule>'
          reason,
        })),
      ),
  );

describe('cdk-nag', () => {
  it('finds no unsuppressed error in the AwsSolutions and Serverless packs', () => {
    // warnings (WAF, geo restriction, MFA: the security issue's) also stop the synth; errors fail here
    if (failure && !String(failure).includes('ValidationFailed')) throw failure;
    const errors = failure ? unsuppressedErrors(app!.outdir) : [];
    expect(errors).toEqual([]);
  });

  it('has at most 43 suppressions, each a one-line reason on one resource', () => {
    // cdk-nag's rules (CDK's own template checks acknowledge some of theirs on the stack)
    const found = acknowledgements(app!).filter((a) => /^(AwsSolutions|Serverless)-/.test(a.rule));
    // one suppression = one rule with one reason (lib/nag.ts), however many resources it names
    const suppressions = new Set(found.map((a) => `${a.rule} | ${a.reason}`));
    expect(suppressions.size).toBeGreaterThan(0);
    // 41: the cursor key is a generated secret with nothing to rotate into (docs/decisions/
    // auth-and-security.md, "Paging cursors are signed and bound to the caller and the query");
    // 43: the user stream tasks' settings in their environment and no Container Insights
    // (docs/decisions/user-data-streams.md)
    expect(suppressions.size).toBeLessThanOrEqual(43);
    for (const a of found) {
      expect(a.reason.trim().length, a.path).toBeGreaterThan(10);
      expect(a.reason, a.path).not.toMatch(/\n/);
      // the resource itself (an L1, or an L2 whose default child is its L1), never a stack or a group
      const resource =
        CfnResource.isCfnResource(a.construct) ||
        (a.construct.node.defaultChild !== undefined &&
          CfnResource.isCfnResource(a.construct.node.defaultChild));
      expect(resource, `${a.rule} on ${a.path}`).toBe(true);
    }
  });
});
