import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isLlmConfigured, isSmtpConfigured, loadConfig } from './config';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'atende-config-'));

describe('loadConfig', () => {
  it('runs on embedded defaults with no configuration', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'pglite', dir: path.join(dir, 'pglite') });
    expect(isLlmConfigured(config)).toBe(false);
  });

  it('TRUST_PROXY: off by default, true for one proxy, or how many there are', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(0);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'sim' })).toThrow(/TRUST_PROXY/);
  });

  it('generates AUTH_SECRET once, owner-only, and reuses it', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).auth.secret;
    const second = loadConfig({ DATA_DIR: dir }).auth.secret;
    expect(first).toHaveLength(64);
    expect(second).toBe(first);
    const file = path.join(dir, 'auth-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: tmp() }).auth.secret).not.toBe(first);
  });

  it('uses Postgres when DATABASE_URL is set', () => {
    const config = loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db' });
  });

  it('splits web and worker processes only on Postgres', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).role).toBe('all');
    const shared = { DATABASE_URL: 'postgres://u@h:5432/db', AUTH_SECRET: 'x'.repeat(32), S3_BUCKET: 'atende' };
    expect(loadConfig({ DATA_DIR: tmp(), ...shared, ROLE: 'worker' }).role).toBe('worker');
    expect(loadConfig({ DATA_DIR: tmp(), ...shared, ROLE: 'web' }).role).toBe('web');
    expect(() => loadConfig({ DATA_DIR: tmp(), ROLE: 'web' })).toThrow(/ROLE: web needs DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: tmp(), ...shared, ROLE: 'api' })).toThrow(ConfigError);
  });

  it('split processes need the shared secret and the shared file store', () => {
    const db = { DATABASE_URL: 'postgres://u@h:5432/db' };
    for (const ROLE of ['web', 'worker']) {
      expect(() => loadConfig({ DATA_DIR: tmp(), ...db, S3_BUCKET: 'atende', ROLE })).toThrow(new RegExp(`ROLE: ${ROLE} needs AUTH_SECRET`));
      expect(() => loadConfig({ DATA_DIR: tmp(), ...db, AUTH_SECRET: 'x'.repeat(32), ROLE })).toThrow(new RegExp(`ROLE: ${ROLE} needs S3_BUCKET`));
      expect(() =>
        loadConfig({ DATA_DIR: tmp(), ...db, AUTH_SECRET: 'x'.repeat(32), S3_BUCKET: 'atende', S3_ACCESS_KEY_ID: 'key', ROLE }),
      ).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/);
      const all = loadConfig({ DATA_DIR: tmp(), ...db, AUTH_SECRET: 'x'.repeat(32), S3_BUCKET: 'atende', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', ROLE });
      expect(all.s3.bucket).toBe('atende');
    }
    // Everything missing at once is reported at once.
    expect(() => loadConfig({ DATA_DIR: tmp(), ROLE: 'worker' })).toThrow(/DATABASE_URL[\s\S]*AUTH_SECRET[\s\S]*S3_BUCKET/);
    // ROLE=all keeps its embedded defaults.
    expect(loadConfig({ DATA_DIR: tmp() }).s3.bucket).toBeUndefined();
  });

  it('explains invalid values', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });

  it('public site settings: blog default, video as an embeddable player URL, other video hosts refused', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).site).toEqual({ blogUrl: 'https://blog.atende.app', videoEmbedUrl: undefined });
    const site = loadConfig({ DATA_DIR: tmp(), PUBLIC_BLOG_URL: 'https://ajuda.example.com', PUBLIC_VIDEO_URL: 'https://vimeo.com/76979871' }).site;
    expect(site).toEqual({ blogUrl: 'https://ajuda.example.com', videoEmbedUrl: 'https://player.vimeo.com/video/76979871' });
    expect(() => loadConfig({ DATA_DIR: tmp(), PUBLIC_VIDEO_URL: 'https://example.com/video.mp4' })).toThrow(/PUBLIC_VIDEO_URL/);
  });

  it('e-mail: the outbox under DATA_DIR by default, SMTP when SMTP_URL is set, MAIL_FROM checked', () => {
    const dir = tmp();
    const offline = loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://atende.example.com.br' });
    expect(offline.mail).toEqual({ smtpUrl: undefined, from: 'Atende <nao-responda@atende.example.com.br>', outboxDir: path.join(dir, 'outbox') });
    expect(isSmtpConfigured(offline)).toBe(false);
    const smtp = loadConfig({ DATA_DIR: dir, SMTP_URL: 'smtps://u:p@smtp.example.com:465', MAIL_FROM: 'Loja <contato@example.com>' });
    expect(smtp.mail).toMatchObject({ smtpUrl: 'smtps://u:p@smtp.example.com:465', from: 'Loja <contato@example.com>' });
    expect(isSmtpConfigured(smtp)).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, MAIL_FROM: 'contato@example.com' }).mail.from).toBe('contato@example.com');
    expect(() => loadConfig({ DATA_DIR: dir, SMTP_URL: 'https://smtp.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ DATA_DIR: dir, MAIL_FROM: 'Loja da Maria' })).toThrow(/MAIL_FROM/);
  });

  it('strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: 'https://atende.app/' }).publicUrl).toBe('https://atende.app');
  });
});
