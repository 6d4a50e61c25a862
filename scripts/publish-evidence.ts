/**
 * Writes what is derived from the published runs: engine/published/evidence.json (what the
 * marketplace and the deploy check show) and the home page's dashboard images
 * (web/public/images/dashboard-*.svg). scripts/publish-backtests.ts calls it after writing the runs;
 * run alone, it reads engine/published/backtests.json:
 *
 *   npx tsx scripts/publish-evidence.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { evidenceOf } from '#engine/published/evidence';
import type { PublishedBacktests } from '#engine/published/types';
import { dashboardImages } from './dashboard-svgs';

const published = (name: string) => new URL(`../engine/published/${name}`, import.meta.url);

export const writeDerivedFiles = (out: PublishedBacktests) => {
  writeFileSync(published('evidence.json'), JSON.stringify(evidenceOf(out), null, 1) + '\n');
  for (const [name, svg] of Object.entries(dashboardImages(out.runs)))
    writeFileSync(new URL(`../web/public/images/${name}`, import.meta.url), svg);
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  writeDerivedFiles(JSON.parse(readFileSync(published('backtests.json'), 'utf8')) as PublishedBacktests);
