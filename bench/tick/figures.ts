/**
 * The functions' figures (their EMF lines on stdout: orders placed, resting orders kept or looked
 * up, streamed fills, ticks put off) and the errors they logged, counted instead of printed; every
 * other line still reaches stdout. Call it before the local stack is loaded: the functions' logger
 * takes stdout when it is loaded.
 */
export const catchFunctionFigures = () => {
  const caught = { figures: new Map<string, number>(), errors: 0, firstError: '' };
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    const text = String(chunk);
    if (!text.startsWith('{')) return write(chunk, ...rest);
    for (const line of text.split('\n').filter(Boolean)) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        write(`${line}\n`);
        continue;
      }
      const entry = parsed as Record<string, unknown> & {
        _aws?: { CloudWatchMetrics: { Metrics: { Name: string }[] }[] };
      };
      if (entry._aws)
        for (const { Name } of entry._aws.CloudWatchMetrics.flatMap((m) => m.Metrics))
          caught.figures.set(Name, (caught.figures.get(Name) ?? 0) + Number(entry[Name] ?? 0));
      else if (entry.level === 'ERROR') {
        caught.errors++;
        caught.firstError ||= `${String(entry.message)}: ${JSON.stringify(entry.error ?? '').slice(0, 160)}`;
      }
    }
    return true;
  }) as typeof process.stdout.write;
  return caught;
};
