import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  StringAttribute,
  UserPool,
  UserPoolEmail,
  UserPoolOperation,
  type UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { pascal, type Functions } from '../functions';

/** The Cognito admin APIs our auth code calls (sign-up, our own e-mail verification, reset, roles). */
const COGNITO_ADMIN_ACTIONS = [
  'AdminConfirmSignUp',
  'AdminGetUser',
  'SignUp',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'AdminAddUserToGroup',
  'AdminUpdateUserAttributes',
  'ListUsers',
].map((a) => `cognito-idp:${a}`);

/** The exports of functions/auth/triggers.ts and the Cognito operation each one serves. */
const TRIGGERS = [
  ['preSignUp', UserPoolOperation.PRE_SIGN_UP],
  ['postConfirmation', UserPoolOperation.POST_CONFIRMATION],
  ['customMessage', UserPoolOperation.CUSTOM_MESSAGE],
] as const;

export interface AuthProps {
  functions: Functions;
  /** Sender of Cognito's own mails (the reset link via the custom message trigger). */
  mailFrom: string;
  /** Send Cognito mails through SES (needs the mailFrom identity verified first; context cognitoSesEmail). */
  cognitoMailViaSes: boolean;
}

/**
 * The user pool: e-mail is the username; Cognito's own verification mail is off (autoVerify off),
 * our verification token mail confirms accounts with AdminConfirmSignUp.
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
        email: { required: true, mutable: true },
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
      email: props.cognitoMailViaSes ? UserPoolEmail.withSES({ fromEmail: props.mailFrom }) : undefined,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.userPool.addGroup('AdminGroup', { groupName: 'admin', description: 'Administrators' });
    this.userPool.addGroup('SupportGroup', { groupName: 'support', description: 'Support staff' });

    this.client = this.userPool.addClient('WebClient', {
      authFlows: { userPassword: true, userSrp: true },
      generateSecret: false,
      disableOAuth: true,
      preventUserExistenceErrors: true,
    });

    // Three functions from one entry (one bundle asset, three handler exports): each trigger keeps
    // its own log group, metrics and timeout.
    const anyPoolHere = Stack.of(this).formatArn({
      service: 'cognito-idp',
      resource: 'userpool',
      resourceName: '*',
    });
    const triggers = TRIGGERS.map(([name, operation]) => {
      const fn = props.functions.create(this, `${pascal(name)}Trigger`, {
        entry: 'auth/triggers.ts',
        handler: name,
      });
      this.userPool.addTrigger(operation, fn);
      // The pool depends on its triggers, so a trigger may not reference the pool (a cycle):
      // the pool id comes in the event, and the grant is on any pool of this account and region.
      fn.addToRolePolicy(new PolicyStatement({ actions: COGNITO_ADMIN_ACTIONS, resources: [anyPoolHere] }));
      return [name, fn] as const;
    });
    this.triggers = Object.fromEntries(triggers) as Auth['triggers'];
  }

  /** The pool ids, for functions that verify tokens or call Cognito (never a trigger: cycle). */
  exposePoolIds(fn: LambdaFunction): void {
    fn.addEnvironment('USER_POOL_ID', this.userPool.userPoolId);
    fn.addEnvironment('USER_POOL_CLIENT_ID', this.client.userPoolClientId);
  }

  /** Pool ids plus the Cognito admin APIs on this pool (exact ARN: no cycle for a non-trigger). */
  grantAdminApis(fn: LambdaFunction): void {
    this.exposePoolIds(fn);
    fn.addToRolePolicy(
      new PolicyStatement({ actions: COGNITO_ADMIN_ACTIONS, resources: [this.userPool.userPoolArn] }),
    );
  }
}
