import type { DcaParams, DcaStage } from './dca';

export type DcaPreset = 'universal' | 'aibot' | 'dcaking' | 'dcaairobot';

const BASE: Omit<DcaParams, 'initial' | 'stages'> = {
  takeProfitPct: 1.5,
  oneShot: false,
  stepUnit: 'percent',
  atrPeriod: 14,
  entryRsiBelow: null,
  rsiPeriod: 14,
  stopLossPct: 30,
  riskPct: 10,
};

const repeat = (n: number, stage: (k: number) => DcaStage): DcaStage[] =>
  Array.from({ length: n }, (_, k) => stage(k));

/** The ladders of the four automatic bots, before sizing (see dcaPresetParams). */
const LADDERS: Record<DcaPreset, Omit<DcaParams, 'initial'>> = {
  /** Universal: 8 equal orders, a fixed 2 % step between fills. */
  universal: { ...BASE, stages: repeat(7, () => ({ timesX: 1, per: 2 })) },
  /** AI Bot: steps of 1.5 ATR (wider when the market is wild), orders growing by half the base. */
  aibot: { ...BASE, stepUnit: 'atr', stages: repeat(7, (k) => ({ timesX: 1 + 0.5 * (k + 1), per: 1.5 })) },
  /** DCA King: martingale, each of 10 orders 1.5x the previous, 2.5 % apart. */
  dcaking: { ...BASE, takeProfitPct: 1.2, stages: repeat(9, (k) => ({ timesX: 1.5 ** (k + 1), per: 2.5 })) },
  /** DCA AI Robot: opens a cycle only when RSI(14) is under 30, then 8 orders 2.5 % apart. */
  dcaairobot: {
    ...BASE,
    takeProfitPct: 2,
    entryRsiBelow: 30,
    stages: repeat(7, (k) => ({ timesX: 1 + Math.floor((k + 1) / 2), per: 2.5 })),
  },
};

/**
 * Parameters of a DCA preset for an amount (the "Enter The Amount" of the DCA page): the base order
 * is sized so that a cycle that fills every stage spends exactly `amount`.
 */
export function dcaPresetParams(preset: DcaPreset, amount: number): DcaParams {
  const ladder = LADDERS[preset];
  const units = 1 + ladder.stages.reduce((sum, s) => sum + s.timesX, 0);
  return { ...ladder, initial: amount / units };
}

/** What the member sets on the Manual Trading form (amounts in USDT, percentages as percent). */
export interface ManualDcaInput {
  readonly initial: number;
  readonly stages: readonly DcaStage[];
  readonly takeProfitPct: number;
  readonly oneShot: boolean;
}

/** The manual DCA as it runs: the member's ladder as entered, percent steps, opened at once. */
export function manualDcaParams(input: ManualDcaInput): DcaParams {
  return {
    initial: input.initial,
    stages: input.stages.map(({ timesX, per }) => ({ timesX, per })),
    takeProfitPct: input.takeProfitPct,
    oneShot: input.oneShot,
    stepUnit: 'percent',
    atrPeriod: 14,
    entryRsiBelow: null,
    rsiPeriod: 14,
    // The member chose every order: no stop that would shrink them; the kill switch still guards it.
    stopLossPct: null,
    riskPct: 10,
  };
}

type Stages = readonly { readonly timesX: number }[];

/** What a manual ladder spends when every stage fills, in units of its initial order. */
export const ladderUnits = (stages: Stages) => 1 + stages.reduce((sum, s) => sum + s.timesX, 0);

/** The ladder's smallest order as a share of its initial order: no stop scales a manual ladder. */
const smallestShare = (stages: Stages) => Math.min(1, ...stages.map((s) => s.timesX));

/** The smallest order (USDT) a manual ladder places: its initial order, or a stage under 1x of it. */
export const manualSmallestOrder = (initial: number, stages: Stages) => initial * smallestShare(stages);

/**
 * The least initial order (whole USDT) whose ladder's smallest order is at least `orderMinimum`,
 * said by the DCA form before it asks and by the server when it refuses. The division rounds (0.07
 * / 0.01 is 7.000…01), so the answer is checked with the very product the server compares.
 */
export const manualLeastInitial = (stages: Stages, orderMinimum: number): number => {
  const least = Math.max(1, Math.ceil(orderMinimum / smallestShare(stages)));
  if (least > 1 && manualSmallestOrder(least - 1, stages) >= orderMinimum) return least - 1;
  return manualSmallestOrder(least, stages) >= orderMinimum ? least : least + 1;
};
