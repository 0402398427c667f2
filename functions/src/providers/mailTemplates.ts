// The account emails' wording (spec 000 §2.2 /handle modes, §4.4 password reset, §4.5 verify and recover email):
// one rendering of subject, text and HTML that the SMTP adapter sends and the mail sandbox keeps in mailOutbox
// (and `npm start` prints), so what a person tries locally is what a customer receives.
import type { AccountMail, AccountMailKind } from './mail';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Wording {
  subject: string;
  /** What the email is about, before the link. */
  lead: string;
  /** The link's label. */
  action: string;
  /** After the link: how long it lasts and what to do if it was not you. */
  note: string;
}

const WORDING: Record<AccountMailKind, Wording> = {
  verifyEmail: {
    subject: 'Verify your email',
    lead: 'Confirm this email address to finish setting up your account.',
    action: 'Verify email',
    note: 'If you did not create an account, you can ignore this email.',
  },
  resetPassword: {
    subject: 'Reset your password',
    lead: 'We received a request to reset the password of your account.',
    action: 'Reset password',
    note: 'The link is good for one hour. If you did not ask for a new password, you can ignore this email: your password stays the same.',
  },
  recoverEmail: {
    subject: 'Your email was changed',
    lead: 'The sign-in email of your account was changed to a new address.',
    action: 'Restore this email',
    note: 'If you made this change, there is nothing to do. If not, restore your email with the link (good for three days) and change your password.',
  },
  verifyAndChangeEmail: {
    subject: 'Confirm your new email',
    lead: 'Confirm this address to make it the sign-in email of your account.',
    action: 'Confirm new email',
    note: 'The link is good for three days. If you did not ask for this change, you can ignore this email.',
  },
};

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The email for an account action, as sent. */
export function renderAccountMail(mail: Pick<AccountMail, 'kind' | 'link'>): RenderedMail {
  const wording = WORDING[mail.kind];
  const text = `${wording.lead}\n\n${wording.action}: ${mail.link}\n\n${wording.note}\n`;
  const html =
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a">' +
    `<p>${escapeHtml(wording.lead)}</p>` +
    `<p><a href="${escapeHtml(mail.link)}" style="display:inline-block;padding:10px 16px;background:#1c7ed6;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(wording.action)}</a></p>` +
    `<p style="font-size:13px">Or open this link: <a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>` +
    `<p style="font-size:13px;color:#555">${escapeHtml(wording.note)}</p>` +
    '</body></html>';
  return { subject: wording.subject, text, html };
}
