/**
 * Every badge and text colour of the theme passes WCAG AA (4.5:1) in light and dark mode: a
 * solid badge's text on its colour, a subtle or surface badge's text on its tint, and the text
 * tokens on every surface. Read from the theme itself (web/src/theme/system.ts), for every colour
 * palette it has, so a palette a page starts to use is already checked.
 */
import { describe, expect, it } from 'vitest';
import { system } from '../../../web/src/theme/system';

type Mode = '_light' | '_dark';
const MODES: Mode[] = ['_light', '_dark'];

/** A colour token's value in `mode`, references followed to a colour. */
const resolve = (name: string, mode: Mode): string => {
  const token = system.tokens.getByName(`colors.${name}`);
  if (!token) {
    if (/^(#|rgb|white|black)/.test(name)) return name;
    throw new Error(`no colour token ${name}`);
  }
  const conditions = token.extensions?.conditions as Record<string, string> | undefined;
  const raw = String(conditions?.[mode] ?? conditions?.base ?? token.originalValue ?? token.value);
  const ref = /^\{colors\.(.+)\}$/.exec(raw);
  return ref ? resolve(ref[1], mode) : raw;
};

const rgb = (colour: string): [number, number, number] => {
  if (colour === 'white') return [255, 255, 255];
  if (colour === 'black') return [0, 0, 0];
  const hex = /^#([0-9a-f]{6})$/i.exec(colour)?.[1];
  if (!hex) throw new Error(`not a colour this test reads: ${colour}`);
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
};

const luminance = (colour: string) => {
  const [r, g, b] = rgb(colour).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/** Every colour palette of the theme (Chakra's and ours): a page may pick any of them. */
const palettes = [
  ...new Set(
    system.tokens.allTokens
      .map((t) => /^colors\.(\w+)\.solid$/.exec(t.name)?.[1])
      .filter((p): p is string => !!p && p !== 'colorPalette'),
  ),
];

const AA = 4.5;

describe('the theme passes WCAG AA contrast', () => {
  it('finds the palettes the app uses', () => {
    expect(palettes).toEqual(expect.arrayContaining(['brand', 'gain', 'green', 'red', 'gray']));
  });

  it('every badge: text on a solid, a subtle and a surface badge, in both modes', () => {
    const failing = palettes.flatMap((p) =>
      MODES.flatMap((mode) =>
        [
          ['solid', `${p}.contrast`, `${p}.solid`],
          ['subtle', `${p}.fg`, `${p}.subtle`],
          ['surface', `${p}.fg`, `${p}.muted`],
          ['outline on a card', `${p}.fg`, 'bg.surface'],
        ]
          .map(([variant, fg, bg]) => ({
            what: `${p} ${variant} ${mode}`,
            ratio: Number(contrast(resolve(fg, mode), resolve(bg, mode)).toFixed(2)),
          }))
          .filter((c) => c.ratio < AA),
      ),
    );
    expect(failing).toEqual([]);
  });

  it('every text colour on every surface, in both modes', () => {
    const failing = ['fg', 'fg.muted', 'fg.subtle'].flatMap((fg) =>
      ['bg', 'bg.surface', 'bg.canvas', 'bg.raised', 'bg.muted', 'bg.subtle'].flatMap((bg) =>
        MODES.map((mode) => ({
          what: `${fg} on ${bg} ${mode}`,
          ratio: Number(contrast(resolve(fg, mode), resolve(bg, mode)).toFixed(2)),
        })).filter((c) => c.ratio < AA),
      ),
    );
    expect(failing).toEqual([]);
  });
});
