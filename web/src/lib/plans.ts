/**
 * Membership plans as shown on the site. The prices mirror functions/core/config.ts (the server's
 * single config module, which charges them); change both together.
 */
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
    priceUsdt: 180,
    period: 'year',
    mostPopular: false,
    benefits: ['3 Trade Bot', 'Trendex Core'],
    notIncluded: ['Premium Trendex Core', 'Trendex, Zeno and Candles bots'],
  },
  {
    id: 'imperial',
    name: 'Imperial',
    profileLabel: 'Imperial package',
    priceUsdt: 250,
    period: 'year',
    mostPopular: true,
    benefits: ['All Trade Bot', 'Trendex Core', 'Premium Trendex Core'],
    notIncluded: [],
  },
];

export const planById = (id: PlanId): Plan => PLANS.find((p) => p.id === id) as Plan;
