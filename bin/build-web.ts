/**
 * `npx tsx bin/build-web.ts`: builds web/dist when it is older than its sources (local/web-build.ts).
 * `npm test` runs it in the checks' lane, so the e2e tests' setup finds the app built instead of
 * building it on the lane of the local stacks.
 */
import { buildWebIfStale } from '../local/web-build';

buildWebIfStale();
