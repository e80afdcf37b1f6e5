// Sending mail (issue #32): nodemailer over SMTP, to the server SMTP_URL names or, by default, to the embedded
// development mailbox. A failed send is logged and reported to the caller; it never takes the server down.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import { DevMailbox } from './dev-mailbox.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends one message; resolves once the SMTP server accepted it, rejects when it did not. */
  send: (mail: OutgoingMail) => Promise<void>;
  /** The embedded mailbox, when mail goes there (no SMTP_URL); null when a real server gets it. */
  readonly devMailbox: DevMailbox | null;
  close: () => Promise<void>;
}

/** Timeouts of one SMTP exchange: a slow or absent server fails a send within seconds, not minutes. */
export const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 20_000 };

export async function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Promise<Mailer> {
  const devMailbox = config.smtpUrl === null ? await DevMailbox.start() : null;
  const timeouts = {
    connectionTimeout: SMTP_TIMEOUTS_MS.connection,
    greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
    socketTimeout: SMTP_TIMEOUTS_MS.socket,
  };
  const transport: Transporter =
    devMailbox !== null
      ? nodemailer.createTransport({
          host: '127.0.0.1',
          port: devMailbox.port,
          secure: false,
          ignoreTLS: true,
          ...timeouts,
        })
      : nodemailer.createTransport({ url: config.smtpUrl ?? '', ...timeouts });
  return {
    devMailbox,
    send: async (mail) => {
      await transport.sendMail({ from: config.mailFrom, ...mail });
    },
    close: async () => {
      transport.close();
      await devMailbox?.close();
    },
  };
}
