import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const required = (label: string) => z.string().trim().min(1, `${label} é obrigatório`);

/** Sign-up form and body (SPEC §2 Register). */
export const signUpSchema = z.object({
  name: required('Nome completo').max(120, 'Nome muito longo'),
  email: z.string().trim().min(1, 'E-mail é obrigatório').pipe(z.email('E-mail inválido')),
  company: required('Empresa').max(120, 'Nome da empresa muito longo'),
  phone: required('Telefone').max(30, 'Telefone muito longo'),
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
