// The embedded development mailbox (issue #32): an SMTP catcher (smtp-server, parsed with mailparser) on loopback
// that keeps what the demo sends, so a new user can follow a confirmation link without a real mail server. The demo
// lists the messages at /dev/mailbox (./routes.ts); nothing leaves the machine.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';

/** A message the catcher received, as the mailbox page and its JSON list show it. */
export interface CaughtMail {
  id: number;
  receivedAt: number;
  from: string;
  to: string[];
  subject: string;
  /** The plain-text body (the page shows it escaped, never the HTML part). */
  text: string;
  /** The http(s) links of the text body, in order. */
  links: string[];
}

/** How many messages the mailbox keeps (the oldest go first) and the largest message it accepts. */
export const DEV_MAILBOX_LIMITS = { messages: 200, messageBytes: 1024 * 1024 };

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.flatMap((a) => a.value.map((v) => v.address ?? '')).filter((a) => a !== '');
}

/** The http(s) links of a text, in order, without duplicates. */
export function linksOf(text: string): string[] {
  const found = text.match(/\bhttps?:\/\/[^\s<>"')\]]+/g) ?? [];
  return [...new Set(found)];
}

export class DevMailbox {
  private readonly smtp: SMTPServer;
  private readonly messages: CaughtMail[] = [];
  private nextId = 1;
  port = 0;

  private constructor() {
    this.smtp = new SMTPServer({
      // Loopback only, no TLS or AUTH to negotiate: the demo's own transport is its only client.
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      size: DEV_MAILBOX_LIMITS.messageBytes,
      banner: 'Assessment demo development mailbox',
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            const text = mail.text ?? '';
            this.keep({
              id: this.nextId++,
              receivedAt: Date.now(),
              from: addresses(mail.from)[0] ?? '',
              to: addresses(mail.to),
              subject: mail.subject ?? '',
              text,
              links: linksOf(text),
            });
            callback();
          })
          .catch((error: unknown) => {
            callback(error instanceof Error ? error : new Error(String(error)));
          });
      },
    });
  }

  /** Starts a catcher on 127.0.0.1 (an ephemeral port unless one is given). */
  static async start(port = 0): Promise<DevMailbox> {
    const box = new DevMailbox();
    await new Promise<void>((resolve, reject) => {
      box.smtp.once('error', reject);
      box.smtp.listen(port, '127.0.0.1', () => {
        box.smtp.off('error', reject);
        resolve();
      });
    });
    box.port = (box.smtp.server.address() as AddressInfo).port;
    return box;
  }

  /** The messages received, newest first. */
  list(): readonly CaughtMail[] {
    return [...this.messages].reverse();
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.smtp.close(() => {
        resolve();
      });
    });
  }

  private keep(mail: CaughtMail): void {
    this.messages.push(mail);
    if (this.messages.length > DEV_MAILBOX_LIMITS.messages) this.messages.shift();
  }
}
