/**
 * The Lambda bundles (issue 16): synthesizes the stack as `cdk synth` does (offline, esbuild into
 * the cloud assembly's asset folders), then imports each function's bundle in a fresh Node process
 * and prints its size (minified and gzip) and import (init) time against a baseline built the same
 * way in the same run: a bare handler with the DynamoDB client (baseline.ts).
 *
 *   npx tsx bench/lambda/bundles.ts        # BENCH_RUNS=7 imports per bundle, the median kept
 */
import '../../local/quiet-sdk';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { App, Stack, type CfnResource } from 'aws-cdk-lib';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Asset } from 'aws-cdk-lib/aws-s3-assets';
import { FUNCTION_NAME_TAG, Functions, repoRoot } from '../../lib/functions';
import { TrendexStack } from '../../lib/trendex-stack';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
/**
 * The budget of every API function (issue 27): its import (init) time, what a member waits for on
 * a cold start. Bytes are printed, not budgeted: a byte count was a stand-in for this.
 */
const GOAL_IMPORT_MS = 100;

interface Bundle {
  name: string;
  file: string;
  environment: Record<string, string>;
}

/** The stack and the baseline, synthesized into a fresh cloud assembly; every function's bundle. */
function synthesize(outdir: string): Bundle[] {
  const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  const app = new App({ outdir, context: cdkJson.context });
  const stack = new TrendexStack(app, 'Trendex');
  const baselineStack = new Stack(app, 'Baseline');
  new Functions(import.meta.dirname).create(baselineStack, 'Baseline', {
    name: 'baseline',
    entry: 'baseline.ts',
  });
  const assembly = app.synth();
  const bundles: Bundle[] = [];
  for (const scope of [baselineStack, stack]) {
    const template = assembly.getStackByName(scope.stackName).template as {
      Resources: Record<string, { Properties?: { Environment?: { Variables?: Record<string, unknown> } } }>;
    };
    for (const fn of scope.node.findAll().filter((c): c is NodejsFunction => c instanceof NodejsFunction)) {
      const resource = fn.node.defaultChild as CfnResource & {
        tags: { tagValues(): Record<string, string> };
      };
      const asset = fn.node.findChild('Code') as Asset;
      const variables =
        template.Resources[scope.getLogicalId(resource)].Properties?.Environment?.Variables ?? {};
      bundles.push({
        name: resource.tags.tagValues()[FUNCTION_NAME_TAG],
        file: path.join(outdir, asset.assetPath, 'index.mjs'),
        // What the function finds in Lambda; a value made at deploy time (an ARN, a URL) as a stand-in.
        environment: Object.fromEntries(
          Object.entries(variables).map(([k, v]) => [
            k,
            typeof v === 'string' ? v : `bench-${k.toLowerCase()}`,
          ]),
        ),
      });
    }
  }
  return bundles;
}

/**
 * Milliseconds to import the bundle in a fresh Node process, as Lambda's init does: the CPU time
 * the import took (what the other work on a shared machine disturbs least) and its wall time.
 */
function importMs(bundle: Bundle): { cpu: number; wall: number } {
  const script = `const c = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(pathToFileURL(bundle.file).href)}); const u = process.cpuUsage(c); console.log(JSON.stringify({ cpu: (u.user + u.system) / 1000, wall: performance.now() - t }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      PATH: process.env.PATH,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'bench',
      AWS_SECRET_ACCESS_KEY: 'bench',
      AWS_LAMBDA_FUNCTION_NAME: bundle.name,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...bundle.environment,
      // Source maps are read at the first stack trace, not at import: left out of the timing.
      NODE_OPTIONS: '',
    },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as { cpu: number; wall: number };
}

const median = (values: number[]): number => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KB`;
const ms = (value: number): string => `${value.toFixed(0)} ms`;

const outdir = mkdtempSync(path.join(tmpdir(), 'trendex-bench-lambda-'));
try {
  const started = performance.now();
  const bundles = synthesize(outdir);
  console.log(
    `synthesized ${bundles.length} functions in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  // Round by round over every bundle, so that the machine's load falls on all of them alike; the
  // median of the rounds is kept.
  const times = bundles.map((): { cpu: number; wall: number }[] => []);
  for (let round = 0; round < RUNS; round++) bundles.forEach((bundle, i) => times[i].push(importMs(bundle)));
  const rows = bundles.map((bundle, i) => {
    const code = readFileSync(bundle.file);
    return {
      name: bundle.name,
      bytes: statSync(bundle.file).size,
      gzip: gzipSync(code).length,
      ms: median(times[i].map((t) => t.cpu)),
      wall: median(times[i].map((t) => t.wall)),
    };
  });
  const [baseline] = rows;
  console.log(
    `\n${'function'.padEnd(30)} ${'minified'.padStart(9)} ${'gzip'.padStart(8)} ${'import'.padStart(8)} ${'wall'.padStart(8)}  vs baseline (size, import)`,
  );
  for (const row of rows.toSorted((a, b) => (a === baseline ? -1 : b === baseline ? 1 : b.bytes - a.bytes))) {
    const misses = row.ms > GOAL_IMPORT_MS ? ['> 100 ms'] : [];
    console.log(
      `${row.name.padEnd(30)} ${kb(row.bytes).padStart(9)} ${kb(row.gzip).padStart(8)} ${ms(row.ms).padStart(8)} ${ms(row.wall).padStart(8)}  ` +
        (row === baseline
          ? '(baseline)'
          : `x${(row.bytes / baseline.bytes).toFixed(2)}, x${(row.ms / baseline.ms).toFixed(2)}${misses.length ? `  ${misses.join(', ')}` : ''}`),
    );
  }
  const api = rows.filter((r) => r.name.startsWith('api/'));
  const within = api.filter((r) => r.ms <= GOAL_IMPORT_MS).length;
  console.log(`\nAPI functions importing within 100 ms: ${within} of ${api.length}`);
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
