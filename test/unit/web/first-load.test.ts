/**
 * What the pages members open most load first (issue 31: Lighthouse mobile >= 90, TBT < 300 ms on
 * /, /pricing, /login and /dashboard): the app's entry chunk and the chunks it imports, plus the
 * opened page's chunk and the chunks it imports (the router fetches that one before showing the
 * page). Read from the production build's chunk graph (in memory), none of them may carry a
 * library those pages do not show: the charts, the backtest engine, TanStack Table, the phone
 * number and QR code libraries, zod (the forms that validate load it with their page) or Amplify
 * (the session check loads it after the first render). The theme's global styles come built in
 * index.html, not built and inserted by the browser.
 */
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

const CONFIG = fileURLToPath(new URL('../../../web/vite.config.ts', import.meta.url));

/** The page modules of the routes under test (web/src/router.tsx). */
const PAGES: Record<string, string> = {
  '/': 'web/src/pages/home/Home.tsx',
  '/pricing': 'web/src/pages/Pricing.tsx',
  '/login': 'web/src/pages/Login.tsx',
  '/dashboard': 'web/src/member/Dashboard.tsx',
};

/** Modules none of those pages may load first, by the path that names them. */
const NOT_FIRST: Record<string, RegExp> = {
  'lightweight-charts': /node_modules\/lightweight-charts\//,
  'the backtest engine': /\/engine\//,
  'TanStack Table': /node_modules\/@tanstack\/(react-)?table/,
  'libphonenumber-js': /node_modules\/libphonenumber-js\//,
  'the QR code library': /node_modules\/qrcode/,
  zod: /node_modules\/zod\//,
  Amplify: /node_modules\/@aws-amplify\//,
};

let chunks: Rolldown.OutputChunk[];
let indexHtml: string;

beforeAll(async () => {
  const output = (await build({
    configFile: CONFIG,
    logLevel: 'silent',
    build: { write: false },
  })) as Rolldown.RolldownOutput;
  chunks = output.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  const html = output.output.find((file) => file.fileName === 'index.html') as Rolldown.OutputAsset;
  indexHtml = String(html.source);
}, 120_000);

/** A chunk and every chunk it imports statically, as the browser loads them together. */
const withStaticImports = (first: Rolldown.OutputChunk): Rolldown.OutputChunk[] => {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Map<string, Rolldown.OutputChunk>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) visit(byName.get(name)!);
  };
  visit(first);
  return [...seen.values()];
};

const firstLoad = (page: string): Rolldown.OutputChunk[] => {
  const entry = chunks.find((c) => c.isEntry)!;
  const pageChunk = chunks.find((c) => c.facadeModuleId?.endsWith(PAGES[page]));
  if (!pageChunk) throw new Error(`no chunk of its own for ${PAGES[page]}: is the route still lazy?`);
  return [...new Set([...withStaticImports(entry), ...withStaticImports(pageChunk)])];
};

describe('the first load of the pages members open most', () => {
  it.each(Object.keys(PAGES))('%s loads no chart, engine, table, phone, QR, zod or Amplify code', (page) => {
    const modules = firstLoad(page).flatMap((chunk) => chunk.moduleIds);
    const found = Object.entries(NOT_FIRST)
      .filter(([, path]) => modules.some((id) => path.test(id)))
      .map(([name]) => name);
    expect(found).toEqual([]);
  });

  it('the entry holds no page: each route is a chunk of its own', () => {
    const entry = chunks.find((c) => c.isEntry)!;
    for (const page of Object.values(PAGES))
      expect(entry.moduleIds.some((id) => id.endsWith(page))).toBe(false);
  });

  it("brings the theme's global styles in index.html, light and dark, and the browser does not build them", () => {
    // web/vite.config.ts, chakraGlobalCssAtBuild: the reset, then the tokens' variables (bg.canvas
    // light and dark), before the entry runs
    expect(indexHtml).toMatch(/<style>\s*@layer reset,base,tokens,recipes;[\s\S]*@layer reset\{/);
    expect(indexHtml).toContain('--chakra-colors-bg-canvas:#f6f8fc');
    expect(indexHtml).toContain('--chakra-colors-bg-canvas:#070d1a');
    // createSystem's global styles are an empty list in the entry (ChakraProvider inserts nothing)
    const entry = chunks.find((c) => c.isEntry)!;
    expect(entry.code).toContain('_global:[]');
  });
});
