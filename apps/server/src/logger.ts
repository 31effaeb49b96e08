import pino, { type Logger } from 'pino';
import type { Config } from './config';

export type { Logger };

export function createLogger(config: Pick<Config, 'logLevel' | 'isProduction'>): Logger {
  const pretty = !config.isProduction && process.stdout.isTTY;
  return pino({
    level: config.logLevel,
    serializers: { err: serializeError },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.metaToken'],
      censor: '[redacted]',
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l' } } } : {}),
  });
}

/**
 * pino's error serializer, without the parameters of a failed query: Drizzle puts them in the error's message
 * ("Failed query: … params: …") and in `params` — customers' messages, their keys, their addresses —, which must not
 * outlive an erasure in the logs. The query's text (placeholders only) and the driver's error (the cause: code,
 * message) stay.
 */
export function serializeError(err: unknown): unknown {
  return pino.stdSerializers.err(withoutQueryParams(err) as Error);
}

function withoutQueryParams(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 5) return err;
  const cause = withoutQueryParams(err.cause, depth + 1);
  const failedQuery = 'query' in err && 'params' in err;
  if (!failedQuery && cause === err.cause) return err;
  const copy = Object.assign(Object.create(Object.getPrototypeOf(err) as object) as Error, err);
  copy.message = failedQuery ? `Failed query: ${String(err.query)}` : err.message;
  copy.stack = err.stack?.replace(err.message, copy.message);
  if (failedQuery) delete (copy as { params?: unknown }).params;
  copy.cause = cause;
  return copy;
}
