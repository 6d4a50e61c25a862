/**
 * Setup file of the integration and e2e workers: a test file runs with the settings its worker's
 * stack gave the handlers (table, endpoints, pool ids, local keys), so code a test runs itself
 * (a store, a service, a handler) reaches the same stack as the API does.
 */
import { inject } from 'vitest';
import { workerNumber } from './ports';

Object.assign(process.env, inject('stackEnvs')[workerNumber() - 1]);
