import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../logger';

/** One e-mail: plain text always, HTML optionally (clients show the best part they can). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Where delivered e-mail goes: an SMTP server, or .eml files in the outbox directory. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Delivers one message; throws when it could not (SMTP errors carry `permanent` when retrying is useless). */
  deliver(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * A nodemailer transport made on the first e-mail: nodemailer is loaded then (most processes send none for hours,
 * and a process that sends none never loads it).
 */
function lazyTransport(create: (mailer: typeof nodemailer) => Transporter): { get(): Promise<Transporter>; close(): void } {
  let transporter: Promise<Transporter> | undefined;
  return {
    get: () => (transporter ??= import('nodemailer').then(({ default: nodemailer }) => create(nodemailer))),
    close: () => void transporter?.then((t) => t.close()),
  };
}

/** SMTP_URL set: nodemailer over SMTP (STARTTLS when offered, `smtps://` for implicit TLS). */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 }, { from }),
  );
  return {
    kind: 'smtp',
    async deliver(message) {
      await (await transporter.get()).sendMail(message);
    },
    close: transporter.close,
  };
}

/**
 * No SMTP: each message is composed exactly as it would be sent (RFC 5322, MIME) and written to
 * `dir/<time>-<random>.eml`, and its links are logged, so a self-hoster can still open a reset link.
 */
export function outboxTransport(dir: string, from: string, logger: Logger): MailTransport {
  const composer = lazyTransport((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from }));
  return {
    kind: 'outbox',
    async deliver(message) {
      const info = await (await composer.get()).sendMail(message);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info({ to: message.to, subject: message.subject, file, links: linksIn(message.text) }, 'e-mail written to the outbox (no SMTP_URL)');
    },
    close: composer.close,
  };
}

export function createMailTransport(config: Config, logger: Logger): MailTransport {
  const { smtpUrl, from, outboxDir } = config.mail;
  return smtpUrl ? smtpTransport(smtpUrl, from) : outboxTransport(outboxDir, from, logger);
}

/** Every http(s) address in a text. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"']+/g)].map((m) => m[0]);
}
