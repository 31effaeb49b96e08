import type { JobQueue, QueueDefinition } from '../jobs/queue';
import type { Logger } from '../logger';
import type { MailMessage, MailTransport } from './transport';

export const MAIL_SEND = 'mail-send';

/**
 * One job per e-mail, kept until it is delivered: twelve retries with doubling delays (about 3 hours in
 * all) ride out an SMTP server that is down or refusing for a while. Delivered jobs are deleted at once:
 * they hold addresses and one-time links.
 */
export const mailQueues: QueueDefinition[] = [
  { name: MAIL_SEND, retryLimit: 12, retryDelaySeconds: 2, heartbeatSeconds: 60, policy: 'standard', deleteWhenDone: true },
];

export interface Mailer {
  /** 'smtp' or 'outbox' (DATA_DIR/outbox when no SMTP_URL is set). */
  readonly mode: MailTransport['kind'];
  /**
   * Queues one e-mail and returns: the request never waits for the mail server. A worker delivers it,
   * retrying transient failures.
   */
  send(message: MailMessage): Promise<void>;
  /** Starts the delivery worker (processes that run background work). */
  startWorkers(): Promise<void>;
}

export function createMailer(deps: { jobs: JobQueue; transport: MailTransport; logger: Logger }): Mailer {
  const { jobs, transport } = deps;
  const log = deps.logger.child({ module: 'mail' });

  return {
    mode: transport.kind,
    async send(message) {
      if (!message.to.trim()) throw new Error('An e-mail needs a recipient');
      await jobs.send(MAIL_SEND, message);
    },
    async startWorkers() {
      await jobs.work<MailMessage>(MAIL_SEND, async (job) => {
        const { to, subject } = job.data;
        try {
          await transport.deliver(job.data);
          log.info({ to, subject, attempt: job.retryCount + 1 }, 'e-mail delivered');
        } catch (err) {
          const permanent = (err as { permanent?: boolean }).permanent === true;
          const last = permanent || job.retryCount >= job.retryLimit;
          log[last ? 'error' : 'warn']({ err, to, subject, attempt: job.retryCount + 1 }, last ? 'e-mail not delivered' : 'e-mail delivery failed; will retry');
          // A permanent refusal (5xx: unknown mailbox, rejected sender) gets the same answer next time.
          if (!permanent) throw err;
        }
      });
    },
  };
}
