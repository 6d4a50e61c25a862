import { domainHandler } from '#core/middleware';
import { editProfile, searchProfiles } from './profiles';
import { getAdminSummary } from './service';
import { transferEmail } from './transferEmail';

export const handler = domainHandler('admin', {
  getAdminSummary: () => getAdminSummary(),
  searchProfiles: (input) => searchProfiles(input),
  editProfile: (input, ctx) => editProfile(input, ctx.caller),
  transferEmail: (input, ctx) => transferEmail(input, ctx.caller),
});
