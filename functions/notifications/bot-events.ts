/**
 * The e-mail side of a bot's events (./service notifyBotEvent is what the bots domain calls): an
 * event is e-mailed when the member chose its type on /profile, at most one e-mail per bot and
 * type an hour: the first event of an hour is mailed at once, the later ones are held and mailed
 * together as one digest when the hour is over (the botEmailDigests schedule).
 */
import { BOT_NAMES, type BotName } from '#api/bots';
import {
  BOT_EVENT_LABELS,
  DEFAULT_BOT_EMAILS,
  type BotEmailChoices,
  type BotEventType,
} from '#api/schemas/notifications';
import { nowIso } from '#core/clock';
import { logger } from '#core/logger';
import { sendMail, webUrl, type Mail } from '#core/mail';
import { getMember, setBotEmails } from '#functions/members/service';
import { badRequest } from '#core/errors';
import { dueBotDigests, holdForDigest, openBotEmailWindow, takeDigest } from './store';

export interface BotEvent {
  memberId: string;
  deploymentId: string;
  bot: BotName;
  type: BotEventType;
  /** What happened, in the member's words, e.g. "Zeno paused: resting orders cancelled, position kept." */
  message: string;
}

export const botEmailChoicesOf = (member: { botEmails?: BotEmailChoices } | null): BotEmailChoices => ({
  ...DEFAULT_BOT_EMAILS,
  ...member?.botEmails,
});

export const getBotEmailChoices = async (memberId: string): Promise<BotEmailChoices> =>
  botEmailChoicesOf(await getMember(memberId));

export const chooseBotEmails = async (
  memberId: string,
  choices: BotEmailChoices,
): Promise<BotEmailChoices> => {
  if (!(await setBotEmails(memberId, choices)))
    throw badRequest('NO_MEMBER', 'Your account is still being set up. Try again in a moment.');
  return choices;
};

const footer = () =>
  `All your notifications: ${webUrl('/notifications')}\nChoose which bot events are e-mailed: ${webUrl('/profile')}\n\nTrendex`;

const subjectOf = (bot: string, type: string) =>
  `${BOT_NAMES[bot as BotName] ?? bot}: ${BOT_EVENT_LABELS[type as BotEventType] ?? type}`;

const eventMail = (to: string, event: BotEvent): Mail => ({
  to,
  subject: `Trendex: ${subjectOf(event.bot, event.type)}`,
  text: `${event.message}\n\nFurther ${BOT_EVENT_LABELS[event.type].toLowerCase()} events of this bot within the hour come together in one e-mail.\n\n${footer()}`,
});

const digestMail = (to: string, bot: string, type: string, held: string[]): Mail => ({
  to,
  subject: `Trendex: ${subjectOf(bot, type)} (${held.length} more in the last hour)`,
  text: `${held.map((m) => `- ${m}`).join('\n')}\n\n${footer()}`,
});

/**
 * E-mails the event when the member chose its type and it is the hour's first; else holds it for
 * the digest. Best effort: a lost e-mail never fails the bot (the feed has the event).
 */
export const mailBotEvent = async (event: BotEvent): Promise<void> => {
  try {
    const member = await getMember(event.memberId);
    if (!member || !botEmailChoicesOf(member)[event.type]) return;
    const window = {
      deploymentId: event.deploymentId,
      type: event.type,
      memberId: event.memberId,
      bot: event.bot,
      sentAt: nowIso(),
    };
    if (await openBotEmailWindow(window)) await sendMail(eventMail(member.email, event));
    else await holdForDigest(event.deploymentId, event.type, event.message);
  } catch (error) {
    logger.warn('bot event e-mail failed', {
      deploymentId: event.deploymentId,
      type: event.type,
      error: (error as Error).message,
    });
  }
};

/** The botEmailDigests schedule's work: every digest due now, each sent once. Answers how many went. */
export const sendDueBotDigests = async (): Promise<number> => {
  const at = nowIso();
  let sent = 0;
  for (const due of await dueBotDigests(at)) {
    const window = await takeDigest(due.deploymentId, due.type, at);
    if (!window?.held?.length) continue;
    const member = await getMember(window.memberId);
    // a member who turned this type off meanwhile gets no digest of it either
    if (!member || !botEmailChoicesOf(member)[window.type as BotEventType]) continue;
    await sendMail(digestMail(member.email, window.bot, window.type, window.held));
    sent++;
  }
  return sent;
};
