import { isMercadoPagoConfigured, type Config } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { MercadoPagoClient } from './mercadopago/client';
import type { BillingProvider } from './provider';
import { SandboxProvider } from './sandbox/provider';

/** What every billing operation needs. */
export interface BillingContext {
  db: Db;
  provider: BillingProvider;
  publicUrl: string;
  logger: Logger;
  /** Tells the owner about a charge Mercado Pago refused; without it nothing is e-mailed. */
  mail?: Mailer;
}

/** Mercado Pago when an access token is configured, otherwise the built-in sandbox checkout. */
export function createBillingProvider(config: Config, db: Db): BillingProvider {
  if (!isMercadoPagoConfigured(config)) return new SandboxProvider(db, config.publicUrl);
  return new MercadoPagoClient({ baseUrl: config.mercadoPago.apiUrl, accessToken: config.mercadoPago.accessToken! });
}
