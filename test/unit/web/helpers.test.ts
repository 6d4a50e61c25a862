import { describe, expect, it } from 'vitest';
import type { Profile } from '#api/schemas/auth';
import { dialCodes } from '../../../web/src/lib/countries';
import { PLANS } from '../../../web/src/lib/plans';
import { daysRemaining, planOf } from '../../../web/src/lib/profile';

const plan = (p: Partial<Profile['plan']>) =>
  ({
    plan: { isActive: false, isSilver: false, isGold: false, activatedAt: null, expiresAt: null, ...p },
  }) as Profile;

describe('web helpers', () => {
  it('lists every country with its dial code, sorted by name', () => {
    const codes = dialCodes();
    expect(codes.length).toBeGreaterThan(230);
    expect(codes.find((c) => c.country === 'IN')).toMatchObject({ callingCode: '91', label: 'India (+91)' });
    const names = codes.map((c) => c.name);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
  });

  it('labels the plan as the profile page shows it', () => {
    expect(planOf(plan({})).label).toBe('Not Activate');
    expect(planOf(plan({ isActive: true, isSilver: true })).label).toBe('Executive');
    expect(planOf(plan({ isActive: true, isGold: true })).label).toBe('Imperial Package');
    expect(planOf(plan({ isActive: true, isGold: true })).plan?.benefits).toEqual([
      'All 14 trading bots',
      'Trendex Core',
      'Premium Trendex Core',
    ]);
  });

  it('lists what Executive includes as the server gates it: its six bots, Trendex Core, not Premium', () => {
    expect(planOf(plan({ isActive: true, isSilver: true })).plan).toMatchObject({
      benefits: [
        '6 trading bots: Manual DCA, Universal Bot, AI Bot, DCA King, DCA AI Robot and Alpha Intelligence',
        'Trendex Core',
      ],
      notIncluded: [
        'Premium Trendex Core',
        'Trendex (classic), Zeno, Zeno 3X, Candles, Candles 3X, Glint ETH, Nero and Quant bots',
      ],
    });
  });

  it('counts the days remaining, null once expired', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(daysRemaining('2026-01-11T00:00:00Z', now)).toBe(10);
    expect(daysRemaining('2026-01-01T00:00:00Z', now)).toBeNull();
    expect(daysRemaining(null, now)).toBeNull();
  });

  it('prices the plans as the spec says', () => {
    expect(PLANS.map((p) => [p.name, p.priceUsdt, p.mostPopular])).toEqual([
      ['Executive', 180, false],
      ['Imperial Package', 250, true],
    ]);
  });
});
