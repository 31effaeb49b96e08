import { beforeEach, expect, it, vi } from 'vitest';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { createAuth } from './auth';

const built = vi.hoisted(() => ({ count: 0 }));
vi.mock('./better-auth', () => {
  return {
    createBetterAuth: (_options: unknown, trustedOrigins: string[]) => {
      built.count += 1;
      return {
        handler: async () => new Response('from better auth'),
        api: { getSession: async () => ({ trustedOrigins }) },
        $context: Promise.resolve({ context: true }),
      };
    },
  };
});

const options = { db: {} as Db, logger: {} as Logger, config: { publicUrl: 'https://atende.example' } as Config, extraTrustedOrigins: ['http://localhost:5173'] };

beforeEach(() => {
  built.count = 0;
});

it('loads Better Auth on the first request that needs it, once, not when the server starts', async () => {
  const auth = createAuth(options);
  // Known without Better Auth: the origins the session guard trusts.
  expect(auth.options.trustedOrigins).toEqual(['https://atende.example', 'http://localhost:5173']);
  expect(built.count).toBe(0);

  const [response, session, context] = await Promise.all([
    auth.handler(new Request('https://atende.example/api/auth/get-session')),
    auth.api.getSession({ headers: new Headers() }),
    auth.$context,
  ]);
  expect(await response.text()).toBe('from better auth');
  expect(session).toEqual({ trustedOrigins: ['https://atende.example', 'http://localhost:5173'] });
  expect(context).toEqual({ context: true });
  await auth.handler(new Request('https://atende.example/api/auth/get-session'));
  expect(built.count).toBe(1);
});
