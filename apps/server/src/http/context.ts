import type { Logger } from '../logger';
import type { AuthSession } from '../auth/auth';

/** Hono environment shared by every router. */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    /** Set by the auth guard on protected routes. */
    auth: AuthSession;
  };
}
