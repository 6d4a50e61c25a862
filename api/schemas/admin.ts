import { z } from 'zod';

export const AdminSummary = z.object({
  members: z.number().int(),
  registeredToday: z.number().int(),
  registeredThisMonth: z.number().int(),
});
