import { createAuthClient } from 'better-auth/react';
import { inferAdditionalFields } from 'better-auth/client/plugins';

/** Better Auth client for our own origin (/api/auth). Holds no secret. */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  plugins: [
    inferAdditionalFields({
      user: { company: { type: 'string', required: true }, phone: { type: 'string', required: true } },
    }),
  ],
});

export const useSession = authClient.useSession;

/**
 * Errors Better Auth returns, mapped to the pt-BR texts of docs/product.md §8. Our own checks in front of Better Auth
 * (field lengths, request size) answer with the API's error body, whose pt-BR text is `error.userMessage`.
 */
export function authErrorMessage(
  error: { code?: string; message?: string; status?: number; error?: { userMessage?: string } } | null | undefined,
  fallback: string,
) {
  if (!error) return fallback;
  if (error.error?.userMessage) return error.error.userMessage;
  if (error.status === 429) return 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.';
  switch (error.code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
    case 'INVALID_PASSWORD':
    case 'INVALID_EMAIL':
      return 'E-mail ou senha inválidos';
    case 'USER_NOT_FOUND':
      return 'Usuário não encontrado';
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return 'Já existe uma conta com este e-mail. Faça login ou use outro e-mail.';
    case 'INVALID_TOKEN':
      return 'Este link de redefinição expirou ou já foi usado. Peça um novo.';
    case 'PASSWORD_TOO_SHORT':
      return 'A senha deve ter pelo menos 8 caracteres';
    case 'PASSWORD_TOO_LONG':
      return 'A senha deve ter no máximo 128 caracteres';
    default:
      return error.message || fallback;
  }
}
