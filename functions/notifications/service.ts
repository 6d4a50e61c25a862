/**
 * The notifications feed. `notify` is the one function any domain calls to tell a member
 * something (deposits, payouts, fills, plan expiry...). The unread count is a counter beside the
 * feed, so the bell reads one item, not the whole list.
 */
import { nowIso } from '#core/clock';
import { newId } from '#core/ids';
import { pushToMember } from '#functions/realtime/service';
import type { Notification } from '#api/schemas/notifications';
import { mailBotEvent, type BotEvent } from './bot-events';
import { markReadUpTo, putNote, queryNotes, readState } from './store';

export type { BotEvent };

export const notify = async (memberId: string, message: string): Promise<void> => {
  await putNote(memberId, { id: newId(), message, date: nowIso() });
  // Open pages update their bell at once; the feed above is the record either way.
  await pushToMember(memberId, { type: 'notification', message });
};

/**
 * A bot's event told to its member: the one function the bots domain calls for a fill, a take
 * profit, a stop, the kill switch, a refused order, a key or IP problem, a pause or a resume
 * (type 'paused-resumed', message e.g. "Zeno paused: resting orders cancelled, position kept.").
 * In the feed and pushed to the member's open pages always; e-mailed as the member chose on
 * /profile, at most once per bot and type an hour, the rest of the hour in one digest (./bot-events).
 */
export const notifyBotEvent = async (event: BotEvent): Promise<void> => {
  await notify(event.memberId, event.message);
  await mailBotEvent(event);
};

export const listNotifications = async (
  memberId: string,
  limit: number,
  cursor?: string,
): Promise<{ items: Notification[]; cursor?: string; unread: number }> => {
  const [state, page] = await Promise.all([readState(memberId), queryNotes(memberId, limit, cursor)]);
  const readUpTo = state.readUpTo ?? '';
  const items = page.items.map((note) => ({ ...note, read: note.id <= readUpTo }));
  return { items, cursor: page.cursor, unread: state.unread ?? 0 };
};

/** Everything up to now is read: ids are ULIDs, so "read" is "id <= readUpTo". */
export const markAllRead = (memberId: string): Promise<void> => markReadUpTo(memberId, newId());
