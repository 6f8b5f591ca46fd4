// Where emails go: an SMTP server when SMTP_URL is configured (any provider's SMTP relay), else the
// embedded local outbox: each message written as an .eml file (RFC 5322, made by nodemailer) in a
// folder on this machine, so invitations work on a fresh machine with no mail server and nothing
// leaves it. The operator reads the outbox with `npm run admin -- outbox` (docs/teams.md).
import { mkdirSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, Mailer } from '../services/members/deps.js';

export interface MailConfig {
  /** smtp(s)://user:pass@host:port; empty: the local outbox. */
  SMTP_URL?: string;
  MAIL_FROM: string;
  /** The local outbox's folder. */
  MAIL_OUTBOX_DIR: string;
}

export function createMailer(config: MailConfig): Mailer {
  return config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : new LocalOutbox(config.MAIL_OUTBOX_DIR, config.MAIL_FROM);
}

class SmtpMailer implements Mailer {
  readonly name = 'smtp';
  private readonly transport: Transporter;

  constructor(url: string, private readonly from: string) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }
}

/** The embedded default: messages kept as .eml files, newest last by name. */
export class LocalOutbox implements Mailer {
  readonly name: string;
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(readonly dir: string, private readonly from: string) {
    this.name = `local outbox ${dir}`;
    mkdirSync(dir, { recursive: true });
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    const id = String(info.messageId).replace(/[^A-Za-z0-9.@-]/g, '');
    await writeFile(join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`), info.message as Buffer, { flag: 'wx' });
  }

  /** The kept messages' file names, oldest first. */
  async list(): Promise<string[]> {
    return (await readdir(this.dir)).filter((name) => name.endsWith('.eml')).sort();
  }

  read(name: string): Promise<string> {
    return readFile(join(this.dir, name), 'utf8');
  }
}
