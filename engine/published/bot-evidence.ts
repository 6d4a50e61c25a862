/**
 * The bots' evidence as engine/published/evidence.json holds it (scripts/publish-evidence.ts):
 * small enough for the bots API and the dashboard's marketplace.
 */
import type { BotId } from '../strategies/registry';
import evidenceFile from './evidence.json';
import type { BotEvidence, EvidenceFile } from './evidence';

export type { BotEvidence, PeriodEvidence } from './evidence';

// TypeScript widens the JSON's literals ('1h' to string), so the cast goes through unknown.
const evidence = evidenceFile as unknown as EvidenceFile;

export const botEvidence = (id: BotId): BotEvidence => evidence[id];
