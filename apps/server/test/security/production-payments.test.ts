/**
 * Issue 13, item 3: a public production server never runs the free test checkout by accident — with no
 * Mercado Pago token it refuses to start (naming MERCADOPAGO_ACCESS_TOKEN) unless MERCADOPAGO_SANDBOX says
 * the test checkout is wanted. Local runs (`npm start`, http://localhost) keep their configuration-free default.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, isMercadoPagoConfigured, loadConfig } from '../../src/config';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'atende-payments-'));
const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://loja.example.com' } as const;

describe('the test checkout in production', () => {
  it('refuses to start a public production server with no Mercado Pago token', () => {
    expect(() => loadConfig({ ...production, DATA_DIR: tmp() })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, DATA_DIR: tmp() })).toThrow(/MERCADOPAGO_ACCESS_TOKEN.*MERCADOPAGO_SANDBOX=true/s);
  });

  it('runs the test checkout only when MERCADOPAGO_SANDBOX asks for it', () => {
    const config = loadConfig({ ...production, DATA_DIR: tmp(), MERCADOPAGO_SANDBOX: 'true' });
    expect(isMercadoPagoConfigured(config)).toBe(false);
    expect(() => loadConfig({ ...production, DATA_DIR: tmp(), MERCADOPAGO_SANDBOX: 'false' })).toThrow(/MERCADOPAGO_ACCESS_TOKEN/);
  });

  it('charges for real when the token is set, and keeps local runs configuration-free', () => {
    expect(isMercadoPagoConfigured(loadConfig({ ...production, DATA_DIR: tmp(), MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-x' }))).toBe(true);
    expect(isMercadoPagoConfigured(loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() }))).toBe(false);
    expect(isMercadoPagoConfigured(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://192.168.0.10:3000', DATA_DIR: tmp() }))).toBe(false);
  });

  it('the server process exits with the message instead of serving', () => {
    const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/main.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH, ...production, DATA_DIR: tmp(), PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/MERCADOPAGO_ACCESS_TOKEN/);
  });
});
