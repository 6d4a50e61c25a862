/** The admin's member and referral reports (admin domain); each pages and answers totals on its first page. */
import {
  ActivationReport,
  ActivationReportQuery,
  ApiBindingOverview,
  ApiBindingQuery,
  ApiErrorQuery,
  ApiErrors,
  MasterReport,
  MasterReportQuery,
  MemberTradesPage,
  MemberTradesQuery,
  OrderReport,
  OrderReportQuery,
  LeadersReport,
  LeadersReportQuery,
  PayoutStructureQuery,
  PayoutStructureReport,
  RegistrationReport,
  RegistrationReportQuery,
} from '../schemas/admin-reports';
import { route, type Route } from '../route';

export const adminReportRoutes = {
  registrationReport: route({
    method: 'GET',
    path: '/admin/reports/registrations',
    access: 'admin',
    domain: 'admin',
    summary: 'Registration Report: members registered in a date range, oldest first, paged',
    request: RegistrationReportQuery,
    response: RegistrationReport,
  }),
  activationReport: route({
    method: 'GET',
    path: '/admin/reports/activations',
    access: 'admin',
    domain: 'admin',
    summary:
      'Activation Report: membership purchases (Executive = silver, Imperial and the upgrade = gold) in a date range, with gold and silver totals, paged',
    request: ActivationReportQuery,
    response: ActivationReport,
  }),
  payoutStructureReport: route({
    method: 'GET',
    path: '/admin/reports/payout-structure',
    access: 'admin',
    domain: 'admin',
    summary:
      'Referral payout structure: every referral bonus paid in a date range (date, owner, side, e-mail, amount), paged',
    request: PayoutStructureQuery,
    response: PayoutStructureReport,
  }),
  leadersReport: route({
    method: 'GET',
    path: '/admin/reports/leaders',
    access: 'admin',
    domain: 'admin',
    summary:
      "Leaders activation report: a member's left and right leg activations in a date range, in total and per day (paged)",
    request: LeadersReportQuery,
    response: LeadersReport,
  }),
  masterReport: route({
    method: 'GET',
    path: '/admin/reports/master',
    access: 'admin',
    domain: 'admin',
    summary:
      'Master accounts report: members registered in a date range, each with its trades (memberTrades), paged',
    request: MasterReportQuery,
    response: MasterReport,
  }),
  memberTrades: route({
    method: 'GET',
    path: '/admin/trades',
    access: 'admin',
    domain: 'admin',
    summary:
      "A member's closed trades, newest first (Trade Details, the profile search's trades table), paged",
    request: MemberTradesQuery,
    response: MemberTradesPage,
  }),
  orderReport: route({
    method: 'GET',
    path: '/admin/reports/orders',
    access: 'admin',
    domain: 'admin',
    summary:
      "Admin Order Report: every member's closed trades of Zeno, Candles or Glint in a date range, with total and actual (after the 20 % charge) profit, paged",
    request: OrderReportQuery,
    response: OrderReport,
  }),
  apiBindingOverview: route({
    method: 'GET',
    path: '/admin/apibind',
    access: 'admin',
    domain: 'admin',
    summary:
      "API binding overview: bound Binance keys, each bot's members and running deployments; with `bot`, its members' balances and positions",
    request: ApiBindingQuery,
    response: ApiBindingOverview,
  }),
  apiErrors: route({
    method: 'GET',
    path: '/admin/apierrors',
    access: 'admin',
    domain: 'admin',
    summary:
      "API error viewer: the bots' failed and missed orders and the executor's dead letters, maybe of one order id",
    request: ApiErrorQuery,
    response: ApiErrors,
  }),
} as const satisfies Record<string, Route>;
