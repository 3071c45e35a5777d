import { createTransport } from 'nodemailer';

/**
 * Where mails go out (docs/reporting-cycle.md, "Reminder mails"): config.ts reads them, set only when SMTP_URL and
 * MAIL_FROM are. Declared here, below the settings, so the mail code never reaches up to config.ts (decision 039).
 */
export interface MailSettings {
  /** smtp:// or smtps:// URL, possibly with credentials: never log it. */
  smtpUrl: string;
  /** A plain address (checked at start), the From of every mail. */
  from: string;
}

/** One plain-text mail to one or more people (addresses checked plain by the caller, names made header-safe). */
export interface MailMessage {
  to: readonly { name: string; address: string }[];
  subject: string;
  text: string;
}

/** Sends mail through the SMTP server of the settings. */
export interface Mailer {
  /** Resolves once the server has accepted the mail for every recipient; rejects otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * A mailer over one SMTP connection at a time (smtp:// upgrades with STARTTLS when the server offers it, smtps:// is
 * TLS from the start). Short timeouts: an admin is waiting for the answer, and a mail server that does not answer must
 * not hold the request for minutes. Attachments by path or URL are off, so no message can read a file or a URL.
 */
export function createMailer(settings: MailSettings): Mailer {
  const transport = createTransport({
    url: settings.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send({ to, subject, text }) {
      const info = await transport.sendMail({
        from: settings.from,
        to: to.map(({ name, address }) => (name ? { name, address } : address)),
        subject,
        text,
        // Automatic mail (RFC 3834): out-of-office replies are not sent back to it.
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
      if (info.rejected.length > 0) throw new Error(`The mail server refused ${info.rejected.length} recipient(s)`);
    },
    close: () => transport.close(),
  };
}
