/**
 * The one source of "now". Tests move it with setClock; nothing else calls Date.now() for
 * business time.
 */
let frozen: number | null = null;

export const now = (): Date => new Date(frozen ?? Date.now());
export const nowIso = (): string => now().toISOString();
export const nowSeconds = (): number => Math.floor(now().getTime() / 1000);

/** For tests: freeze at an instant, or pass null to run again. */
export const setClock = (at: Date | null): void => {
  frozen = at ? at.getTime() : null;
};
