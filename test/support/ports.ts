/**
 * The ports of the test runs' local stacks. The integration and e2e projects run their files in
 * parallel workers (vitest.config.ts), each worker with a stack of its own: worker k (VITEST_POOL_ID,
 * 1..maxWorkers, one file at a time) owns a block of 200 ports from TEST_PORT_BASE (3500 unless
 * set, apart from `npm start`'s 3000, 8000 and 9229; another base lets two test runs share a
 * machine). Its shared stack takes the block's first three ports (web, DynamoDB Local,
 * cognito-local) and a stack that one of its files starts for itself the three from +10; each
 * project (integration, e2e and their `-own` twins) has its own quarter of the block, so all four
 * can run at once. The project's DynamoDB Local, which its stacks keep their tables in, sits at +20
 * of its first worker's block.
 */
export interface StackPorts {
  webPort: number;
  dynamoPort: number;
  cognitoPort: number;
}

const BLOCK = 200;

const portsAt = (first: number): StackPorts => ({
  webPort: first,
  dynamoPort: first + 1,
  cognitoPort: first + 2,
});

/** Where each project's stacks sit in a worker's block (the `-own` twins: vitest.config.ts). */
const OFFSET: Record<string, number> = { integration: 0, 'integration-own': 50, e2e: 100, 'e2e-own': 150 };

const blockOf = (project: string, worker: number): number =>
  Number(process.env.TEST_PORT_BASE ?? 3500) + (worker - 1) * BLOCK + (OFFSET[project] ?? 0);

/** The ports of the stack shared by the files that worker `worker` of `project` runs. */
export const sharedStackPorts = (project: string, worker: number): StackPorts =>
  portsAt(blockOf(project, worker));

/** This worker's number (1..maxWorkers): which shared stack its files use, and its ports. */
export const workerNumber = (): number => Number(process.env.VITEST_POOL_ID ?? 1);

/**
 * The ports for a stack a test file starts of its own (its own clock, a database it kills), by
 * default the running file's: apart from every shared stack and from the other workers' files.
 */
export const ownStackPorts = (
  project = process.env.TEST_PROJECT ?? 'integration',
  worker = workerNumber(),
): StackPorts => portsAt(blockOf(project, worker) + 10);

/** The port of the DynamoDB Local that `project`'s stacks share (local-stack.setup.ts). */
export const dynamoServerPort = (project: string): number => blockOf(project, 1) + 20;
