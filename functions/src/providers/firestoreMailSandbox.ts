import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../platform/collections';
import type { AccountMail, MailProvider } from './mail';
import { renderAccountMail } from './mailTemplates';

/**
 * The embedded mail provider: every email lands in mailOutbox/{id} (server-only) for tests and the demo, rendered
 * by the same templates the SMTP adapter sends (subject, text, html).
 */
export class FirestoreMailSandbox implements MailProvider {
  constructor(private readonly db: () => Firestore) {}

  async send(mail: AccountMail): Promise<void> {
    const { subject, text, html } = renderAccountMail(mail);
    await this.db()
      .collection(COLLECTIONS.mailOutbox)
      .add({ to: mail.to, kind: mail.kind, oobCode: mail.oobCode, link: mail.link, subject, text, html, createdAt: FieldValue.serverTimestamp() });
  }
}
