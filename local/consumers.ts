/**
 * The stream consumers of api/consumers.ts on the local stack. In AWS the table's stream wakes
 * each consumer on the items it filters for; DynamoDB Local has no stream to trigger a function, so
 * here a write the stack's functions make through the table's client wakes every consumer (a pass
 * that finds nothing costs two queries), and a pass every second finds what other processes wrote
 * (the demo seed, a test's own fixtures). Passes follow each other at most every 150 ms. Polling
 * every 150 ms whether or not anything was written cost each resting stack a tenth of a core.
 */
import { wakeablePause } from '#core/pause';

const BUSY_MS = 150;
const IDLE_MS = 1_000;

export interface Consumer {
  name: string;
  pass: () => Promise<void>;
}

/** Runs the consumers' passes until the returned stop is called (and resolves once they ended). */
export const startConsumers = async (
  consumers: readonly Consumer[],
  tableIsUp: () => boolean,
): Promise<() => Promise<void>> => {
  // loaded as the functions are (local/functions.ts): once the stack has set the table's endpoint
  const { db, isWriteCommand } = await import('#core/db');
  let running = true;
  let written = false;
  const { pause: sleep, wake } = wakeablePause();

  const name = 'localConsumersWake';
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const output = await next(args);
      if (isWriteCommand(context.commandName)) {
        written = true;
        wake();
      }
      return output;
    },
    { step: 'initialize', name },
  );

  const loop = (async () => {
    while (running) {
      const started = Date.now();
      written = false;
      // while DynamoDB Local restarts there is nothing to poll (and no error to repeat)
      if (tableIsUp())
        for (const consumer of consumers)
          await consumer
            .pass()
            .catch((error: unknown) => console.error(`[${consumer.name}] ${(error as Error).message}`));
      if (!written) await sleep(IDLE_MS);
      // a write during the pass or the wait: the next pass, no sooner than 150 ms after this one began
      if (running) await new Promise((r) => setTimeout(r, Math.max(0, started + BUSY_MS - Date.now())));
    }
  })();

  return async () => {
    running = false;
    wake();
    await loop;
    db.middlewareStack.remove(name);
  };
};
