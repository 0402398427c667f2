/**
 * The account emails the product sends (spec 000 §2.2 /handle modes; verifyAndChangeEmail is the email change
 * request's link to the new address, Firebase's own name for that action).
 */
export type AccountMailKind = 'verifyEmail' | 'resetPassword' | 'recoverEmail' | 'verifyAndChangeEmail';

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
