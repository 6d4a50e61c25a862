import { AdminSummary } from '../schemas/admin';
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
} as const satisfies Record<string, Route>;
