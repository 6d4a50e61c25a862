import { format } from 'date-fns';

/**
 * A plan's start or end date as the profile and the Subscribe dialogs show it. Apart from
 * lib/plans.ts, which the navbar reads (through lib/profile.ts): date-fns' format stays out of every
 * page's first load.
 */
export const planDate = (iso: string): string => format(new Date(iso), 'dd MMM yyyy');
