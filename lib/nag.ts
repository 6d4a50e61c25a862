/**
 * cdk-nag suppressions (the AwsSolutions and Serverless packs run in test/infra/nag.test.ts). One
 * suppression is one rule with one reason, put on exactly the resources it is about (never on a
 * stack or a construct holding other resources), so a new resource is checked afresh.
 */
import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

export const suppress = (rule: string, reason: string, ...resources: IConstruct[]): void => {
  for (const resource of resources) Validations.of(resource).acknowledge({ id: rule, reason });
};
