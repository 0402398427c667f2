import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../collections';
import type { AccountMail, MailProvider } from './mail';

/** The embedded mail provider: every email lands in mailOutbox/{id} (server-only) for tests and the demo. */
export class FirestoreMailSandbox implements MailProvider {
  constructor(private readonly db: () => Firestore) {}

  async send(mail: AccountMail): Promise<void> {
    await this.db()
      .collection(COLLECTIONS.mailOutbox)
      .add({ to: mail.to, kind: mail.kind, oobCode: mail.oobCode, link: mail.link, createdAt: FieldValue.serverTimestamp() });
  }
}
