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
   * Complaints. Member routes; the staff ones (listing everyone's, answering as support, closing)
   * also check the caller is in the Cognito group `support` or `admin` (functions/support/service.ts).
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
    summary: 'A complaint and its chat, for its member or support (images as short-lived links)',
    request: ComplaintRef,
    response: ComplaintChat,
  }),
  sendChatMessage: route({
    method: 'POST',
    path: '/support/chat',
    access: 'member',
    domain: 'support',
    summary:
      "A chat message (text, maybe an image) from the complaint's member or support; pushed live to both",
    request: ChatMessageRequest,
    response: ChatMessage,
    status: 201,
  }),
  staffComplaints: route({
    method: 'GET',
    path: '/support/staff/complaints',
    access: 'member',
    domain: 'support',
    summary: 'Support: every complaint of a status (pending or resolved), newest first',
    request: StaffComplaintsQuery,
    response: ComplaintList,
  }),
  closeComplaint: route({
    method: 'POST',
    path: '/support/staff/close',
    access: 'member',
    domain: 'support',
    summary: 'Support: Close Complaint (resolved); the member is told',
    request: ComplaintRef,
    response: MessageBody,
  }),
} as const satisfies Record<string, Route>;
