/** Cognito triggers: the same handlers in AWS and in the local stack's cognito-local. */
import type {
  CustomMessageTriggerEvent,
  PostConfirmationTriggerEvent,
  PreSignUpTriggerEvent,
} from 'aws-lambda';
import { messages } from '#core/errors';
import { linkMail, webUrl } from '#core/mail';
import { admitMember, findSponsor, resetToken } from './service';

/** Refuses a self sign-up whose sponsor is not a member; Cognito shows the message to the caller. */
export const preSignUp = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  if (event.triggerSource !== 'PreSignUp_SignUp') return event; // admins create accounts by hand
  const sponsor = event.request.userAttributes['custom:sponsor'] ?? '';
  const side = event.request.userAttributes['custom:side'];
  if (!(await findSponsor(sponsor.toLowerCase()))) throw new Error(messages.invalidSponsor);
  if (side !== 'Left' && side !== 'Right') throw new Error('Choose the Left or Right team.');
  return event;
};

/** A confirmed account becomes a member, with its sponsor and side recorded for the tree. */
export const postConfirmation = async (
  event: PostConfirmationTriggerEvent,
): Promise<PostConfirmationTriggerEvent> => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attributes = event.request.userAttributes;
  await admitMember({
    id: attributes.sub,
    email: attributes.email.toLowerCase(),
    username: (attributes.preferred_username ?? '').toLowerCase(),
    name: attributes.name ?? '',
  });
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
