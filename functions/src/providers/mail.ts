/** The account emails the product sends (spec 000 §2.2 /handle modes). */
export type AccountMailKind = 'verifyEmail' | 'resetPassword' | 'recoverEmail';

export interface AccountMail {
  to: string;
  kind: AccountMailKind;
  oobCode: string;
  /** The app's /handle link the email carries. */
  link: string;
}

export interface MailProvider {
  send(mail: AccountMail): Promise<void>;
}
