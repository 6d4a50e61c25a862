/** The contract's bot names match the engine's registry; the phone search's normalisation. */
import { describe, expect, it } from 'vitest';
import { BOT_NAMES } from '#api/bots';
import { BOT_LIST } from '#engine/strategies/registry';
import { phoneSearchOf } from '#functions/members/service';
import { nationalNumberOf } from '#functions/members/phone';

describe('api/bots', () => {
  it('names every bot of the engine, with the same name, in the same order', () => {
    expect(Object.entries(BOT_NAMES)).toEqual(BOT_LIST.map((b) => [b.id, b.name]));
  });
});

describe('phone search', () => {
  it('keys a stored E.164 number by its national number', () => {
    expect(nationalNumberOf('+919876543210')).toBe('9876543210');
    expect(nationalNumberOf('')).toBeNull();
  });

  it('reads the national number in any spacing, dropping trunk zeros', () => {
    const national = { nationalNumbers: ['9876543210'] };
    expect(phoneSearchOf('98765 43210')).toEqual(national);
    expect(phoneSearchOf('(0)98765-43210')).toEqual(national);
    expect(phoneSearchOf(' 098.765.43210 ')).toEqual(national);
  });

  it('reads an international number as that exact number, under each country code length it may have', () => {
    const exact = { nationalNumbers: ['19876543210', '9876543210', '876543210'], e164: '+919876543210' };
    expect(phoneSearchOf('+91 98765 43210')).toEqual(exact);
    expect(phoneSearchOf('0091 9876543210')).toEqual(exact);
    // the bracketed trunk zero is not part of the international number
    expect(phoneSearchOf('+44 (0)20 7946 0958')?.e164).toBe('+442079460958');
  });

  it('refuses what is not a number', () => {
    for (const text of ['', 'abc', '12', '+', '98x76543210', '0000']) expect(phoneSearchOf(text)).toBeNull();
  });
});
