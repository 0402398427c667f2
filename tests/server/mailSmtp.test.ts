// Account mail over SMTP (MAIL_PROVIDER=smtp; spec 000 §2.2 /handle emails) against a local SMTP server: what a
// customer's mailbox receives (sender, recipient, subject, text and HTML with the /handle link), AUTH PLAIN, a
// refused recipient or password failing the send, the settings' checks, and the sandbox keeping the very same
// rendering in mailOutbox (what `npm start` prints).
import { afterEach, describe, expect, it } from 'vitest';
import { FirestoreMailSandbox } from '../../functions/src/providers/firestoreMailSandbox';

import type { AccountMail, AccountMailKind } from '../../functions/src/providers/mail';
import { SmtpMail } from '../../functions/src/providers/mailSmtp';
import { readSmtpConfig, SMTP_SETTING_NAMES, type SmtpConfig } from '../../functions/src/providers/mailSmtpConfig';
import { renderAccountMail } from '../../functions/src/providers/mailTemplates';
import { readMessage, SmtpReceiver } from '../support/smtpReceiver';

/** The functions' Firestore type, as the sandbox takes it (firebase-admin is the functions' dependency, not the app's). */
type Firestore = ReturnType<ConstructorParameters<typeof FirestoreMailSandbox>[0]>;

const AUTH = { user: 'mailer', pass: 's3cret-pass' };
const FROM = 'Credit Readiness <no-reply@app.test>';

let receiver: SmtpReceiver | null = null;

afterEach(async () => {
  await receiver?.stop();
  receiver = null;
});

async function smtp(options: ConstructorParameters<typeof SmtpReceiver>[0] = { auth: AUTH }, config: Partial<SmtpConfig> = {}) {
  receiver = new SmtpReceiver(options);
  const port = await receiver.start();
  const mailer = new SmtpMail({ host: '127.0.0.1', port, tls: 'none', auth: AUTH, from: FROM, ...config });
  return { receiver, mailer };
}

const mailOf = (kind: AccountMailKind, to = 'ana@customer.test'): AccountMail => ({
  to,
  kind,
  oobCode: 'code-123',
  link: `https://app.example.com/handle?mode=${kind}&oobCode=code-123&email=${encodeURIComponent(to)}&siteId=APP`,
});

describe('account mail over SMTP', () => {
  it.each(['verifyEmail', 'resetPassword', 'recoverEmail', 'verifyAndChangeEmail'] as const)(
    'delivers the %s email to the customer with its subject, text and HTML carrying the /handle link',
    async (kind) => {
      const { receiver, mailer } = await smtp();
      const mail = mailOf(kind);
      await mailer.send(mail);

      expect(receiver.received).toHaveLength(1);
      const [delivered] = receiver.received;
      expect(delivered!.from).toBe('no-reply@app.test');
      expect(delivered!.to).toEqual(['ana@customer.test']);
      const message = readMessage(delivered!.raw);
      const rendered = renderAccountMail(mail);
      expect(message.headers.subject).toBe(rendered.subject);
      expect(message.headers.from).toBe('Credit Readiness <no-reply@app.test>');
      expect(message.headers.to).toBe('ana@customer.test');
      expect(message.text?.trim()).toBe(rendered.text.trim());
      expect(message.html?.trim()).toBe(rendered.html.trim());
      expect(message.text).toContain(mail.link);
      expect(message.html).toContain(mail.link.replace(/&/g, '&amp;'));
    },
  );

  it('fails the send when the server refuses the recipient', async () => {
    const { receiver, mailer } = await smtp({ auth: AUTH, refuse: ['gone@customer.test'] });
    await expect(mailer.send(mailOf('resetPassword', 'gone@customer.test'))).rejects.toThrow();
    expect(receiver.received).toHaveLength(0);
  });

  it('fails the send when the server does not accept the password', async () => {
    const { receiver, mailer } = await smtp({ auth: AUTH }, { auth: { user: AUTH.user, pass: 'wrong' } });
    await expect(mailer.send(mailOf('verifyEmail'))).rejects.toThrow(/535|Invalid login|credentials/i);
    expect(receiver.received).toHaveLength(0);
  });

  it('sends without AUTH to a server that takes mail without it', async () => {
    const { receiver, mailer } = await smtp({}, { auth: null });
    await mailer.send(mailOf('verifyEmail'));
    expect(receiver.received.map((mail) => mail.to)).toEqual([['ana@customer.test']]);
  });

  it('keeps in the sandbox outbox the same subject, text and HTML the SMTP server received', async () => {
    const { receiver, mailer } = await smtp();
    const written: Record<string, unknown>[] = [];
    // The sandbox's one Firestore call (collection(...).add), captured as the document it writes.
    const db = { collection: () => ({ add: async (document: Record<string, unknown>) => void written.push(document) }) } as unknown as Firestore;
    const mail = mailOf('recoverEmail');
    await new FirestoreMailSandbox(() => db).send(mail);
    await mailer.send(mail);

    const message = readMessage(receiver.received[0]!.raw);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ to: mail.to, kind: 'recoverEmail', oobCode: mail.oobCode, link: mail.link });
    expect(written[0]!.subject).toBe(message.headers.subject);
    expect(String(written[0]!.text).trim()).toBe(message.text?.trim());
    expect(String(written[0]!.html).trim()).toBe(message.html?.trim());
  });
});

describe('SMTP settings', () => {
  const base = { SMTP_HOST: 'smtp.mail.test', MAIL_FROM: FROM };

  it('defaults to port 587 with STARTTLS required, and TLS from the start on 465', () => {
    expect(readSmtpConfig(base)).toMatchObject({ host: 'smtp.mail.test', port: 587, tls: 'starttls', auth: null, from: FROM });
    expect(readSmtpConfig({ ...base, SMTP_PORT: '465' }).tls).toBe('implicit');
  });

  it('names every missing setting, and refuses a user without a password or plain SMTP to another machine', () => {
    expect(() => readSmtpConfig({})).toThrow(/SMTP_HOST is unset.*MAIL_FROM is unset/);
    expect(() => readSmtpConfig({ ...base, SMTP_USER: 'mailer' })).toThrow(/SMTP_PASSWORD is unset/);
    expect(() => readSmtpConfig({ ...base, SMTP_TLS: 'none' })).toThrow(/only for a server on this machine/);
    expect(readSmtpConfig({ ...base, SMTP_HOST: '127.0.0.1', SMTP_TLS: 'none', SMTP_USER: 'u', SMTP_PASSWORD: 'p' }).auth).toEqual({ user: 'u', pass: 'p' });
  });

  it('lists its settings for the production check', () => {
    expect(SMTP_SETTING_NAMES).toEqual(['SMTP_HOST', 'SMTP_PORT', 'SMTP_TLS', 'SMTP_USER', 'SMTP_PASSWORD', 'MAIL_FROM']);
  });
});
