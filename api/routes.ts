/**
 * THE contract. Every HTTP route of Trendex exists here once, and only here: the CDK stack builds
 * API Gateway from it, the local gateway serves it, the handlers bind to its operation ids, the web
 * client is typed by it and docs/api/openapi.json is generated from it. No I/O in this folder.
 */
import { z } from 'zod';
import { AdminSummary } from './schemas/admin';
import {
  EmailRequest,
  Profile,
  ResetPasswordRequest,
  SignUpRequest,
  SponsorCheckRequest,
  SponsorCheckResponse,
  TokenRequest,
} from './schemas/auth';
import { MessageBody, PageQuery } from './schemas/common';
import { MarkReadRequest, NotificationPage } from './schemas/notifications';
import { ContactRequest } from './schemas/support';

export type Access = 'public' | 'member' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** One Lambda function per domain; a route names the domain whose function serves it. */
export type Domain = 'auth' | 'notifications' | 'support' | 'admin';

export interface Route<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  method: Method;
  path: string;
  access: Access;
  domain: Domain;
  summary: string;
  /** The JSON body for POST/PUT, the query string for GET/DELETE. */
  request: Req;
  response: Res;
  /** HTTP status of a success; 200 unless said. */
  status?: 200 | 201 | 202;
}

const route = <Req extends z.ZodType, Res extends z.ZodType>(r: Route<Req, Res>) => r;
const Empty = z.object({});

export const routes = {
  signUp: route({
    method: 'POST',
    path: '/auth/register',
    access: 'public',
    domain: 'auth',
    summary: 'Create an account under a sponsor; mails a verification link',
    request: SignUpRequest,
    response: MessageBody,
    status: 201,
  }),
  checkSponsor: route({
    method: 'POST',
    path: '/auth/directid',
    access: 'public',
    domain: 'auth',
    summary: 'Is this referral id (a sponsor username) a confirmed member?',
    request: SponsorCheckRequest,
    response: SponsorCheckResponse,
  }),
  verifyEmail: route({
    method: 'POST',
    path: '/auth/email-verify',
    access: 'public',
    domain: 'auth',
    summary: 'Confirm an account with the token from the verification mail',
    request: TokenRequest,
    response: MessageBody,
  }),
  resendVerification: route({
    method: 'POST',
    path: '/auth/verifyEmail',
    access: 'public',
    domain: 'auth',
    summary: 'Mail a new verification link to an unconfirmed account',
    request: EmailRequest,
    response: MessageBody,
  }),
  requestPasswordReset: route({
    method: 'POST',
    path: '/auth/changepassword',
    access: 'public',
    domain: 'auth',
    summary: 'Mail a reset-password link',
    request: EmailRequest,
    response: MessageBody,
  }),
  resetPassword: route({
    method: 'PUT',
    path: '/auth/changepassword',
    access: 'public',
    domain: 'auth',
    summary: 'Set a new password with the token from the reset mail',
    request: ResetPasswordRequest,
    response: MessageBody,
  }),
  getProfile: route({
    method: 'GET',
    path: '/auth/user',
    access: 'member',
    domain: 'auth',
    summary: "The signed-in member's own profile",
    request: Empty,
    response: Profile,
  }),
  listNotifications: route({
    method: 'GET',
    path: '/notifications',
    access: 'member',
    domain: 'notifications',
    summary: "The member's notifications, newest first, with the unread count",
    request: PageQuery,
    response: NotificationPage,
  }),
  markNotificationsRead: route({
    method: 'POST',
    path: '/notifications/read',
    access: 'member',
    domain: 'notifications',
    summary: 'Mark every notification read',
    request: MarkReadRequest,
    response: MessageBody,
  }),
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
  getAdminSummary: route({
    method: 'GET',
    path: '/admin/summary',
    access: 'admin',
    domain: 'admin',
    summary: 'Member counts for the admin dashboard',
    request: Empty,
    response: AdminSummary,
  }),
} as const satisfies Record<string, Route>;

export type Routes = typeof routes;
export type OperationId = keyof Routes;
export type RequestOf<Op extends OperationId> = z.input<Routes[Op]['request']>;
export type ResponseOf<Op extends OperationId> = z.infer<Routes[Op]['response']>;

export const operationIds = Object.keys(routes) as OperationId[];
export const domains = [...new Set(Object.values(routes).map((r) => r.domain))] as Domain[];
