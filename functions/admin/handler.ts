import { domainHandler } from '#core/middleware';
import { editProfile, searchProfiles } from './profiles';
import * as reports from './reports';
import { getAdminSummary } from './service';
import { transferEmail } from './transferEmail';

export const handler = domainHandler('admin', {
  getAdminSummary: () => getAdminSummary(),
  searchProfiles: (input) => searchProfiles(input),
  editProfile: (input, ctx) => editProfile(input, ctx.caller),
  transferEmail: (input, ctx) => transferEmail(input, ctx.caller),
  registrationReport: (input) => reports.registrationReport(input),
  activationReport: (input) => reports.activationReport(input),
  payoutStructureReport: (input) => reports.payoutStructureReport(input),
  leadersReport: (input) => reports.leadersReport(input),
});
