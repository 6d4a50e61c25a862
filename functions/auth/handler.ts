import { authRoutes } from '#api/routes/auth';
import { domainHandler } from '#core/middleware';
import * as auth from './service';

export const handler = domainHandler(authRoutes, {
  signUp: (input) => auth.signUp(input),
  checkSponsor: (input, { sourceIp }) => auth.checkSponsor(input.userid, sourceIp),
  verifyEmail: (input) => auth.verifyEmail(input.token),
  resendVerification: (input) => auth.resendVerification(input.email),
  requestPasswordReset: (input) => auth.requestPasswordReset(input.email),
  resetPassword: (input) => auth.resetPassword(input.token, input.password),
  getProfile: (_input, { caller }) => auth.getProfile(caller.memberId, caller.isAdmin),
});
