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

/**
 * Shared by the API's and the WebSocket's methods that API Gateway lets through without a Cognito
 * authorizer (AwsSolutions-APIG4, -COG4): what stands instead, for each kind.
 */
export const NO_COGNITO_AUTHORIZER =
  "By design: public routes (sign-up, verification, password reset, contact, payment callbacks, ticker) are throttled per route and validated; admin and staff routes have a Lambda authorizer (the token's admin or support group, TOTP sign-in); WebSocket $connect's handler verifies the ID token.";

/**
 * Actions that name no resource: X-Ray tracing (functions, the payout state machine), a state
 * machine's log delivery, and ECR's sign-in for a task pulling its image (the user streams).
 */
export const NO_RESOURCE_TO_NAME =
  "X-Ray tracing (PutTraceSegments, PutTelemetryRecords), a state machine's log delivery and ECR's GetAuthorizationToken have no resource to name.";
