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
  phone: required('Telefone').max(PHONE_MAX, `Telefone muito longo (no máximo ${PHONE_MAX} caracteres)`),
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
