import type { ContactRequest } from '#api/schemas/support';
import { nowIso } from '#core/clock';
import { messages } from '#core/errors';
import { newId } from '#core/ids';
import { take } from '#core/rate-limit';
import { sendMail } from '#core/mail';
import { putContactMessage } from './store';

const supportAddress = () => process.env.SUPPORT_EMAIL ?? 'support@trendex.example';

/** A Contact Us message is kept (so nothing is lost if mail fails later) and mailed to support. */
export const sendContactMessage = async (input: ContactRequest, sourceIp: string) => {
  await take('contact', input.email);
  await take('contactIp', sourceIp);
  const id = newId();
  await putContactMessage({ id, ...input, date: nowIso() });
  await sendMail({
    to: supportAddress(),
    subject: `Contact form: ${input.firstName} ${input.lastName}`,
    text: [
      `From: ${input.firstName} ${input.lastName} <${input.email}>`,
      `Mobile: ${input.country} ${input.mobile}`,
      `Reference: ${id}`,
      '',
      input.message,
    ].join('\n'),
  });
  return { message: messages.contactReceived };
};
