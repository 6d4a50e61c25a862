/** Membership plans as shown on the site; names and prices come from the plan catalogue in api/plans.ts. */
import { planOffers } from '#api/plans';

export type PlanId = 'executive' | 'imperial';

export interface Plan {
  id: PlanId;
  name: string;
  /** Label used on the profile page for a member holding this plan. */
  profileLabel: string;
  priceUsdt: number;
  period: 'year';
  mostPopular: boolean;
  benefits: string[];
  notIncluded: string[];
}

export const PLANS: readonly Plan[] = [
  {
    id: 'executive',
    name: 'Executive',
    profileLabel: 'Executive',
    priceUsdt: planOffers.executive.priceUsdt,
    period: 'year',
    mostPopular: false,
    benefits: ['3 Trade Bot', 'Trendex Core'],
    notIncluded: ['Premium Trendex Core', 'Trendex, Zeno and Candles bots'],
  },
  {
    id: 'imperial',
    name: 'Imperial',
    profileLabel: 'Imperial package',
    priceUsdt: planOffers.imperial.priceUsdt,
    period: 'year',
    mostPopular: true,
    benefits: ['All Trade Bot', 'Trendex Core', 'Premium Trendex Core'],
    notIncluded: [],
  },
];

export const planById = (id: PlanId): Plan => PLANS.find((p) => p.id === id) as Plan;
