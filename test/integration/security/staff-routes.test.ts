/**
 * One rule for staff: every route an admin or support person uses is declared `admin` or `staff`
 * in the route table, and each refuses a token of the right group whose sign-in did not use the
 * second factor (403), at the gateway before any handler runs. Generated from api/routes.ts, so a
 * new staff route is covered by itself; the refusal comes before the body is read, so any body does.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, type OperationId } from '#api/routes';
import { call, newAdmin, newStaff, newVerifiedMember } from '../../support/api';

const ops = Object.keys(routes) as OperationId[];
const staffOps = ops.filter((op) => routes[op].access === 'staff');
const backOfficeOps = ops.filter((op) => ['staff', 'admin'].includes(routes[op].access));

let adminWithoutCode: string;
let supportWithoutCode: string;
let supportWithCode: string;
beforeAll(async () => {
  [adminWithoutCode, supportWithoutCode, supportWithCode] = (
    await Promise.all([newAdmin(false), newStaff('support', false), newStaff('support')])
  ).map((m) => m.idToken);
});

describe('staff routes', () => {
  it('the complaint desk is declared staff in the route table', () => {
    expect(staffOps).toEqual(
      expect.arrayContaining([
        'staffComplaints',
        'staffComplaintChat',
        'staffSendChatMessage',
        'closeComplaint',
      ]),
    );
  });

  it.each(backOfficeOps)('%s: an admin-group token without the second factor gets 403', async (op) => {
    const answer = await call(op, {}, adminWithoutCode);
    expect(answer, op).toMatchObject({ status: 403, body: { code: 'MFA_REQUIRED' } });
  });

  it.each(staffOps)('%s: a support-group token without the second factor gets 403', async (op) => {
    const answer = await call(op, {}, supportWithoutCode);
    expect(answer, op).toMatchObject({ status: 403, body: { code: 'MFA_REQUIRED' } });
  });

  it('support with the second factor is still no admin', async () => {
    const admins = ops.filter((op) => routes[op].access === 'admin');
    for (const op of admins)
      expect(await call(op, {}, supportWithCode), op).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN' },
      });
  });

  it("gives an admin-group token nothing of another member's complaint on the member routes", async () => {
    const member = await newVerifiedMember();
    const upload = await call('createImageUpload', { contentType: 'image/png', size: 68 }, member.idToken);
    const form = new FormData();
    for (const [k, v] of Object.entries(upload.body.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(68)], { type: 'image/png' }), 'shot.png');
    expect((await fetch(upload.body.url, { method: 'POST', body: form })).status).toBe(204);
    const filed = await call(
      'fileComplaint',
      { email: member.email, description: 'My bot did not start.', imageKey: upload.body.key },
      member.idToken,
    );
    const complaintId = filed.body.complaint.id;

    expect((await call('complaintChat', { complaintId }, adminWithoutCode)).status).toBe(404);
    expect(
      (await call('sendChatMessage', { complaintId, text: 'as support' }, adminWithoutCode)).status,
    ).toBe(404);
    // nothing was posted: the member's chat holds only the complaint
    const chat = await call('complaintChat', { complaintId }, member.idToken);
    expect(chat.body.messages.map((m) => m.from)).toEqual(['member']);
  });
});
