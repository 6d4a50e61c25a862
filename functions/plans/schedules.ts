import { expirePlans as expire } from './service';

/** planExpiry: plans past PLAN_PERIOD_DAYS lose their flags and the member is told. */
export const expirePlans = async () => {
  await expire();
};
