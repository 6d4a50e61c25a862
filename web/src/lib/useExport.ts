import { useState } from 'react';

/**
 * An export's state for its button and its error: `run` marks it busy, clears the last error, and
 * keeps the new one to show where the export was asked for.
 */
export function useExport() {
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (work: () => Promise<void>) => {
    setExporting(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failure);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, error, run };
}
