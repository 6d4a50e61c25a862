import {
  AdminSummary,
  AuditPage,
  AuditQuery,
  DistributeProfitAnswer,
  DistributeProfitRequest,
  ProfitHistoryPage,
  ProfitSharesPage,
  ProfitSharesQuery,
  ProfileEditAnswer,
  ProfileEditRequest,
  ProfileSearchPage,
  ProfileSearchQuery,
  TransferEmailAnswer,
  TransferEmailRequest,
} from '../schemas/admin';
import { DeadLetterList, RedriveAnswer, RedriveRequest } from '../schemas/admin-operations';
import { PageQuery } from '../schemas/common';
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
  distributeProfit: route({
    method: 'POST',
    path: '/admin/tradingprofit',
    access: 'admin',
    domain: 'admin',
    summary:
      'Share the Core pool out: Trendex Income among Core holders, Premium Trendex Income among Premium Core holders; each share paid once through the ledger; the same requestId again resumes an interrupted run',
    request: DistributeProfitRequest,
    response: DistributeProfitAnswer,
  }),
  profitShares: route({
    method: 'GET',
    path: '/admin/tradingprofit/shares',
    access: 'admin',
    domain: 'admin',
    summary:
      "Trading profit's Pending and Success tabs: holders' shares, newest first, with the pool and total",
    request: ProfitSharesQuery,
    response: ProfitSharesPage,
  }),
  profitHistory: route({
    method: 'GET',
    path: '/admin/tradingprofit/history',
    access: 'admin',
    domain: 'admin',
    summary: "Trading profit's History tab: each distribution's amounts by type, newest first",
    request: PageQuery,
    response: ProfitHistoryPage,
  }),
  auditLog: route({
    method: 'GET',
    path: '/admin/audit',
    access: 'admin',
    domain: 'admin',
    summary:
      'Every admin action, newest first, filtered by action and by the e-mail of the admin or the member',
    request: AuditQuery,
    response: AuditPage,
  }),
  deadLetters: route({
    method: 'GET',
    path: '/admin/deadletters',
    access: 'admin',
    domain: 'admin',
    summary:
      "Operations: the schedules' and the stream consumer's dead letters (work that failed every try), with the event and the error",
    request: Empty,
    response: DeadLetterList,
  }),
  redriveDeadLetter: route({
    method: 'POST',
    path: '/admin/deadletters/redrive',
    access: 'admin',
    domain: 'admin',
    summary:
      'Run a dead letter once more with its own event (the work is idempotent by its own keys); gone once redriven',
    request: RedriveRequest,
    response: RedriveAnswer,
  }),
} as const satisfies Record<string, Route>;
