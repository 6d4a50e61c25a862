import { Logger } from '@aws-lambda-powertools/logger';

/** Keys whose values never reach a log line, wherever they sit in the logged object. */
const SECRET_KEY =
  /password|secret|token|otp|authorization|apikey|api_key|cookie|signature|^(code|confirmationCode|codeParameter)$/i;

export const redactSecrets = (key: string, value: unknown): unknown =>
  key && SECRET_KEY.test(key) && value !== undefined && value !== null ? '[redacted]' : value;

/** One structured JSON logger for every function; the service name is the domain. */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'trendex',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'DEBUG' | 'WARN' | 'ERROR' | 'SILENT' | undefined) ?? 'INFO',
  jsonReplacerFn: redactSecrets,
});
