import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Global } from '@emotion/react';
import react from '@vitejs/plugin-react';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createServer, createServerModuleRunner, defineConfig, runnerImport, type Plugin } from 'vite';
import { pathAliases } from '../path-aliases.ts';
import { DEFAULT_META, PUBLIC_PAGES } from './src/lib/pageMeta.ts';
import { COLOR_MODE_SCRIPT } from './src/theme/colorModeScript.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The web client reads each route's method, path and access at run time (lib/api.ts); the zod
 * schemas of the contract are only types to it. In the web build api/routes.ts is that table as
 * plain data, so no page loads zod for it (a form that validates with zod loads it with its page).
 */
const routeTableWithoutSchemas = (): Plugin => {
  const file = here('../api/routes.ts');
  let code = '';
  return {
    name: 'trendex:route-table-without-schemas',
    enforce: 'pre',
    async buildStart() {
      const { module } = await runnerImport<typeof import('../api/routes.ts')>(file);
      const table = Object.fromEntries(
        Object.entries(module.routes).map(([op, { method, path, access, domain }]) => [
          op,
          { method, path, access, domain },
        ]),
      );
      code = `export const routes = ${JSON.stringify(table)};\nexport const domains = ${JSON.stringify(module.domains)};\n`;
    },
    load: (id) => (id === file ? code : null),
  };
};

/** Chakra's createSystem (3.36.0, pinned in package.json), where it builds the theme's global styles. */
const CHAKRA_SYSTEM = /\/@chakra-ui\/react\/dist\/esm\/styled-system\/system\.js$/;
const CHAKRA_GLOBAL = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';

/**
 * The theme's global styles (Chakra's reset, the app's global CSS and every token's CSS variable, in
 * light and dark) are the same for every visit: they are written into index.html at build time, as
 * emotion would have inserted them, and the browser's createSystem no longer builds them. Building
 * them (a third of createSystem) and emotion compiling and inserting them (~40 KB of CSS) took
 * ~0.2 s of a phone's first load before the first paint (docs/decisions/web-performance.md).
 * The styles come from the same theme module the app imports, so they cannot drift from it. In
 * the dev server nothing changes (its dependencies are pre-bundled): the styles are inserted by
 * ChakraProvider as before.
 */
const chakraGlobalCssAtBuild = (): Plugin => ({
  name: 'trendex:chakra-global-css-at-build',
  apply: 'build',
  transform(code, id) {
    if (!CHAKRA_SYSTEM.test(id)) return null;
    // a Chakra upgrade that moves this line must fail the build, not ship the styles twice or none
    if (!code.includes(CHAKRA_GLOBAL))
      throw new Error(`${id} no longer builds its global styles as expected: review this plugin`);
    return code.replace(CHAKRA_GLOBAL, 'const _global = []; // in index.html (web/vite.config.ts)');
  },
  async transformIndexHtml() {
    const { module } = await runnerImport<typeof import('./src/theme/system.ts')>(
      here('./src/theme/system.ts'),
    );
    const { system } = module;
    // emotion's own rendering of ChakraProvider's two Global elements: the layer order, then the styles
    const styles = renderToStaticMarkup(
      createElement(
        Fragment,
        null,
        createElement(Global, { styles: system.layers.atRule }),
        createElement(Global, { styles: system._global }),
      ),
    );
    if (!styles.includes('--chakra-colors-brand-solid'))
      throw new Error('the theme rendered no token CSS for index.html');
    return [{ tag: 'style', children: styles.replace(/<\/?style[^>]*>/g, '\n'), injectTo: 'head' }];
  },
});

const ROOT = '<div id="root"></div>';
/** emotion's server rendering of ChakraProvider's global styles, which index.html already holds */
const CHAKRA_GLOBAL_STYLES = /<style data-emotion="css-global[^"]*"[^>]*>[^<]*<\/style>/g;
/** emotion's server rendering of an element's styles, inline before the element */
const ELEMENT_STYLES = /<style data-emotion="css ([^"]+)"[^>]*>([^<]*)<\/style>/g;

/**
 * A prerendered page's element styles, gathered from before each element into one `<style>` for
 * the head, in the same order, as emotion's own server extraction writes them: one stylesheet the
 * browser parses before the body instead of one per element in it, and none that emotion must move
 * into the head before React hydrates. Its `data-emotion` names every rule it holds, so emotion in
 * the browser takes them as inserted and does not insert them again.
 */
const stylesToHead = (body: string): { body: string; head: string } => {
  const ids: string[] = [];
  const rules: string[] = [];
  const rest = body
    .replace(CHAKRA_GLOBAL_STYLES, '')
    .replace(ELEMENT_STYLES, (_, names: string, css: string) => {
      ids.push(names);
      rules.push(css);
      return '';
    });
  return { body: rest, head: `<style data-emotion="css ${ids.join(' ')}">${rules.join('')}</style>` };
};

/**
 * Until React has hydrated a prerendered page (main.tsx then drops `data-prerendered`), a click on
 * a button would be lost: React replays only the clicks that come after `hydrateRoot`. The buttons
 * take no clicks until then (links are links, and work at once), so a click waits rather than
 * vanishes, for a person as for a test driving the page.
 */
const UNTIL_HYDRATED = '<style>#root[data-prerendered] button{pointer-events:none}</style>';

/** A page's HTML: index.html with the prerendered page in its root, and the page's title, description and styles. */
const pageHtml = (shell: string, pathname: string, rendered: string) => {
  const meta = PUBLIC_PAGES[pathname] ?? DEFAULT_META;
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const { body, head } = stylesToHead(rendered);
  const page = shell
    .replace('</head>', `${head}${UNTIL_HYDRATED}</head>`)
    .replace(ROOT, `<div id="root" data-prerendered>${body}</div>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(meta.title)}</title>`)
    .replace(/(<meta name="description" content=")[^"]*"/, `$1${escape(meta.description)}"`);
  if (page === shell || !page.includes(escape(meta.title)))
    throw new Error(`index.html has no root or title for ${pathname}`);
  return page;
};

/**
 * The public pages visitors open most (web/src/prerender.tsx) are rendered at build time, each
 * into `<path>/index.html` (the home page into index.html), and hydrated in the browser: the first
 * paint needs only the HTML, not the entry, the page's chunk and a first render on the phone
 * (docs/decisions/web-performance.md). index.html as built, empty, is `app.html`: every other
 * path is answered with it (local/web-static.ts, lib/constructs/web.ts). The pages are rendered
 * with the app's own modules, through Vite's module runner, after the bundle is written; their
 * styles are emotion's server rendering, gathered into the head (`stylesToHead`).
 */
const prerenderPublicPages = (): Plugin => ({
  name: 'trendex:prerender-public-pages',
  // the colour mode is set before the first paint, in every page and the app's shell alike
  transformIndexHtml: () => [{ tag: 'script', children: COLOR_MODE_SCRIPT, injectTo: 'head-prepend' }],
  async writeBundle({ dir }) {
    if (!dir) throw new Error('the web build has no output directory');
    const shell = readFileSync(join(dir, 'index.html'), 'utf8');
    if (!shell.includes(ROOT)) throw new Error('index.html has no empty root to prerender into');
    writeFileSync(join(dir, 'app.html'), shell);
    // a module runner that stays open while the pages render: they load their page chunks then
    const server = await createServer({
      configFile: false,
      root: here('.'),
      resolve: { alias: pathAliases(['#api']) },
      server: { middlewareMode: true, hmr: false, ws: false },
      appType: 'custom',
      logLevel: 'warn',
    });
    const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
    try {
      const module: typeof import('./src/prerender.tsx') = await runner.import(here('./src/prerender.tsx'));
      for (const pathname of module.PRERENDERED_PATHS) {
        const rendered = await module.prerender(pathname);
        const file = join(dir, pathname, 'index.html');
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, pageHtml(shell, pathname, rendered));
      }
    } finally {
      await runner.close();
      await server.close();
    }
  },
});

export default defineConfig({
  root: here('.'),
  publicDir: here('./public'),
  plugins: [routeTableWithoutSchemas(), chakraGlobalCssAtBuild(), prerenderPublicPages(), react()],
  resolve: {
    // the web app may import the contract only
    alias: pathAliases(['#api']),
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'frame', tags: ['$initial'] }] } },
    },
  },
  server: { port: 5173 },
  preview: { port: 4173, strictPort: true },
});
