/**
 * Membership plans as the site shows them: names, prices and what each includes come from the
 * plan catalogue in api/plans.ts, which the server sells and gates by, so /pricing, /profile,
 * /trendex and the bot cards say what the server does.
 */
import { BOT_ID_LIST, BOT_NAMES } from '#api/bots';
import { membershipIncludes, membershipTitle, planOffers, type Membership } from '#api/plans';

export type PlanId = Membership;

export interface Plan {
  id: PlanId;
  name: string;
  priceUsdt: number;
  period: 'year';
  mostPopular: boolean;
  benefits: string[];
  notIncluded: string[];
}

/** 'A, B and C'. */
const listed = (names: readonly string[]): string =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

const CORE_PLANS = ['core', 'premiumCore'] as const;

/** What a membership includes, and what it does not, in the words of the pricing card. */
const benefitsOf = (id: PlanId): Pick<Plan, 'benefits' | 'notIncluded'> => {
  const includes = membershipIncludes[id];
  const bots = includes.bots.length === BOT_ID_LIST.length;
  const without = BOT_ID_LIST.filter((b) => !includes.bots.includes(b)).map((b) => BOT_NAMES[b]);
  return {
    benefits: [
      bots
        ? `All ${BOT_ID_LIST.length} trading bots`
        : `${includes.bots.length} trading bots: ${listed(includes.bots.map((b) => BOT_NAMES[b]))}`,
      ...CORE_PLANS.filter((p) => includes[p]).map((p) => planOffers[p].name),
    ],
    notIncluded: [
      ...CORE_PLANS.filter((p) => !includes[p]).map((p) => planOffers[p].name),
      ...(without.length ? [`${listed(without)} bots`] : []),
    ],
  };
};

export const PLANS: readonly Plan[] = (['executive', 'imperial'] as const).map((id) => ({
  id,
  name: planOffers[id].name,
  priceUsdt: planOffers[id].priceUsdt,
  period: 'year',
  mostPopular: id === 'imperial',
  ...benefitsOf(id),
}));

export const planById = (id: PlanId): Plan => PLANS.find((p) => p.id === id) as Plan;

/** The membership named in a sentence ("Needs the Imperial Package", "your Executive plan"). */
export { membershipTitle };
