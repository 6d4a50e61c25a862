/** The admin's member and referral reports (admin domain); each pages and answers totals on its first page. */
import {
  ActivationReport,
  ActivationReportQuery,
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
} as const satisfies Record<string, Route>;
