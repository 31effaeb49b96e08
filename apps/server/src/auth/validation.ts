import { authUserUpdateSchema, EMAIL_MAX, signUpSchema } from '@atende/shared';
import type { Context } from 'hono';
import { z } from 'zod';
import { parseJson } from '../http/json-text';
import { AppError } from '../lib/errors';

/** Sign-up: our lengths; the password rules and the e-mail's format stay Better Auth's (with its error codes). */
const signUpBodySchema = z.object({
  name: signUpSchema.shape.name,
  company: signUpSchema.shape.company,
  phone: signUpSchema.shape.phone,
  email: z.string().max(EMAIL_MAX, `E-mail muito longo (no máximo ${EMAIL_MAX} caracteres)`),
});

export const authBodySchemas = { signUp: signUpBodySchema, updateUser: authUserUpdateSchema } as const;

/**
 * Checks a Better Auth body with our schema (lengths, required fields), with
 * pt-BR messages, and returns the request to hand to Better Auth: the body is
 * read once (already bounded by the body limit) and given back with the fields the
 * schema checked as it parsed them (trimmed), the others unchanged.
 */
export async function validatedAuthRequest(c: Context, schema: z.ZodType): Promise<Request> {
  const text = await c.req.text();
  let json: unknown = null;
  try {
    json = parseJson(text); // without NUL characters (http/json-text.ts)
  } catch {
    // Reported as a validation failure below.
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const details: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      // A field that is not taken is reported under its own name.
      const fields = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key].join('.')) : [issue.path.join('.') || '_'];
      for (const field of fields) (details[field] ??= []).push(issue.message);
    }
    throw new AppError('VALIDATION_FAILED', 'Invalid auth request', {
      userMessage: result.error.issues[0]?.message ?? 'Dados inválidos.',
      details,
    });
  }
  const body = JSON.stringify({ ...(json as object), ...(result.data as object) });
  const raw = c.req.raw;
  const headers = new Headers(raw.headers);
  headers.delete('content-length');
  return new Request(raw.url, { method: raw.method, headers, body });
}
