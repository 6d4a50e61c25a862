/** Cognito triggers: the same handlers in AWS and in the local stack's cognito-local. */
import type {
  CustomMessageTriggerEvent,
  PostConfirmationTriggerEvent,
  PreSignUpTriggerEvent,
  PreTokenGenerationTriggerEvent,
} from 'aws-lambda';
import { MFA_CLAIM, MFA_TOTP } from '#core/admin-access';
import { cognito } from '#core/cognito';
import { messages } from '#core/errors';
import { linkMail, webUrl } from '#core/mail';
import { admitMember, findSponsor, resetToken } from './service';
import { findSignUp } from './store';

/**
 * Refuses a self sign-up that our sign-up API did not reserve: the e-mail must hold a live
 * reservation, whose sponsor must still be a member. Whatever attributes the caller sent are
 * ignored (the username, sponsor and side are the reservation's); Cognito shows the message.
 */
export const preSignUp = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  if (event.triggerSource !== 'PreSignUp_SignUp') return event; // admins create accounts by hand
  const reservation = await findSignUp((event.request.userAttributes.email ?? '').toLowerCase());
  if (reservation?.status !== 'reserved') throw new Error(messages.signUpExpired);
  if (!reservation.sponsor || !(await findSponsor(reservation.sponsor)))
    throw new Error(messages.invalidSponsor);
  return event;
};

/** A confirmed account becomes a member under the username its e-mail reserved. */
export const postConfirmation = async (
  event: PostConfirmationTriggerEvent,
): Promise<PostConfirmationTriggerEvent> => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attributes = event.request.userAttributes;
  await admitMember({ id: attributes.sub, email: attributes.email });
  return event;
};

/**
 * Cognito's own mails carry a code; ours carry a link. Only the password reset uses a Cognito
 * mail (verification is our own token), and its link holds the e-mail and the code placeholder,
 * which Cognito fills in.
 */
export const customMessage = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  if (event.triggerSource !== 'CustomMessage_ForgotPassword') return event;
  const email = event.request.userAttributes.email;
  const mail = linkMail(
    email,
    'Reset your Trendex password',
    'We received a request to reset your Trendex password. The link works for one hour.',
    'Choose a new password',
    webUrl(`/changepassword?token=${resetToken.make(email, event.request.codeParameter)}`),
  );
  event.response.emailSubject = mail.subject;
  event.response.emailMessage = mail.html!;
  return event;
};

/**
 * Marks the ID token of an account that signs in with TOTP (`mfa: totp`): with TOTP on, Cognito
 * asks for the code at every sign-in, and refreshed tokens descend from such a sign-in. The admin
 * routes require the claim. Only admins are looked up where Cognito tells the groups (AWS);
 * cognito-local does not, so there every account is.
 */
export const preTokenGeneration = async (
  event: PreTokenGenerationTriggerEvent,
): Promise<PreTokenGenerationTriggerEvent> => {
  const groups = event.request.groupConfiguration?.groupsToOverride;
  if (groups && !groups.includes('admin')) return event;
  const user = await cognito('AdminGetUser', { UserPoolId: event.userPoolId, Username: event.userName });
  if (user.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA'))
    event.response.claimsOverrideDetails = { claimsToAddOrOverride: { [MFA_CLAIM]: MFA_TOTP } };
  return event;
};
