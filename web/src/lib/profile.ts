import { useQuery } from '@tanstack/react-query';
import { differenceInCalendarDays } from 'date-fns';
import type { Profile } from '#api/schemas/auth';
import { callApi } from './api';
import { planById, type Plan } from './plans';
import { queryKeys } from './queryKeys';

/** The caller's profile; `enabled` false leaves it unread (a visitor has none). */
export function useProfile(enabled = true) {
  return useQuery({ queryKey: queryKeys.profile(), queryFn: () => callApi('getProfile', {}), enabled });
}

/** The member's plan as the profile shows it (spec section 4, "Plan"). */
export function planOf(profile: Profile): { label: string; plan: Plan | null } {
  if (!profile.plan.isActive) return { label: 'Not Activate', plan: null };
  const plan = planById(profile.plan.isGold ? 'imperial' : 'executive');
  return { label: plan.name, plan };
}

/** Days left until expiry, or null when expired or unknown. */
export function daysRemaining(expiresAt: string | null, now = new Date()): number | null {
  if (!expiresAt) return null;
  const days = differenceInCalendarDays(new Date(expiresAt), now);
  return days > 0 ? days : null;
}
