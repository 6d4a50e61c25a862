import { supportRoutes } from '#api/routes/support';
import { domainHandler } from '#core/middleware';
import * as support from './service';

export const handler = domainHandler(supportRoutes, {
  sendContactMessage: (input, { sourceIp }) => support.sendContactMessage(input, sourceIp),
  createImageUpload: (input, { caller }) => support.createImageUpload(input, caller!),
  fileComplaint: (input, { caller }) => support.fileComplaint(input, caller!),
  myComplaints: (_input, { caller }) => support.myComplaints(caller!),
  complaintChat: (input, { caller }) => support.complaintChat(input, caller!),
  sendChatMessage: (input, { caller }) => support.sendChatMessage(input, caller!),
  staffComplaints: (input) => support.staffComplaints(input),
  staffComplaintChat: (input, { caller }) => support.staffComplaintChat(input, caller),
  staffSendChatMessage: (input, { caller }) => support.staffSendChatMessage(input, caller),
  closeComplaint: (input, { caller }) => support.closeComplaint(input, caller),
});
