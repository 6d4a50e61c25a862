import type { z } from 'zod';
import {
  complaintMessages,
  MAX_IMAGE_BYTES,
  type ChatMessageRequest,
  type ComplaintRequest,
  type ContactRequest,
  type ImageUploadRequest,
} from '#api/schemas/support';
import { nowIso } from '#core/clock';
import { badRequest, conflict, messages, notFound } from '#core/errors';
import { newId } from '#core/ids';
import { logger } from '#core/logger';
import type { Caller } from '#core/middleware';
import { take } from '#core/rate-limit';
import { sendMail } from '#core/mail';
import { audit } from '#functions/admin/service';
import { requireMember } from '#functions/members/service';
import { notify } from '#functions/notifications/service';
import { pushToMember } from '#functions/realtime/service';
import { imageViewUrl, isMemberImageKey, newImageKey, presignImageUpload, uploadedSize } from './images';
import {
  complaintMessages as listMessages,
  complaintsWithStatus,
  getComplaint,
  memberComplaints,
  putComplaint,
  putContactMessage,
  putMessage,
  resolveComplaint,
  watch,
  watchers,
  type ComplaintItem,
  type MessageItem,
} from './store';

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

/* ---------- complaints and their chat ---------- */

const view = (c: ComplaintItem) => ({
  id: c.id,
  submitter: c.submitter,
  email: c.email,
  status: c.status,
  createdAt: c.createdAt,
});

/** An upload key must be exactly one of the caller's own keys, and uploaded within the limit. */
const checkImage = async (memberId: string, key: string) => {
  if (!isMemberImageKey(memberId, key)) throw badRequest('NO_IMAGE', complaintMessages.noImage, 'imageKey');
  const size = await uploadedSize(key);
  if (size === null) throw badRequest('NO_IMAGE', complaintMessages.noImage, 'imageKey');
  if (size > MAX_IMAGE_BYTES)
    throw badRequest('IMAGE_TOO_LARGE', complaintMessages.imageTooLarge, 'imageKey');
};

export const createImageUpload = (input: z.infer<typeof ImageUploadRequest>, caller: Caller) =>
  presignImageUpload(newImageKey(caller.memberId), input.contentType);

export const fileComplaint = async (input: z.infer<typeof ComplaintRequest>, caller: Caller) => {
  const member = await requireMember(caller.memberId);
  await checkImage(caller.memberId, input.imageKey);
  const complaint: ComplaintItem = {
    id: newId(),
    memberId: caller.memberId,
    submitter: member.name,
    email: input.email,
    description: input.description,
    imageKey: input.imageKey,
    status: 'pending',
    createdAt: nowIso(),
  };
  await putComplaint(complaint);
  await sendMail({
    to: supportAddress(),
    subject: `Complaint ${complaint.id} from ${member.email}`,
    text: `${input.description}\n\nAnswer it in the back office: Complaint chat.`,
  }).catch((error: unknown) => logger.warn('complaint mail failed', { error: error as Error }));
  return { message: complaintMessages.submitted, complaint: view(complaint) };
};

export const myComplaints = async (caller: Caller) => ({
  items: (await memberComplaints(caller.memberId)).map(view),
});

/** The caller's own complaint; otherwise not found, saying nothing more. */
const ownComplaint = async (complaintId: string, caller: Caller): Promise<ComplaintItem> => {
  const complaint = await getComplaint(complaintId);
  if (complaint?.memberId !== caller.memberId) throw notFound();
  return complaint;
};

/** Any complaint, for staff (their routes are `staff` in the route table, checked before this runs). */
const anyComplaint = async (complaintId: string): Promise<ComplaintItem> => {
  const complaint = await getComplaint(complaintId);
  if (!complaint) throw notFound();
  return complaint;
};

const chatOf = async (complaint: ComplaintItem) => {
  const first = {
    id: complaint.id,
    from: 'member' as const,
    text: complaint.description,
    imageUrl: await imageViewUrl(complaint.imageKey),
    date: complaint.createdAt,
  };
  const messages = await Promise.all(
    (await listMessages(complaint.id)).map(async (m) => ({
      id: m.id,
      from: m.from,
      text: m.text,
      ...(m.imageKey ? { imageUrl: await imageViewUrl(m.imageKey) } : {}),
      date: m.date,
    })),
  );
  return { complaint: view(complaint), messages: [first, ...messages] };
};

export const complaintChat = async (input: { complaintId: string }, caller: Caller) =>
  chatOf(await ownComplaint(input.complaintId, caller));

export const staffComplaintChat = async (input: { complaintId: string }, caller: Caller) => {
  const complaint = await anyComplaint(input.complaintId);
  // support with the chat open is told of new messages
  await watch(complaint.id, caller.memberId);
  return chatOf(complaint);
};

const pushChat = async (complaint: ComplaintItem) => {
  const to = new Set([complaint.memberId, ...(await watchers(complaint.id))]);
  await Promise.all(
    [...to].map((memberId) =>
      pushToMember(memberId, { type: 'chat', complaintId: complaint.id }).catch((error: unknown) =>
        logger.warn('chat push failed', { error: error as Error }),
      ),
    ),
  );
};

const postMessage = async (
  complaint: ComplaintItem,
  from: MessageItem['from'],
  input: z.infer<typeof ChatMessageRequest>,
  caller: Caller,
) => {
  if (complaint.status === 'resolved') throw conflict('COMPLAINT_RESOLVED', complaintMessages.closedChat);
  if (!input.text && !input.imageKey)
    throw badRequest('EMPTY_MESSAGE', complaintMessages.emptyMessage, 'text');
  if (input.imageKey) await checkImage(caller.memberId, input.imageKey);
  const message: MessageItem = {
    id: newId(),
    complaintId: complaint.id,
    from,
    authorId: caller.memberId,
    text: input.text,
    ...(input.imageKey ? { imageKey: input.imageKey } : {}),
    date: nowIso(),
  };
  await putMessage(message);
  await pushChat(complaint);
  return {
    id: message.id,
    from: message.from,
    text: message.text,
    ...(message.imageKey ? { imageUrl: await imageViewUrl(message.imageKey) } : {}),
    date: message.date,
  };
};

export const sendChatMessage = async (input: z.infer<typeof ChatMessageRequest>, caller: Caller) =>
  postMessage(await ownComplaint(input.complaintId, caller), 'member', input, caller);

export const staffSendChatMessage = async (input: z.infer<typeof ChatMessageRequest>, caller: Caller) =>
  postMessage(await anyComplaint(input.complaintId), 'support', input, caller);

export const staffComplaints = async (input: { status: 'pending' | 'resolved' }) => ({
  items: (await complaintsWithStatus(input.status)).map(view),
});

export const closeComplaint = async (input: { complaintId: string }, caller: Caller) => {
  const complaint = await anyComplaint(input.complaintId);
  if (await resolveComplaint(complaint.id, nowIso())) {
    await notify(complaint.memberId, `Your complaint ${complaint.id} is resolved.`).catch(() => undefined);
    await pushChat(complaint);
    await audit({
      action: 'complaint-close',
      adminId: caller.memberId,
      target: complaint.id,
      memberEmail: complaint.email,
      summary: `Closed the complaint of ${complaint.email}.`,
    });
  }
  return { message: complaintMessages.resolved };
};
