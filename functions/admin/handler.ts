import { adminRoutes } from '#api/routes/admin';
import { adminReportRoutes } from '#api/routes/admin-reports';
import { domainHandler } from '#core/middleware';
import { auditLog } from './audit';
import { distributeProfit, profitHistory, profitShares } from './profit';
import * as trading from './trading';
import { editProfile, searchProfiles } from './profiles';
import * as reports from './reports';
import { listDeadLetters, redriveDeadLetter } from './operations';
import { getAdminSummary } from './summary';
import { transferEmail } from './transferEmail';

/** The admin domain's routes live in two tables (api/routes/admin.ts, admin-reports.ts). */
const adminDomainRoutes = { ...adminRoutes, ...adminReportRoutes };

export const handler = domainHandler(adminDomainRoutes, {
  getAdminSummary: () => getAdminSummary(),
  searchProfiles: (input) => searchProfiles(input),
  editProfile: (input, ctx) => editProfile(input, ctx.caller),
  transferEmail: (input, ctx) => transferEmail(input, ctx.caller),
  registrationReport: (input) => reports.registrationReport(input),
  activationReport: (input) => reports.activationReport(input),
  payoutStructureReport: (input) => reports.payoutStructureReport(input),
  leadersReport: (input) => reports.leadersReport(input),
  distributeProfit: (input, ctx) => distributeProfit(input, ctx.caller),
  profitShares: (input) => profitShares(input),
  profitHistory: (input) => profitHistory(input),
  auditLog: (input) => auditLog(input),
  masterReport: (input) => trading.masterReport(input),
  memberTrades: (input) => trading.memberTrades(input),
  orderReport: (input) => trading.orderReport(input),
  apiBindingOverview: (input) => trading.apiBindingOverview(input),
  apiErrors: (input) => trading.apiErrors(input),
  deadLetters: () => listDeadLetters(),
  redriveDeadLetter: (input, ctx) => redriveDeadLetter(input, ctx.caller),
});
