/**
 * The test runs' port layout (test/support/ports.ts): the stacks of parallel workers, of both
 * projects, and those files start of their own never share a port, and fetch can reach every one
 * (it refuses some ports outright: a base of 5000 once put a stack on 5060, SIP's).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ownStackPorts, sharedStackPorts, type StackPorts } from '../../support/ports';

const WORKERS = 4;
const saved = process.env.TEST_PORT_BASE;
afterEach(() => {
  if (saved === undefined) delete process.env.TEST_PORT_BASE;
  else process.env.TEST_PORT_BASE = saved;
});

/** Every port of the layout with `workers` workers per project, for a base (undefined: the default). */
const layout = (base: string | undefined, workers = WORKERS): number[] => {
  if (base === undefined) delete process.env.TEST_PORT_BASE;
  else process.env.TEST_PORT_BASE = base;
  const stacks: StackPorts[] = [];
  for (const project of ['integration', 'e2e'])
    for (let worker = 1; worker <= workers; worker++)
      stacks.push(sharedStackPorts(project, worker), ownStackPorts(project, worker));
  return stacks.flatMap((s) => [s.webPort, s.dynamoPort, s.cognitoPort]);
};

describe('test stack ports', () => {
  it("gives every stack its own ports, none of `npm start`'s", () => {
    for (const base of [undefined, '5000']) {
      const ports = layout(base);
      expect(new Set(ports).size, `base ${base}`).toBe(ports.length);
      expect(ports.filter((p) => [3000, 8000, 9229].includes(p))).toEqual([]);
    }
  });

  it('uses only ports fetch may call (the default base and 5000)', async () => {
    const refused: number[] = [];
    for (const port of [...layout(undefined), ...layout('5000')]) {
      // nothing need listen there: a refused connection is fine, fetch's "bad port" is not
      const error = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5_000) }).then(
        () => undefined,
        (e: Error) => e.cause as Error | undefined,
      );
      if (error?.message === 'bad port') refused.push(port);
    }
    expect(refused).toEqual([]);
  });
});
