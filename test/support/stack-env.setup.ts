/**
 * Setup file of the integration and e2e workers: a test file runs with the settings its worker's
 * stack gave the handlers (table, endpoints, pool ids, local keys), so code a test runs itself
 * (a store, a service, a handler) reaches the same stack as the API does.
 */
import { inject } from 'vitest';
import { workerNumber } from './ports';

/**
 * The environment the worker started with: a worker that runs file after file in one process
 * (vitest.config.ts, `isolate: false`) gives each file that environment again, so a setting one
 * file made (a log level, an endpoint) never reaches the next.
 */
const started = ((globalThis as { workerEnv?: NodeJS.ProcessEnv }).workerEnv ??= { ...process.env });
for (const key of Object.keys(process.env)) if (!(key in started)) delete process.env[key];
Object.assign(process.env, started, inject('stackEnvs')[workerNumber() - 1]);
