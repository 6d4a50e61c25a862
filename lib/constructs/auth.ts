import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  ClientAttributes,
  Mfa,
  StringAttribute,
  UserPool,
  UserPoolEmail,
  UserPoolOperation,
  type UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { suppress } from '../nag';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { pascal, type Functions } from '../functions';
import type { CognitoAction } from '../permissions';

/** The exports of functions/auth/triggers.ts and the Cognito operation each one serves. */
const TRIGGERS = [
  ['preSignUp', UserPoolOperation.PRE_SIGN_UP],
  ['postConfirmation', UserPoolOperation.POST_CONFIRMATION],
  ['customMessage', UserPoolOperation.CUSTOM_MESSAGE],
  ['preTokenGeneration', UserPoolOperation.PRE_TOKEN_GENERATION],
] as const;

interface AuthProps {
  functions: Functions;
  /** Sender of Cognito's own mails (the reset link via the custom message trigger). */
  mailFrom: string;
  /** Send Cognito mails through SES (needs the mailFrom identity verified first; context cognitoSesEmail). */
  cognitoMailViaSes: boolean;
}

/**
 * The user pool: e-mail is the username; Cognito's own verification mail is off (autoVerify off),
 * our verification token mail confirms accounts with AdminConfirmSignUp. TOTP MFA is optional for
 * members; admins must enrol (the app asks them to, and the admin routes' authorizer refuses an
 * admin token without the `mfa` claim of a TOTP sign-in, added by the pre token generation trigger).
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly triggers: Record<(typeof TRIGGERS)[number][0], NodejsFunction>;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    this.userPool = new UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      autoVerify: { email: false, phone: false },
      standardAttributes: {
        // The sign-in name, so every account has it; not "required", because Cognito refuses a
        // client that cannot write a required attribute, and the web client must not write it.
        email: { required: false, mutable: true },
        fullname: { required: false, mutable: true },
        preferredUsername: { required: false, mutable: true },
        phoneNumber: { required: false, mutable: true },
      },
      customAttributes: {
        sponsor: new StringAttribute({ mutable: false }),
        side: new StringAttribute({ mutable: false }),
      },
      // Same rules as api/schemas/auth.ts passwordRules (no lower-case rule there).
      passwordPolicy: {
        minLength: 9,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        requireLowercase: false,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      email: props.cognitoMailViaSes ? UserPoolEmail.withSES({ fromEmail: props.mailFrom }) : undefined,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    suppress(
      'AwsSolutions-COG8',
      "Plus tier's threat protection is priced per active user; the security issue's MFA and per-route limits stand instead.",
      this.userPool,
    );
    this.userPool.addGroup('AdminGroup', { groupName: 'admin', description: 'Administrators' });
    this.userPool.addGroup('SupportGroup', { groupName: 'support', description: 'Support staff' });

    this.client = this.userPool.addClient('WebClient', {
      // SRP only: the password never leaves the browser. (The local stack signs in with
      // USER_PASSWORD_AUTH because cognito-local has no SRP; AWS refuses that flow.)
      authFlows: { userSrp: true },
      // A signed-in member may change their name and nothing else: the e-mail, the username
      // (preferred_username) and custom:sponsor/side are set by our own code only (the sign-up API
      // sends no attributes; Cognito takes the e-mail from the username).
      writeAttributes: new ClientAttributes().withStandardAttributes({ fullname: true }),
      generateSecret: false,
      disableOAuth: true,
      preventUserExistenceErrors: true,
    });

    // Four functions from one entry (one bundle asset, four handler exports): each trigger keeps
    // its own log group, metrics and timeout.
    const triggers = TRIGGERS.map(([name, operation]) => {
      const fn = props.functions.create(this, `${pascal(name)}Trigger`, {
        name: `trigger/${name}`,
        entry: 'auth/triggers.ts',
        handler: name,
      });
      this.userPool.addTrigger(operation, fn);
      return [name, fn] as const;
    });
    this.triggers = Object.fromEntries(triggers) as Auth['triggers'];
  }

  /** Where the web app signs in (the CSP's connect-src). */
  get endpoint(): string {
    const { region, urlSuffix } = Stack.of(this);
    return `https://cognito-idp.${region}.${urlSuffix}`;
  }

  /** The pool ids, for functions that verify tokens or call Cognito (never a trigger: cycle). */
  exposePoolIds(fn: LambdaFunction): void {
    fn.addEnvironment('USER_POOL_ID', this.userPool.userPoolId);
    fn.addEnvironment('USER_POOL_CLIENT_ID', this.client.userPoolClientId);
  }

  /** These Cognito operations on this pool, and its ids in env. */
  grantOperations(fn: LambdaFunction, operations: readonly CognitoAction[]): void {
    const actions = operations.map((o) => `cognito-idp:${o}`);
    if (!Object.values<LambdaFunction>(this.triggers).includes(fn)) {
      this.exposePoolIds(fn);
      fn.addToRolePolicy(new PolicyStatement({ actions, resources: [this.userPool.userPoolArn] }));
      return;
    }
    // The pool depends on its triggers, so a trigger may not reference the pool (a cycle): the
    // pool id comes in the event, and the grant is on any pool of this account and region.
    const anyPoolHere = Stack.of(this).formatArn({
      service: 'cognito-idp',
      resource: 'userpool',
      resourceName: '*',
    });
    fn.addToRolePolicy(new PolicyStatement({ actions, resources: [anyPoolHere] }));
    suppress(
      'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:cognito-idp:<AWS::Region>:<AWS::AccountId>:userpool/*]',
      'A trigger cannot name its own pool (a cycle): the named operations on pools of this account and region.',
      fn.role!,
    );
  }
}
