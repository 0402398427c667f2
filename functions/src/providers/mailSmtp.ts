// Account mail over SMTP (MAIL_PROVIDER=smtp; spec 000 §2.2 /handle emails), rendered by mailTemplates.ts like
// the sandbox's. TLS is required unless the settings name a server on this machine (mailSmtpConfig.ts).
import { createTransport } from 'nodemailer';
import type { AccountMail, MailProvider } from './mail';
import { readSmtpConfig, type SmtpConfig } from './mailSmtpConfig';
import { renderAccountMail } from './mailTemplates';

/** How long one delivery may take (connect, greet, send) before it fails. */
const SMTP_TIMEOUT_MS = 20_000;

export class SmtpMail implements MailProvider {
  private readonly transport: ReturnType<typeof createTransport>;

  constructor(private readonly config: SmtpConfig = readSmtpConfig()) {
    this.transport = createTransport({
      host: config.host,
      port: config.port,
      secure: config.tls === 'implicit',
      requireTLS: config.tls === 'starttls',
      ignoreTLS: config.tls === 'none',
      ...(config.auth ? { auth: { user: config.auth.user, pass: config.auth.pass } } : {}),
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
  }

  async send(mail: AccountMail): Promise<void> {
    const { subject, text, html } = renderAccountMail(mail);
    const info = await this.transport.sendMail({ from: this.config.from, to: mail.to, subject, text, html });
    // The server refused the recipient: nothing was sent to them.
    if (info.rejected.length > 0) throw new Error(`SMTP server refused ${info.rejected.length} recipient(s): ${String(info.response)}`);
  }
}
