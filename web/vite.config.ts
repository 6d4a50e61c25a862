import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import { pathAliases } from '../path-aliases.ts';

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

export default defineConfig({
  root: here('.'),
  publicDir: here('./public'),
  plugins: [routeTableWithoutSchemas(), react()],
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
