import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { suppress } from '../nag';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

interface MailProps {
  /** The sender address (context `mailFrom`); SES mails a verification link to it on deploy. */
  mailFrom: string;
  /** Where the Contact Us form and complaints are mailed (context `supportEmail`). */
  supportEmail: string;
}

/** SES: the sender identity and the permission to send from it. */
export class Mail extends Construct {
  readonly identity: EmailIdentity;
  readonly mailFrom: string;
  readonly supportEmail: string;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.mailFrom = props.mailFrom;
    this.supportEmail = props.supportEmail;
    this.identity = new EmailIdentity(this, 'Sender', { identity: Identity.email(props.mailFrom) });
  }

  /**
   * The sender and support addresses in env, and ses:SendEmail (simple content: no raw mail) on
   * the account's identities: while the account is in the SES sandbox, SES also authorizes
   * against the (verified) recipient identities, so the sender's ARN alone is not enough.
   */
  grantSend(fn: LambdaFunction): void {
    fn.addEnvironment('MAIL_FROM', this.mailFrom);
    fn.addEnvironment('SUPPORT_EMAIL', this.supportEmail);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })],
      }),
    );
    suppress(
      'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*]',
      "In the SES sandbox SES also checks the recipients' identities: sending only (no raw mail).",
      fn.role!,
    );
  }
}
