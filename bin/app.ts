/** The CDK app: `npx cdk synth` / `npx cdk deploy` (see docs/operations.md). */
import { App } from 'aws-cdk-lib';
import { TrendexStack } from '../lib/trendex-stack';

const app = new App();
// Environment-agnostic on purpose: synthesizes offline, deploys to the CLI's account and region.
new TrendexStack(app, 'Trendex', {
  description: 'Trendex: serverless crypto auto-trading platform',
});
app.synth();
