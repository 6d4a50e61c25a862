/**
 * The local stand-in for the dead-letter queues of the schedules and the stream consumer (AWS:
 * lib/constructs/dead-letters.ts): work that failed every try is kept here with its event and its
 * last error, in a file (it survives a restart), until it is redriven. A redrive runs the work
 * once more with the same event and forgets the letter only when that run succeeds; the handlers
 * are idempotent by their work's own keys (docs/operations.md), so a redrive pays nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface LocalDeadLetter {
  id: string;
  /** What failed: a schedule of api/schedules.ts or a consumer of api/consumers.ts. */
  source: 'schedule' | 'consumer';
  name: string;
  event: unknown;
  error: string;
  attempts: number;
  at: string;
}

export type Work = (event: unknown) => Promise<unknown>;

export const startDeadLetterStore = (file: string, log: (line: string) => void = console.log) => {
  const letters: LocalDeadLetter[] = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as LocalDeadLetter[])
    : [];
  const save = () => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(letters, null, 1));
  };
  const handlers = new Map<string, Work>();
  const key = (source: LocalDeadLetter['source'], name: string) => `${source}:${name}`;

  return {
    /** Registers the work a letter of `source`/`name` is redriven to. */
    register(source: LocalDeadLetter['source'], name: string, work: Work): void {
      handlers.set(key(source, name), work);
    },
    /**
     * Runs `work(event)` up to `tries` times (Lambda's retries), waiting `backoffMs` x the try
     * between them; keeps a dead letter if every try failed. Answers whether it succeeded.
     */
    async attempt(
      source: LocalDeadLetter['source'],
      name: string,
      event: unknown,
      tries: number,
      backoffMs = 1_000,
    ): Promise<boolean> {
      const work = handlers.get(key(source, name));
      if (!work) throw new Error(`no ${source} ${name} registered`);
      let error = '';
      for (let attempt = 1; attempt <= tries; attempt++) {
        try {
          await work(event);
          return true;
        } catch (e) {
          error = (e as Error).message;
          if (attempt < tries) await new Promise((r) => setTimeout(r, backoffMs * attempt));
        }
      }
      letters.push({
        id: randomUUID(),
        source,
        name,
        event,
        error,
        attempts: tries,
        at: new Date().toISOString(),
      });
      save();
      log(`[${source} ${name}] failed ${tries} times, kept as a dead letter: ${error}`);
      return false;
    },
    list: (): readonly LocalDeadLetter[] => letters,
    /** Runs the letter's work once more; forgets the letter if it succeeded, else keeps the new error. */
    async redrive(id: string): Promise<{ redriven: boolean; error?: string }> {
      const letter = letters.find((l) => l.id === id);
      if (!letter) return { redriven: false, error: 'no such dead letter' };
      const work = handlers.get(key(letter.source, letter.name));
      if (!work) return { redriven: false, error: `no ${letter.source} ${letter.name} registered` };
      try {
        await work(letter.event);
      } catch (e) {
        letter.error = (e as Error).message;
        letter.attempts++;
        save();
        return { redriven: false, error: letter.error };
      }
      letters.splice(letters.indexOf(letter), 1);
      save();
      return { redriven: true };
    },
  };
};

export type DeadLetterStore = ReturnType<typeof startDeadLetterStore>;

/** Lambda's tries of a stream batch: the first and 5 retries (lib/constructs/consumers.ts). */
const CONSUMER_TRIES = 6;

/**
 * One pass of a polled stream consumer: tried as a batch would be, and kept as one dead letter
 * when every try failed. While the same failure goes on, later passes run the work once each
 * (logging its error) without filing a letter per pass, as the stream's records after a dead
 * batch wake the consumer again; the first pass that succeeds ends the streak.
 */
export const consumerPass = (store: DeadLetterStore, name: string, work: Work) => {
  store.register('consumer', name, work);
  let failing = false;
  return async (): Promise<void> => {
    if (!failing) {
      failing = !(await store.attempt('consumer', name, {}, CONSUMER_TRIES, 150));
      return;
    }
    await work({});
    failing = false;
  };
};

/** The store as the admin's Operations page reads it (functions/admin/operations.ts). */
export const asDeadLetterPort = (store: DeadLetterStore) => ({
  list: async () =>
    [...store.list()].reverse().map((l) => ({
      id: l.id,
      source: l.source,
      name: l.name,
      event: JSON.stringify(l.event),
      error: l.error,
      attempts: l.attempts,
      at: l.at,
    })),
  redrive: (id: string) => store.redrive(id),
});
