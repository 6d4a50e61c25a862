/** Sign-up, e-mail verification, password reset and the member's own profile. */
import {
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { BOT_NAMES, type BotName } from '#api/bots';
import { RANK_NAMES, type Profile, type SignUpRequest } from '#api/schemas/auth';
import { nowIso } from '#core/clock';
import { cognito, userPoolClientId, userPoolId } from '#core/cognito';
import { config } from '#core/config';
import { badRequest, conflict, messages } from '#core/errors';
import { newToken } from '#core/ids';
import { assertLeft, spend, take } from '#core/rate-limit';
import { logger } from '#core/logger';
import { linkMail, sendMail, webUrl } from '#core/mail';
import { notify } from '#functions/notifications/service';
import { requestPlacement } from '#functions/team/service';
import { getMemberBalances } from '#functions/ledger/service';
import {
  createMember,
  findMemberByEmail,
  getMember,
  type MemberItem,
  requireMember,
} from '#functions/members/service';
import {
  findSignUp,
  getReservation,
  markSignUpVerified,
  releaseReservation,
  reserveUsername,
  saveVerifyToken,
  takeVerifyToken,
} from './store';

const errorName = (error: unknown): string => (error as { name?: string } | null)?.name ?? '';

/** A sponsor is a member (confirmed), found by username. */
/** For the admin's registration report: unverified sign-ups, and when members signed up. */
export { pendingSignUps, signUpTimes } from './store';

export const findSponsor = async (username: string): Promise<{ id: string; name: string } | null> => {
  const reservation = await getReservation(username);
  if (reservation?.status !== 'member' || !reservation.memberId) return null;
  const member = await getMember(reservation.memberId);
  return member ? { id: member.id, name: member.name } : null;
};

export const checkSponsor = async (userid: string, sourceIp: string) => {
  await take('sponsorCheck', sourceIp);
  const sponsor = await findSponsor(userid);
  return sponsor
    ? { status: 'yes' as const, message: 'Referral id verified.', name: sponsor.name }
    : { status: 'no' as const, message: messages.invalidSponsor };
};

const mailVerification = async (email: string): Promise<void> => {
  const token = newToken();
  await saveVerifyToken(token, email, config.auth.verifyTokenTtlHours);
  await sendMail(
    linkMail(
      email,
      'Verify your Trendex account',
      'Welcome to Trendex. Confirm your e-mail address to activate your account.',
      'Verify my e-mail',
      webUrl(`/verify?token=${encodeURIComponent(token)}`),
    ),
  );
};

export const signUp = async (input: SignUpRequest) => {
  await take('verifyMail', input.email);
  const phone = parsePhoneNumberFromString(input.mobile.replace(/\s/g, ''), input.country as CountryCode);
  if (!phone?.isValid()) throw badRequest('INVALID_PHONE', messages.invalidPhone, 'mobile');
  if (!(await findSponsor(input.sponsor)))
    throw badRequest('INVALID_SPONSOR', messages.invalidSponsor, 'sponsor');
  if (await findMemberByEmail(input.email)) throw conflict('EMAIL_TAKEN', messages.emailTaken, 'email');

  const reserved = await reserveUsername(
    {
      username: input.username,
      email: input.email,
      name: input.name,
      phone: phone.number,
      country: input.country,
      sponsor: input.sponsor,
      side: input.side,
      status: 'reserved',
    },
    config.auth.reservationTtlHours,
  );
  if (!reserved) throw conflict('USERNAME_TAKEN', messages.usernameTaken, 'username');

  try {
    await cognito().send(
      new SignUpCommand({
        ClientId: userPoolClientId(),
        Username: input.email,
        Password: input.password,
        // Nothing but the login: the username, sponsor and side live in the reservation, where
        // no caller of Cognito's public API can write them (the web client may not write them).
        UserAttributes: [],
      }),
    );
  } catch (error) {
    await releaseReservation(input.username, input.email);
    switch (errorName(error)) {
      case 'UsernameExistsException':
        throw conflict('EMAIL_TAKEN', messages.emailTaken, 'email');
      case 'InvalidPasswordException':
        throw badRequest('WEAK_PASSWORD', (error as Error).message, 'password');
      case 'UserLambdaValidationException':
        // the pre sign-up trigger refused the sponsor (e.g. it vanished between check and sign-up)
        throw badRequest('INVALID_SPONSOR', messages.invalidSponsor, 'sponsor');
      default:
        throw error;
    }
  }
  await mailVerification(input.email);
  logger.info('member signed up', { username: input.username });
  return { message: messages.signUpDone };
};

/** The Cognito account's attributes by login e-mail, or null when there is none. */
const accountAttributes = async (email: string): Promise<Record<string, string> | null> =>
  cognito()
    .send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: email }))
    .then((user) => Object.fromEntries((user.UserAttributes ?? []).map((a) => [a.Name!, a.Value ?? ''])))
    .catch((error: unknown) => {
      if (errorName(error) === 'UserNotFoundException') return null;
      throw error;
    });

export const verifyEmail = async (token: string) => {
  const email = await takeVerifyToken(token);
  if (!email) throw badRequest('LINK_INVALID', messages.linkInvalid, 'token');
  const signUp = await findSignUp(email);
  const attributes = await accountAttributes(email);
  // The account must be this e-mail's own sign-up: one made around our API (Cognito's SignUp
  // called directly, say with another address in its e-mail attribute) is never confirmed.
  if (!attributes || (attributes.email ?? '').toLowerCase() !== email)
    throw badRequest('LINK_INVALID', messages.linkInvalid, 'token');
  if (signUp?.status === 'member') return { message: messages.alreadyVerified };
  if (!signUp) throw badRequest('LINK_INVALID', messages.signUpExpired, 'token');
  await markSignUpVerified(email);
  try {
    // Confirming runs the post-confirmation trigger, which creates the member.
    await cognito().send(new AdminConfirmSignUpCommand({ UserPoolId: userPoolId(), Username: email }));
  } catch (error) {
    if (errorName(error) === 'NotAuthorizedException') return { message: messages.alreadyVerified };
    if (errorName(error) === 'UserNotFoundException')
      throw badRequest('LINK_INVALID', messages.linkInvalid, 'token');
    throw error;
  }
  // Cognito's password reset needs a verified address; we verified it, so say so. The name is
  // shown by the web app from the ID token.
  await cognito().send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: userPoolId(),
      Username: email,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: signUp.name },
      ],
    }),
  );
  return { message: messages.emailVerified };
};

/** The same answer whether or not the address has an account: no one learns who is a member. */
export const resendVerification = async (email: string) => {
  await take('verifyMail', email);
  const status = await cognito()
    .send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: email }))
    .then((user) => user.UserStatus)
    .catch((error: unknown) => {
      if (errorName(error) === 'UserNotFoundException') return null;
      throw error;
    });
  if (status === 'UNCONFIRMED') await mailVerification(email);
  else if (status)
    await sendMail(
      linkMail(
        email,
        'Your Trendex account is verified',
        messages.alreadyVerified,
        'Log in',
        webUrl('/login'),
      ),
    );
  return { message: messages.verifyLinkSent };
};

export const requestPasswordReset = async (email: string) => {
  await take('resetMail', email);
  try {
    // Cognito mails the code; the custom-message trigger turns it into a /changepassword link.
    await cognito().send(new ForgotPasswordCommand({ ClientId: userPoolClientId(), Username: email }));
  } catch (error) {
    if (
      !['UserNotFoundException', 'InvalidParameterException', 'NotAuthorizedException'].includes(
        errorName(error),
      )
    )
      throw error;
  }
  return { message: messages.resetLinkSent };
};

/** The reset link's token: the e-mail and Cognito's code, so the page needs nothing else. */
export const resetToken = {
  make: (email: string, code: string) => `${Buffer.from(email).toString('base64url')}.${code}`,
  read: (token: string): { email: string; code: string } | null => {
    const [encoded, code] = token.split('.');
    if (!encoded || !code || !/^\d{4,8}$/.test(code)) return null;
    const email = Buffer.from(encoded, 'base64url').toString('utf8');
    return email.includes('@') ? { email, code } : null;
  },
};

export const resetPassword = async (token: string, password: string) => {
  const parsed = resetToken.read(token);
  if (!parsed) throw badRequest('LINK_INVALID', messages.linkInvalid, 'token');
  // Cognito counts wrong codes in AWS; cognito-local does not, so we count them everywhere.
  await assertLeft('resetTries', parsed.email);
  try {
    await cognito().send(
      new ConfirmForgotPasswordCommand({
        ClientId: userPoolClientId(),
        Username: parsed.email,
        ConfirmationCode: parsed.code,
        Password: password,
      }),
    );
  } catch (error) {
    if (
      ['CodeMismatchException', 'ExpiredCodeException', 'UserNotFoundException'].includes(errorName(error))
    ) {
      await spend('resetTries', parsed.email);
      throw badRequest('LINK_INVALID', messages.linkInvalid, 'token');
    }
    if (errorName(error) === 'InvalidPasswordException')
      throw badRequest('WEAK_PASSWORD', (error as Error).message, 'password');
    throw error;
  }
  return { message: messages.passwordUpdated };
};

interface NewMember {
  id: string;
  email: string;
}

/**
 * Makes the member item from a confirmed account and the sign-up its e-mail reserved: the
 * username, name, sponsor and side come from that reservation only, never from Cognito attributes
 * a caller can set. Called by the post-confirmation trigger, the local stack's seeding of the
 * root admin and the demo seed. Throws when the e-mail holds no sign-up (nothing is admitted).
 */
export const admitMember = async (account: NewMember): Promise<void> => {
  const email = account.email.toLowerCase();
  const reservation = await findSignUp(email);
  if (!reservation?.verified || (reservation.status === 'member' && reservation.memberId !== account.id))
    throw new Error(messages.signUpExpired);
  const sponsor = reservation.sponsor ? await findSponsor(reservation.sponsor) : null;
  const member: MemberItem = {
    id: account.id,
    email,
    name: reservation.name,
    username: reservation.username,
    phone: reservation.phone,
    country: reservation.country,
    rank: 1,
    sponsor: sponsor ? reservation.sponsor : null,
    sponsorId: sponsor?.id ?? null,
    side: sponsor ? reservation.side : null,
    registeredAt: nowIso(),
    isActive: false,
    isSilver: false,
    isGold: false,
    activatedAt: null,
    expiresAt: null,
    wallet: 0,
    wallet1: 0,
    fuelwallet: 0,
    bots: {},
  };
  const created = await createMember(member);
  // Not created: a repeated confirmation (the member exists), or the username went to another.
  if (!created && !(await getMember(member.id))) throw new Error(messages.signUpExpired);
  // The tree placement runs off this path: a pending item that the team domain's consumer
  // processes (idempotent, so a retried trigger queues nothing twice).
  await requestPlacement({
    memberId: member.id,
    sponsorId: member.sponsorId,
    side: member.side,
    email: member.email,
    name: member.name,
    username: member.username,
    registeredAt: member.registeredAt,
  });
  if (created) {
    await notify(
      member.id,
      `Welcome to Trendex, ${member.name}. Connect an exchange and pick a plan to start a bot.`,
    );
  }
};

/** Accounts the platform makes itself (the root admin, the demo seed) have no mailed link to follow. */
export const admitOwnAccount = async (account: NewMember): Promise<void> => {
  await markSignUpVerified(account.email.toLowerCase());
  await admitMember(account);
};

export const getProfile = async (memberId: string, isAdmin: boolean): Promise<Profile> => {
  const [member, balances] = await Promise.all([requireMember(memberId), getMemberBalances(memberId)]);
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    username: member.username,
    phone: member.phone,
    country: member.country,
    rank: member.rank,
    rankName: RANK_NAMES[member.rank - 1],
    sponsor: member.sponsor,
    side: member.side,
    registeredAt: member.registeredAt,
    isAdmin,
    plan: {
      isActive: member.isActive,
      isSilver: member.isSilver,
      isGold: member.isGold,
      activatedAt: member.activatedAt,
      expiresAt: member.expiresAt,
    },
    // the ledger's balances are the truth; the member item's wallet numbers are not used
    balances: { wallet: balances.wallet, wallet1: balances.wallet1, fuelwallet: balances.fuelwallet },
    bots: member.bots,
    grantedBot: member.grantedBot && member.grantedBot in BOT_NAMES ? (member.grantedBot as BotName) : null,
    proxy: process.env.EXCHANGE_EGRESS_IP ?? '127.0.0.1',
  };
};
