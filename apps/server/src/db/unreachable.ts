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
  let current: unknown = err;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (PG_MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}
