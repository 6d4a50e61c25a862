/**
 * Nothing a visitor or member sees about a bot is invented: any line of a web asset that names a bot
 * and shows a percentage must show a figure of engine/published (the out-of-sample backtests).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BOT_NAMES } from '#api/bots';
import { allPublishedBacktests } from '#engine/published/index';

const WEB = fileURLToPath(new URL('../../../web/', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', 'build', '.vite', 'coverage']);
const TEXT = /\.(svg|tsx?|jsx?|html|json|md|css)$/;

/** The bots' names and their short forms ("Alpha" for Alpha Intelligence); "Trendex" is the brand. */
const NAMES = [
  ...new Set(
    Object.values(BOT_NAMES).flatMap((name) => {
      const first = name.split(' ')[0];
      return first.length >= 4 && first !== 'Trendex' ? [name, first] : [name];
    }),
  ),
];
const NAMED = new RegExp(`\\b(${NAMES.map((n) => n.replace(/[()]/g, '\\$&')).join('|')})\\b`);
const PERCENT = /([+\-−]?)(\d+(?:\.(\d+))?)\s?%/g;

/** Every percentage the published runs hold. */
const PUBLISHED: number[] = allPublishedBacktests.flatMap((r) => [
  r.stats.totalReturnPct,
  r.stats.maxDrawdownPct,
  r.stats.winRatePct,
  r.stats.worstOpenLossPct,
  r.buyAndHold.returnPct,
  r.buyAndHold.maxDrawdownPct,
  r.killSwitchPct,
  ...r.stats.quarterly.map((q) => q.returnPct),
]);

/** Percentages on lines that name a bot and match no published figure at the shown precision. */
export function inventedFigures(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (!NAMED.test(line)) continue;
    for (const [shown, sign, digits, decimals] of line.matchAll(PERCENT)) {
      const negative = sign === '-' || sign === '−';
      const places = decimals?.length ?? 0;
      const known = PUBLISHED.some((v) => v < 0 === negative && Math.abs(v).toFixed(places) === digits);
      if (!known) out.push(shown);
    }
  }
  return out;
}

function webFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return webFiles(path);
    return TEXT.test(name) ? [path] : [];
  });
}

describe('bot figures on the web', () => {
  it('flags an invented figure next to a bot name (the old home-page card)', () => {
    // Three decimals: the published figures have two, so this one can never be a real figure by chance
    // (the old card's "54%" became one when the backtests were published again).
    expect(
      inventedFigures('<text>Zeno 3X</text><text>Win rate</text><text>54.125%</text><text>+31.7%</text>'),
    ).toEqual(['54.125%', '+31.7%']);
    const real = allPublishedBacktests.find((r) => r.bot === 'zeno3x')!.stats.totalReturnPct;
    expect(inventedFigures(`Zeno 3X ${real >= 0 ? '+' : '−'}${Math.abs(real).toFixed(1)}%`)).toEqual([]);
  });

  it('every web asset names bots only with published percentages', () => {
    const files = webFiles(WEB);
    expect(files.some((f) => f.endsWith('dashboard-bots.svg'))).toBe(true);
    const invented = files
      .map((f) => ({ file: f.slice(WEB.length), figures: inventedFigures(readFileSync(f, 'utf8')) }))
      .filter((x) => x.figures.length > 0);
    expect(invented).toEqual([]);
  });
});
