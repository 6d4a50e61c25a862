/**
 * A wait that can be cut short: `pause(ms)` resolves after `ms` or at `wake()`, whichever comes
 * first. For loops that sleep between passes and must stop (or look again) at once, without
 * leaving a timer behind.
 */
export const wakeablePause = () => {
  let wake = (): void => undefined;
  return {
    pause: (ms: number) =>
      new Promise<void>((done) => {
        const timer = setTimeout(done, ms);
        wake = () => {
          clearTimeout(timer);
          done();
        };
      }),
    wake: () => wake(),
  };
};
