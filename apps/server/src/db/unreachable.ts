/** Socket errors: the server cannot reach the database (or another backing service) right now. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/**
 * SQLSTATEs of a database that is restarting or refusing sessions: class 08 (connection exception),
 * 57P01–57P03 (admin/crash shutdown, cannot connect now), 53300 (too many connections).
 */
const SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** node-postgres errors without a code: the socket closed under a query, or no connection within the timeout. */
const PG_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * True when an error (or one of its causes: Drizzle wraps driver errors) says
 * the database is unreachable, as opposed to a bug or a bad query. Such errors
 * are answered 503 with Retry-After: the instance itself is healthy and
 * reconnects on its own once the database is back.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  return someCause(err, (e, code) => (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) || PG_MESSAGES.test(e.message));
}

/**
 * SQLSTATE 22021 (a character not in UTF-8: a NUL in a text column) and 22P05 (one jsonb cannot hold): text that no
 * route cleaned (http/json-text.ts cleans every JSON body) is the sender's to fix, not a server failure.
 */
export function isUnstorableText(err: unknown): boolean {
  return someCause(err, (_e, code) => code === '22021' || code === '22P05');
}

/** Whether the error or one of its causes (Drizzle wraps driver errors), up to five deep, passes `test`. */
function someCause(err: unknown, test: (error: Error, code: unknown) => boolean): boolean {
  let current: unknown = err;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    if (test(current, (current as { code?: unknown }).code)) return true;
    current = current.cause;
  }
  return false;
}
