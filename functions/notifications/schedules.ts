/** The botEmailDigests rule: the bots' held e-mails whose hour is over, one digest each. */
import { sendDueBotDigests } from './bot-events';

export const botEmailDigests = async () => ({ sent: await sendDueBotDigests() });
