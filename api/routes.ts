/**
 * THE contract. Every HTTP route of Trendex exists here once, and only here: the CDK stack builds
 * API Gateway from it, the local gateway serves it, the handlers bind to its operation ids, the web
 * client is typed by it and docs/api/openapi.json is generated from it. No I/O in this folder.
 * Each domain declares its routes in api/routes/<domain>.ts; add a domain's table to the list below.
 */
import type { z } from 'zod';
import type { Domain, Route } from './route';
import { adminRoutes } from './routes/admin';
import { adminReportRoutes } from './routes/admin-reports';
import { authRoutes } from './routes/auth';
import { botsRoutes } from './routes/bots';
import { cockpitRoutes } from './routes/cockpit';
import { exchangeRoutes } from './routes/exchange';
import { marketRoutes } from './routes/market';
import { notificationsRoutes } from './routes/notifications';
import { plansRoutes } from './routes/plans';
import { supportRoutes } from './routes/support';
import { teamRoutes } from './routes/team';
import { walletRoutes } from './routes/wallet';

export type { Access, Domain, Method, Route } from './route';

export const routes = {
  ...authRoutes,
  ...notificationsRoutes,
  ...supportRoutes,
  ...adminRoutes,
  ...adminReportRoutes,
  ...walletRoutes,
  ...plansRoutes,
  ...exchangeRoutes,
  ...marketRoutes,
  ...teamRoutes,
  ...botsRoutes,
  ...cockpitRoutes,
} as const satisfies Record<string, Route>;

export type Routes = typeof routes;
export type OperationId = keyof Routes;
export type RequestOf<Op extends OperationId> = z.input<Routes[Op]['request']>;
export type ResponseOf<Op extends OperationId> = z.infer<Routes[Op]['response']>;

export const domains = [...new Set(Object.values(routes).map((r) => r.domain))] as Domain[];
