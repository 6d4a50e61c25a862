import { MessageBody } from '../schemas/common';
import {
  ChatMessage,
  ChatMessageRequest,
  ComplaintAnswer,
  ComplaintChat,
  ComplaintList,
  ComplaintRef,
  ComplaintRequest,
  ContactRequest,
  ImageUpload,
  ImageUploadRequest,
  StaffComplaintsQuery,
} from '../schemas/support';
import { Empty, route, type Route } from '../route';

export const supportRoutes = {
  sendContactMessage: route({
    method: 'POST',
    path: '/support/contact',
    access: 'public',
    domain: 'support',
    summary: 'The Contact Us form: stored and mailed to support',
    request: ContactRequest,
    response: MessageBody,
    status: 201,
  }),
  /*
   * Complaints. The member routes reach only the caller's own complaints; the staff ones (listing
   * everyone's, reading and answering any chat as support, closing) are `staff`: the admin or
   * support group with a TOTP sign-in (functions/core/admin-access.ts).
   */
  createImageUpload: route({
    method: 'POST',
    path: '/support/images',
    access: 'member',
    domain: 'support',
    summary:
      'A presigned POST for one complaint image straight to S3: the policy limits it to 500,000 bytes, the type and the key',
    request: ImageUploadRequest,
    response: ImageUpload,
    status: 201,
  }),
  fileComplaint: route({
    method: 'POST',
    path: '/support/complaints',
    access: 'member',
    domain: 'support',
    summary: 'File a complaint: e-mail, description and the uploaded image (checked in S3)',
    request: ComplaintRequest,
    response: ComplaintAnswer,
    status: 201,
  }),
  myComplaints: route({
    method: 'GET',
    path: '/support/complaints',
    access: 'member',
    domain: 'support',
    summary: "The caller's complaints, newest first",
    request: Empty,
    response: ComplaintList,
  }),
  complaintChat: route({
    method: 'GET',
    path: '/support/chat',
    access: 'member',
    domain: 'support',
    summary: "The caller's own complaint and its chat (images as short-lived links)",
    request: ComplaintRef,
    response: ComplaintChat,
  }),
  sendChatMessage: route({
    method: 'POST',
    path: '/support/chat',
    access: 'member',
    domain: 'support',
    summary:
      "A chat message (text, maybe an image) from the complaint's member; pushed live to the member and support",
    request: ChatMessageRequest,
    response: ChatMessage,
    status: 201,
  }),
  staffComplaints: route({
    method: 'GET',
    path: '/support/staff/complaints',
    access: 'staff',
    domain: 'support',
    summary: 'Support: every complaint of a status (pending or resolved), newest first',
    request: StaffComplaintsQuery,
    response: ComplaintList,
  }),
  staffComplaintChat: route({
    method: 'GET',
    path: '/support/staff/chat',
    access: 'staff',
    domain: 'support',
    summary: 'Support: any complaint and its chat (images as short-lived links); new messages are pushed',
    request: ComplaintRef,
    response: ComplaintChat,
  }),
  staffSendChatMessage: route({
    method: 'POST',
    path: '/support/staff/chat',
    access: 'staff',
    domain: 'support',
    summary: 'Support: a chat message (text, maybe an image) as support; pushed live to the member',
    request: ChatMessageRequest,
    response: ChatMessage,
    status: 201,
  }),
  closeComplaint: route({
    method: 'POST',
    path: '/support/staff/close',
    access: 'staff',
    domain: 'support',
    summary: 'Support: Close Complaint (resolved); the member is told',
    request: ComplaintRef,
    response: MessageBody,
  }),
} as const satisfies Record<string, Route>;
