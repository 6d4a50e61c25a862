/**
 * Where the paper exchange keeps its state between runs, so that a crash (kill -9) loses nothing
 * the exchange has told anyone: a snapshot (`<file>`, JSON) and a journal beside it
 * (`<file>.journal`, one JSON entry per line). Every change is appended to the journal before the
 * request that made it is answered (a few hundred bytes: the changed accounts, not the whole book,
 * so a fleet of thousands of accounts does not rewrite megabytes per order). The snapshot is only
 * ever replaced whole (written to a temporary file, then renamed over it), at start-up and when
 * the journal has grown as large as it, and the journal is then emptied. A journal line cut short
 * by a crash is a change whose request was never answered: it is dropped.
 * No fsync: a killed process loses nothing the kernel has; a machine that loses power may.
 */
import { appendFileSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

/** One line of the journal: an account as it is now, a key revoked, or the clock's latest marks. */
export type JournalEntry<Account, Clock> =
  { exchange: string; account: Account } | { exchange: string; revoked: string } | { clock: Clock };

/** The journal may grow to the snapshot's size, and to this at least, before it is folded in. */
const MIN_JOURNAL_BYTES = 1 << 20;

export const openStateFile = <Snapshot, Account extends { apiKey: string }, Clock>(file: string) => {
  const journal = `${file}.journal`;
  let journalBytes = 0;
  let snapshotBytes = 0;

  return {
    /**
     * The snapshot with the journal applied (accounts by exchange, the last clock marks), or
     * undefined for a new exchange.
     */
    read(apply: (snapshot: Snapshot | undefined, entry: JournalEntry<Account, Clock>) => Snapshot) {
      let state = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Snapshot) : undefined;
      if (!existsSync(journal)) return state;
      const lines = readFileSync(journal, 'utf8').split('\n');
      for (const [i, line] of lines.entries()) {
        if (!line) continue;
        let entry: JournalEntry<Account, Clock>;
        try {
          entry = JSON.parse(line) as JournalEntry<Account, Clock>;
        } catch (error) {
          // only the last line can be cut short (the process died writing it); anything else is damage
          if (i === lines.length - 1) break;
          throw new Error(`${journal}: line ${i + 1} is damaged`, { cause: error });
        }
        state = apply(state, entry);
      }
      return state;
    },

    /** Replaces the snapshot with `state` whole and empties the journal. */
    snapshot(state: Snapshot) {
      const text = JSON.stringify(state);
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, text, { mode: 0o600 });
      renameSync(temporary, file);
      // the journal's changes are all in the snapshot now (applied again they change nothing)
      rmSync(journal, { force: true });
      snapshotBytes = Buffer.byteLength(text);
      journalBytes = 0;
    },

    /** Appends changes to the journal; true when it has grown enough to fold into a snapshot. */
    append(entries: JournalEntry<Account, Clock>[]): boolean {
      if (entries.length === 0) return false;
      const text = entries.map((e) => `${JSON.stringify(e)}\n`).join('');
      appendFileSync(journal, text, { mode: 0o600 });
      journalBytes += Buffer.byteLength(text);
      return journalBytes > Math.max(snapshotBytes, MIN_JOURNAL_BYTES);
    },
  };
};
