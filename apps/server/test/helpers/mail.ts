import type { FakeSmtp } from '../../../../e2e/fakes';
import { welcomeMessage } from '../../src/mail/messages';

const WELCOME = welcomeMessage({ to: '', dashboardUrl: '', forgotPasswordUrl: '' }).subject;

/** What an address received besides the welcome every new account gets (auth/routes.ts): what a test is about. */
export const mailsTo = (smtp: FakeSmtp, to: string) => smtp.inbox(to).filter((m) => m.subject !== WELCOME);
