import { describe, expect, it } from 'vitest';
import { describeBot } from '#engine/strategies/describe';
import { BOT_IDS, getBot } from '#engine/strategies/registry';

/** Every figure a text states ("EMA 20", "1.5x", "25-day"). */
const figures = (text: string) => new Set(text.match(/\d+(\.\d+)?/g) ?? []);

describe("a bot's description and parameters table", () => {
  it("name Zeno's exit as the code trades it: EMA 20 against EMA 100, never 50", () => {
    const zeno = describeBot('zeno');
    expect(getBot('zeno').defaultParams).toMatchObject({ fastPeriod: 20, slowPeriod: 100 });
    expect(zeno.description).toContain('EMA 20 crosses above EMA 100');
    // The daily confirmation's 50-day EMA is another figure: no hourly EMA 50 anywhere.
    expect(zeno.description).not.toMatch(/EMA 50\b/);
    expect(zeno.parameters).toContainEqual({ name: 'Slow EMA', value: '100 hourly candles' });
  });

  it.each(BOT_IDS)(
    '%s: every figure of its description and of its card summary is one of its parameters',
    (id) => {
      const { description, parameters } = describeBot(id);
      const table = new Set(parameters.flatMap((p) => [...figures(p.value)]));
      for (const text of [description, getBot(id).summary])
        for (const figure of figures(text)) expect(table, `${figure} in "${text}"`).toContain(figure);
    },
  );
});
