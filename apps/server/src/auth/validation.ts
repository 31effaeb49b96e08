import { EMAIL_MAX, signUpSchema } from '@atende/shared';
import type { Context } from 'hono';
import { z } from 'zod';
import { AppError } from '../lib/errors';

/** Better Auth's update-user takes the profile fields (and `image`, which the product does not use). */
const updateUserSchema = z.object({
  name: signUpSchema.shape.name.optional(),
  company: signUpSchema.shape.company.optional(),
  phone: signUpSchema.shape.phone.optional(),
  image: z.string().max(2048, 'Endereço da imagem muito longo (no máximo 2048 caracteres)').nullish(),
});

/** Sign-up: our lengths; the password rules and the e-mail's format stay Better Auth's (with its error codes). */
const signUpBodySchema = z.object({
  name: signUpSchema.shape.name,
  company: signUpSchema.shape.company,
  phone: signUpSchema.shape.phone,
  email: z.string().max(EMAIL_MAX, `E-mail muito longo (no máximo ${EMAIL_MAX} caracteres)`),
});

export const authBodySchemas = { signUp: signUpBodySchema, updateUser: updateUserSchema } as const;

/**
 * Checks a Better Auth body with our schema (lengths, required fields), with
 * pt-BR messages, and returns the request to hand to Better Auth: the body is
 * read once (already bounded by the body limit) and given back unchanged.
 */
export async function validatedAuthRequest(c: Context, schema: z.ZodType): Promise<Request> {
  const text = await c.req.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Reported as a validation failure below.
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const details: Record<string, string[]> = {};
    for (const issue of result.error.issues) (details[issue.path.join('.') || '_'] ??= []).push(issue.message);
    throw new AppError('VALIDATION_FAILED', 'Invalid auth request', {
      userMessage: result.error.issues[0]?.message ?? 'Dados inválidos.',
      details,
    });
  }
  const raw = c.req.raw;
  return new Request(raw.url, { method: raw.method, headers: raw.headers, body: text });
}
