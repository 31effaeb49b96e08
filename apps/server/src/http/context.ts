import type { Session, User } from 'better-auth';
import type { Logger } from '../logger';

/**
 * The signed-in session as the auth guard (auth/guard.ts) sets it: Better Auth's session and user with this
 * product's extra user fields. Declared here from Better Auth's own types so http/ does not depend on auth/.
 */
export interface SignedIn {
  session: Session;
  user: User & { company: string; phone: string };
}

/** Hono environment shared by every router. */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    /** Set by the auth guard on protected routes. */
    auth: SignedIn;
  };
}
