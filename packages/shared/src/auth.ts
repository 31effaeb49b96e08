import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 120;
export const COMPANY_MAX = 120;
export const PHONE_MAX = 30;
/** RFC 5321's limit for a forward path. */
export const EMAIL_MAX = 254;

const required = (label: string) => z.string().trim().min(1, `${label} é obrigatório`);

/** Sign-up form and body (docs/product.md §2 Register); the server checks it before Better Auth sees it. */
export const signUpSchema = z.object({
  name: required('Nome completo').max(NAME_MAX, `Nome muito longo (no máximo ${NAME_MAX} caracteres)`),
  email: z
    .string()
    .trim()
    .min(1, 'E-mail é obrigatório')
    .max(EMAIL_MAX, `E-mail muito longo (no máximo ${EMAIL_MAX} caracteres)`)
    .pipe(z.email('E-mail inválido')),
  company: required('Empresa').max(COMPANY_MAX, `Nome da empresa muito longo (no máximo ${COMPANY_MAX} caracteres)`),
  phone: required('Telefone')
    .max(PHONE_MAX, `Telefone muito longo (no máximo ${PHONE_MAX} caracteres)`)
    .refine(isBrazilianPhone, 'Telefone inválido: use DDD e número, por exemplo (11) 98888-7777'),
  password: z
    .string()
    .min(PASSWORD_MIN, `A senha deve ter pelo menos ${PASSWORD_MIN} caracteres`)
    .max(PASSWORD_MAX, `A senha deve ter no máximo ${PASSWORD_MAX} caracteres`),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** The signed-in user's profile as returned by GET /api/me. */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  plan: z.string(),
  createdAt: z.string(),
});
export type Me = z.infer<typeof meSchema>;

/**
 * A Brazilian phone number as people write it ('(11) 98888-7777', '+55 11 3333-4444', '11988887777'): area code
 * (11–99) and 8 digits, or 9 starting with 9 (mobiles), optionally after the country code 55.
 */
export function isBrazilianPhone(value: string): boolean {
  if (!/^[\d\s()+.-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');
  return /^[1-9][1-9](?:9\d{8}|[2-8]\d{7})$/.test(digits);
}

/** The profile fields 'Seus dados' edits, each optional. */
const profileFields = {
  name: signUpSchema.shape.name.optional(),
  company: signUpSchema.shape.company.optional(),
  phone: signUpSchema.shape.phone.optional(),
};
const somethingToChange = (v: { name?: string; company?: string; phone?: string }) =>
  v.name !== undefined || v.company !== undefined || v.phone !== undefined;

/** PATCH /api/me: the profile 'Seus dados' edits (every field optional; at least one). */
export const profileUpdateSchema = z.object(profileFields).refine(somethingToChange, 'Nada para alterar');
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/**
 * Better Auth's POST /api/auth/update-user: the same fields and rules as PATCH /api/me, and nothing else (Better
 * Auth would store any of its user fields it is given, such as `image`).
 */
export const authUserUpdateSchema = z
  .strictObject(profileFields, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Campo não permitido: ${issue.keys.join(', ')}` : undefined),
  })
  .refine(somethingToChange, 'Nada para alterar');

/** DELETE /api/me: the account's password confirms the deletion. */
export const accountDeletionSchema = z.object({ password: z.string().min(1, 'Informe sua senha para confirmar').max(PASSWORD_MAX) });
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;
