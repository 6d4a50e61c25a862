import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiJson } from '#api/openapi';
import { routes } from '#api/routes';

describe('docs/api/openapi.json', () => {
  it('is what the route table generates (run `npm run openapi` after changing api/)', () => {
    const committed = readFileSync(new URL('../../../docs/api/openapi.json', import.meta.url), 'utf8');
    expect(committed).toBe(openApiJson());
  });

  it('documents every operation, with bearer security on every non-public one', () => {
    const doc = JSON.parse(openApiJson()) as { paths: Record<string, Record<string, { operationId: string; security?: unknown }>> };
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(operations.map((o) => o.operationId).sort()).toEqual(Object.keys(routes).sort());
    for (const [id, route] of Object.entries(routes)) {
      const op = operations.find((o) => o.operationId === id)!;
      expect(Boolean(op.security), id).toBe(route.access !== 'public');
    }
  });
});
