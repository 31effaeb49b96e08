import { AppError } from '../lib/errors';
import { ProviderError } from './provider';

/** A provider failure as the API reports it (the provider's message stays in the logs, not in the answer). */
export function providerFailure(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ProviderError && err.timedOut) {
    return new AppError('UPSTREAM_TIMEOUT', 'Mercado Pago timed out', {
      userMessage: 'O Mercado Pago demorou demais para responder. Tente novamente em instantes.',
      cause: err,
    });
  }
  return new AppError('UPSTREAM_FAILED', 'Mercado Pago request failed', {
    userMessage: 'Não foi possível falar com o Mercado Pago. Tente novamente em instantes.',
    cause: err,
  });
}

export const subscriptionNotFound = () =>
  new AppError('NOT_FOUND', 'Subscription not found', {
    userMessage: 'Não encontramos esta assinatura na sua conta. Seu plano não foi alterado.',
  });
