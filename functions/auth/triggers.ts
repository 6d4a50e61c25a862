/** Cognito triggers: the same handlers in AWS and in the local stack's cognito-local. */
import type {
  CustomMessageTriggerEvent,
  PostConfirmationTriggerEvent,
  PreSignUpTriggerEvent,
  PreTokenGenerationTriggerEvent,
} from 'aws-lambda';
import { MFA_CLAIM, MFA_TOTP } from '#core/admin-access';
import { messages } from '#core/errors';
import { linkMail, webUrl } from '#core/mail';
import { admitMember, findSponsor, resetToken } from './service';
import { usedSecondFactor } from './second-factor';
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
 * Marks the ID token of a sign-in that answered a TOTP challenge (`mfa: totp`), and the tokens
 * refreshed from it, but never a token whose refresh token predates the account's latest change of
 * TOTP or staff groups (./second-factor.ts). The staff routes require the claim.
 */
export const preTokenGeneration = async (
  event: PreTokenGenerationTriggerEvent,
): Promise<PreTokenGenerationTriggerEvent> => {
  const used = await usedSecondFactor({
    userPoolId: event.userPoolId,
    username: event.userName,
    memberId: event.request.userAttributes.sub,
    groups: event.request.groupConfiguration?.groupsToOverride,
    // Hosted UI and device sign-ins are not used; a remembered device would skip the code.
    signIn: event.triggerSource === 'TokenGeneration_Authentication',
  });
  if (used) event.response.claimsOverrideDetails = { claimsToAddOrOverride: { [MFA_CLAIM]: MFA_TOTP } };
  return event;
};
