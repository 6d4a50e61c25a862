import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Logger, type LogItem } from '@aws-lambda-powertools/logger';
import type { ConstructorOptions } from '@aws-lambda-powertools/logger/types';
import type { Context } from 'aws-lambda';

/** Keys whose values never reach a log line, wherever they sit in the logged object. */
const SECRET_KEY =
  /password|secret|token|otp|authorization|apikey|api_key|cookie|signature|^(code|confirmationCode|codeParameter)$/i;

export const redactSecrets = (key: string, value: unknown): unknown =>
  key && SECRET_KEY.test(key) && value !== undefined && value !== null ? '[redacted]' : value;

/**
 * The Powertools logger, except that with LOG_FILE set (the test runs set it) each JSON line is
 * appended to that file instead of stdout.
 */
class FileOrStdoutLogger extends Logger {
  protected override printLog(logLevel: number, log: LogItem): void {
    const file = process.env.LOG_FILE;
    if (!file) return super.printLog(logLevel, log);
    log.prepareForPrint();
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, `${JSON.stringify(log.getAttributes(), this.getJsonReplacer())}\n`);
  }

  protected override createLogger(options?: ConstructorOptions): Logger {
    return new FileOrStdoutLogger(options);
  }
}

const base = new FileOrStdoutLogger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'trendex',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'DEBUG' | 'WARN' | 'ERROR' | 'SILENT' | undefined) ?? 'INFO',
  jsonReplacerFn: redactSecrets,
});

/** The logger of the function whose work is running now (see withFunctionLogger), if not the base one. */
const current = new AsyncLocalStorage<Logger>();

/**
 * One structured JSON logger for every function; the service name is the domain. In Lambda a
 * process runs one function, so this is simply the Powertools logger. The local stack runs every
 * function in one process: there, work started by `withFunctionLogger` logs through its own
 * function's logger, whatever Lambda context another function injected meanwhile.
 */
export const logger: Logger = new Proxy(base, {
  get: (target, key) => {
    const active = current.getStore() ?? target;
    const value: unknown = Reflect.get(active, key, active);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(active) : value;
  },
});

const functionLoggers = new Map<string, Logger>();

/**
 * Runs `work` as one invocation of the function `functionName` (a schedule, the team consumer) in
 * a process shared with other functions: every line it logs carries that function's name and a
 * request id of its own.
 */
export const withFunctionLogger = <T>(functionName: string, work: () => Promise<T>): Promise<T> => {
  let own = functionLoggers.get(functionName);
  if (!own) {
    own = base.createChild();
    functionLoggers.set(functionName, own);
  }
  own.addContext({
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
  } as Context);
  return current.run(own, work);
};
