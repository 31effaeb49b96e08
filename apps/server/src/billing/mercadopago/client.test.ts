import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMercadoPago, type FakeMercadoPago } from '../../../../../e2e/fakes';
import { ProviderError } from '../provider';
import { errorFromEnvelope, MercadoPagoClient } from './client';

let mp: FakeMercadoPago;
let client: MercadoPagoClient;
/** The same client with a short timeout, for the test of the timeout (the others allow a busy machine time). */
let impatient: MercadoPagoClient;

beforeAll(async () => {
  mp = await startFakeMercadoPago();
  client = new MercadoPagoClient({ baseUrl: `${mp.url}/`, accessToken: mp.token, timeoutMs: 10_000 });
  impatient = new MercadoPagoClient({ baseUrl: `${mp.url}/`, accessToken: mp.token, timeoutMs: 300 });
});
afterAll(() => mp.close());
afterEach(() => {
  mp.mode = 'normal';
});

const request = {
  reason: 'Atende — Plano Pro 🚀 (ação)',
  external_reference: 'user-1:pro:sub-1',
  payer_email: 'joão@exemplo.com.br',
  auto_recurring: { frequency: 1, frequency_type: 'months' as const, transaction_amount: 289, currency_id: 'BRL' as const },
  back_url: 'https://atende.example/payment/success',
  status: 'pending' as const,
};

describe('MercadoPagoClient', () => {
  it('creates (201 is success) with the bearer token and the idempotency key, keeping accents and emoji', async () => {
    const pre = await client.createPreapproval(request, '5d1c2c0e-3f61-4f0e-9d55-1f0a8e5f7a10');
    expect(pre).toMatchObject({ status: 'pending', reason: request.reason, payer_email: request.payer_email });
    const sent = mp.requests.at(-1)!;
    expect(sent.headers).toMatchObject({
      authorization: `Bearer ${mp.token}`,
      'x-idempotency-key': '5d1c2c0e-3f61-4f0e-9d55-1f0a8e5f7a10',
      'content-type': 'application/json',
    });
    expect(sent.body).toEqual(request);
    // The same key does not create a second preapproval.
    expect((await client.createPreapproval(request, '5d1c2c0e-3f61-4f0e-9d55-1f0a8e5f7a10')).id).toBe(pre.id);
  });

  it('reads and updates, with a fresh idempotency key on PUT and none on GET', async () => {
    const pre = await client.createPreapproval(request, crypto.randomUUID());
    expect((await client.getPreapproval(pre.id)).status).toBe('pending');
    expect(mp.requests.at(-1)!.headers['x-idempotency-key']).toBeUndefined();
    expect((await client.updatePreapproval(pre.id, { status: 'cancelled' })).status).toBe('cancelled');
    expect(mp.requests.at(-1)!.headers['x-idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('turns the error envelope into a ProviderError', async () => {
    const err = await client.getPreapproval('nao-existe').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ status: 404, code: 'not_found', message: 'preapproval not found' });

    const badToken = new MercadoPagoClient({ baseUrl: mp.url, accessToken: 'errado' });
    expect(await badToken.getPreapproval('x').catch((e: unknown) => e)).toMatchObject({ status: 401, code: 'unauthorized', message: 'invalid access token' });

    expect(errorFromEnvelope(400, { message: 'Invalid', error: 'bad_request', status: 400, cause: [{ code: 123, description: 'back_url inválida' }] })).toMatchObject({
      status: 400,
      code: 'bad_request',
      message: 'Invalid',
      causes: ['back_url inválida'],
    });
    expect(errorFromEnvelope(502, null)).toMatchObject({ status: 502, message: 'Mercado Pago answered HTTP 502' });
  });

  it('gives up after its timeout', async () => {
    mp.mode = 'hang';
    const err = (await impatient.getPreapproval('lento').catch((e: unknown) => e)) as ProviderError;
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.timedOut).toBe(true);
  });

  it('reads authorized payments and payments', async () => {
    mp.authorizedPayments.set('7001', { id: 7001, preapproval_id: 'pre', status: 'processed', payment: { id: 9001, status: 'approved' } });
    mp.payments.set('9001', { id: 9001, status: 'approved', transaction_amount: 289 });
    expect(await client.getAuthorizedPayment('7001')).toMatchObject({ id: '7001', payment: { id: '9001', status: 'approved' } });
    expect(await client.getPayment('9001')).toMatchObject({ id: '9001', status: 'approved', transaction_amount: 289 });
  });
});
