import {
  AdminSummary,
  ProfileEditAnswer,
  ProfileEditRequest,
  ProfileSearchPage,
  ProfileSearchQuery,
  TransferEmailAnswer,
  TransferEmailRequest,
} from '../schemas/admin';
import { Empty, route, type Route } from '../route';

export const adminRoutes = {
  getAdminSummary: route({
    method: 'GET',
    path: '/admin/summary',
    access: 'admin',
    domain: 'admin',
    summary: 'Member counts for the admin dashboard',
    request: Empty,
    response: AdminSummary,
  }),
  searchProfiles: route({
    method: 'GET',
    path: '/admin/searchprofile',
    access: 'admin',
    domain: 'admin',
    summary:
      'Search profiles by username, e-mail, sponsor id (the members that sponsor referred) or mobile number, paged',
    request: ProfileSearchQuery,
    response: ProfileSearchPage,
  }),
  editProfile: route({
    method: 'PUT',
    path: '/admin/editprofile',
    access: 'admin',
    domain: 'admin',
    summary:
      "Edit a member: name, rank, granted bot, and a signed balance change of the member's wallet (one ledger transaction, idempotent per requestId)",
    request: ProfileEditRequest,
    response: ProfileEditAnswer,
  }),
  transferEmail: route({
    method: 'POST',
    path: '/admin/transferemail',
    access: 'admin',
    domain: 'admin',
    summary: "Move a member's account to a new e-mail address (Cognito and the table); they log in with it",
    request: TransferEmailRequest,
    response: TransferEmailAnswer,
  }),
} as const satisfies Record<string, Route>;
