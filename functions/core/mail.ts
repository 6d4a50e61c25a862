/**
 * The mail port. Services call `sendMail`; which adapter delivers is a deployment fact: SES in
 * AWS, the local outbox (a JSON-lines file the outbox page reads) in the local stack.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { clientOptions } from './aws-clients';
import { nowIso } from './clock';
import { newId } from './ids';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SESv2's SendEmail through the SDK's own client; at SES's regional endpoint unless told another (a test's). */
export const sesMailer = (from: string, endpoint?: string): Mailer => {
  const ses = new SESv2Client(clientOptions(endpoint));
  return {
    async send(mail) {
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [mail.to] },
          Content: {
            Simple: {
              Subject: { Data: mail.subject },
              Body: { Text: { Data: mail.text }, ...(mail.html ? { Html: { Data: mail.html } } : {}) },
            },
          },
        }),
      );
    },
  };
};

export const OUTBOX_FILE = 'outbox.jsonl';

export interface OutboxEntry extends Mail {
  id: string;
  date: string;
}

export const outboxMailer = (dir: string): Mailer => ({
  async send(mail) {
    await mkdir(dir, { recursive: true });
    const entry: OutboxEntry = { id: newId(), date: nowIso(), ...mail };
    await appendFile(join(dir, OUTBOX_FILE), `${JSON.stringify(entry)}\n`);
  },
});

let mailer: Mailer | undefined;

const selectMailer = (): Mailer =>
  process.env.MAIL_OUTBOX_DIR
    ? outboxMailer(process.env.MAIL_OUTBOX_DIR)
    : sesMailer(process.env.MAIL_FROM ?? 'no-reply@trendex.example');

export const sendMail = (mail: Mail): Promise<void> => (mailer ??= selectMailer()).send(mail);

/** Links in mails point at the web app. */
export const webUrl = (path: string): string =>
  `${(process.env.WEB_URL ?? 'http://localhost:3000').replace(/\/$/, '')}${path}`;

/** A plain, readable mail with one call-to-action link. */
export const linkMail = (to: string, subject: string, intro: string, label: string, url: string): Mail => ({
  to,
  subject,
  text: `${intro}\n\n${label}: ${url}\n\nIf you did not ask for this, ignore this mail.\n\nTrendex`,
  html: `<p>${intro}</p><p><a href="${url}">${label}</a></p><p style="color:#666">If you did not ask for this, ignore this mail.</p><p>Trendex</p>`,
});
