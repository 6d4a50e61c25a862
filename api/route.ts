/** The shape of a route in the contract; api/routes/<domain>.ts declare them, api/routes.ts joins them. */
import * as z from 'zod';

/**
 * Who may call a route: anyone; a signed-in member; or staff, checked by one rule
 * (functions/core/admin-access.ts): `admin` the admin group, `staff` the admin or support group,
 * both with a sign-in that used the second factor.
 */
export type Access = 'public' | 'member' | 'staff' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** One Lambda function per domain; a route names the domain whose function serves it. */
export type Domain =
  | 'auth'
  | 'notifications'
  | 'support'
  | 'admin'
  | 'team'
  | 'wallet'
  | 'plans'
  | 'exchange'
  | 'market'
  | 'bots';

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

export const route = <Req extends z.ZodType, Res extends z.ZodType>(r: Route<Req, Res>) => r;
export const Empty = z.object({});
