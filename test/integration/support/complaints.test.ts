/**
 * Complaints through the API and the local S3: the image goes straight to S3 by presigned POST and
 * S3 (here s3rver behind its policy-checking front) refuses more than 500,000 bytes; a member never
 * reads another member's complaint or image; support (TOTP sign-in) answers without being an admin; the chat is
 * pushed live over the WebSocket; Close Complaint resolves it and is in the audit log.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call, newStaff, newVerifiedMember, stack } from '../../support/api';
import { adminToken } from '../../support/admin';

type Member = Awaited<ReturnType<typeof newVerifiedMember>>;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The browser's part: ask for the presigned POST, then post the form with the file last. */
const upload = async (m: Member, bytes: Buffer, declared = bytes.length) => {
  const presigned = await call('createImageUpload', { contentType: 'image/png', size: declared }, m.idToken);
  if (presigned.status !== 201) return { presigned, s3: null };
  const form = new FormData();
  for (const [k, v] of Object.entries(presigned.body.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'shot.png');
  const s3 = await fetch(presigned.body.url, { method: 'POST', body: form });
  return { presigned, s3, key: presigned.body.key };
};

let admin: string;
let supportToken: string;
beforeAll(async () => {
  admin = await adminToken();
  supportToken = (await newStaff('support')).idToken;
});

describe('complaints', () => {
  it('holds the 500 KB limit at S3, not only in the form', async () => {
    const m = await newVerifiedMember();
    // asked for too big: refused with the spec's words
    const big = await call('createImageUpload', { contentType: 'image/png', size: 500_001 }, m.idToken);
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('Image size exceeds the maximum limit of 500KB.');
    // lying about the size: the POST policy refuses the bytes at S3
    const lied = await upload(m, Buffer.alloc(500_001, 1), 1000);
    expect(lied.s3!.status).toBe(400);
    expect(await lied.s3!.text()).toContain('<Code>EntityTooLarge</Code>');
    const filed = await call(
      'fileComplaint',
      { email: m.email, description: 'My bot did not start.', imageKey: lied.key! },
      m.idToken,
    );
    expect(filed.status).toBe(400);
    expect(filed.body.message).toBe('No image selected.');
    // exactly 500,000 bytes pass
    const edge = await upload(m, Buffer.alloc(500_000, 1));
    expect(edge.s3!.status).toBe(204);
    // a changed policy field (another key) is refused
    const presigned = await call(
      'createImageUpload',
      { contentType: 'image/png', size: PNG.length },
      m.idToken,
    );
    const form = new FormData();
    for (const [k, v] of Object.entries(presigned.body.fields))
      form.append(k, k === 'key' ? 'complaints/someone-else/x' : v);
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'shot.png');
    expect((await fetch(presigned.body.url, { method: 'POST', body: form })).status).toBe(403);
  });

  it('a member files a complaint, support answers, both see the chat; others see nothing', async () => {
    const m = await newVerifiedMember();
    const other = await newVerifiedMember();
    const noImage = await call(
      'fileComplaint',
      { email: m.email, description: 'My bot did not start.', imageKey: '' },
      m.idToken,
    );
    expect(noImage.body.message).toBe('No image selected.');
    const { key, s3 } = await upload(m, PNG);
    expect(s3!.status).toBe(204);
    // another member cannot file with this member's upload
    const stolen = await call(
      'fileComplaint',
      { email: other.email, description: 'Not mine at all.', imageKey: key! },
      other.idToken,
    );
    expect(stolen.body.message).toBe('No image selected.');

    const filed = await call(
      'fileComplaint',
      { email: m.email, description: 'My bot did not start.', imageKey: key! },
      m.idToken,
    );
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const id = filed.body.complaint.id;
    expect((await call('myComplaints', {}, m.idToken)).body.items).toEqual([
      expect.objectContaining({ id, email: m.email, status: 'pending' }),
    ]);

    // the image is readable through its short-lived link only; another member gets no chat
    const chat = (await call('complaintChat', { complaintId: id }, m.idToken)).body;
    expect(chat.messages[0]).toMatchObject({ from: 'member', text: 'My bot did not start.' });
    const image = await fetch(chat.messages[0].imageUrl!);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    const bare = new URL(chat.messages[0].imageUrl!);
    expect((await fetch(`${bare.origin}${bare.pathname}`)).status).toBe(403);
    // its signature is for that object alone: on another key's path it opens nothing
    const otherKey = bare.pathname.replace(/[^/]+$/, 'another-image');
    expect((await fetch(`${bare.origin}${otherKey}${bare.search}`)).status).toBe(403);
    expect((await call('complaintChat', { complaintId: id }, other.idToken)).status).toBe(404);
    expect((await call('sendChatMessage', { complaintId: id, text: 'hi' }, other.idToken)).status).toBe(404);
    expect((await call('staffComplaints', { status: 'pending' }, other.idToken)).status).toBe(403);
    expect((await call('closeComplaint', { complaintId: id }, other.idToken)).status).toBe(403);

    // support (not an admin) lists it, opens it and answers; the member's socket is told at once
    expect((await call('staffComplaints', { status: 'pending' }, supportToken)).body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, submitter: expect.any(String) })]),
    );
    expect((await call('staffComplaintChat', { complaintId: id }, supportToken)).status).toBe(200);
    // the member route is the member's own: support is no one special there
    expect((await call('complaintChat', { complaintId: id }, supportToken)).status).toBe(404);
    const socket = new WebSocket(
      `${stack().webUrl.replace('http', 'ws')}/ws?token=${encodeURIComponent(m.idToken)}`,
    );
    await new Promise((resolve) => socket.once('open', resolve));
    const pushed = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
    const answer = await call(
      'staffSendChatMessage',
      { complaintId: id, text: 'Restart it from the Dashboard.' },
      supportToken,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(JSON.parse(await pushed)).toEqual({ type: 'chat', complaintId: id });
    socket.close();
    const after = (await call('complaintChat', { complaintId: id }, m.idToken)).body.messages;
    expect(after.map((x) => [x.from, x.text])).toEqual([
      ['member', 'My bot did not start.'],
      ['support', 'Restart it from the Dashboard.'],
    ]);

    // an image in the chat: support's own upload, shown to the member by its link; another's key is refused
    const agent = { idToken: supportToken } as Member;
    const shot = await upload(agent, PNG);
    expect(shot.s3!.status).toBe(204);
    const foreign = await call(
      'staffSendChatMessage',
      { complaintId: id, text: '', imageKey: key! },
      supportToken,
    );
    expect(foreign.body.message).toBe('No image selected.');
    const withImage = await call(
      'staffSendChatMessage',
      { complaintId: id, text: '', imageKey: shot.key! },
      supportToken,
    );
    expect(withImage.status, JSON.stringify(withImage.body)).toBe(201);
    const last = (await call('complaintChat', { complaintId: id }, m.idToken)).body.messages.at(-1)!;
    expect(last.from).toBe('support');
    expect(Buffer.from(await (await fetch(last.imageUrl!)).arrayBuffer())).toEqual(PNG);

    const closed = await call('closeComplaint', { complaintId: id }, admin);
    expect(closed.body.message).toBe('Complaint resolved successfully.');
    expect((await call('myComplaints', {}, m.idToken)).body.items[0].status).toBe('resolved');
    expect((await call('staffComplaints', { status: 'resolved' }, supportToken)).body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id })]),
    );
    expect((await call('sendChatMessage', { complaintId: id, text: 'more' }, m.idToken)).status).toBe(409);
    const audit = (await call('auditLog', { action: 'complaint-close', email: m.email }, admin)).body.items;
    expect(audit).toEqual([expect.objectContaining({ target: id })]);
  });
});
