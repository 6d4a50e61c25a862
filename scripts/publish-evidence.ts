/**
 * Writes engine/published/evidence.json (what the marketplace and the deploy check show) from the
 * published runs; scripts/publish-backtests.ts calls it after writing them. Run alone, it reads
 * engine/published/backtests.json:
 *
 *   npx tsx scripts/publish-evidence.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { evidenceOf } from '#engine/published/evidence';
import type { PublishedBacktests } from '#engine/published/types';

const file = (name: string) => new URL(`../engine/published/${name}`, import.meta.url);

export const writeEvidence = (published: PublishedBacktests) =>
  writeFileSync(file('evidence.json'), JSON.stringify(evidenceOf(published), null, 1) + '\n');

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  writeEvidence(JSON.parse(readFileSync(file('backtests.json'), 'utf8')) as PublishedBacktests);
