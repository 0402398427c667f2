// The local mail sandbox in the terminal: `npm start` prints every email the product sends from now on (email
// verification, password reset, email recovery) with its link into the app's /handle page, so a person trying
// the product follows the link without a mail server or the emulator UI. Two sources: the emails our functions
// send land in Firestore's mailOutbox (server-only); the ones the Auth SDK sends itself (the verification email
// sent again on sign-in) exist only as the Auth emulator's out-of-band codes.
import { PORTS, PROJECT_ID } from './emulatorEnv.mjs';

const DOCUMENTS = `http://127.0.0.1:${PORTS.firestore}/v1/projects/${PROJECT_ID}/databases/(default)/documents`;
const OOB_CODES = `http://127.0.0.1:${PORTS.auth}/emulator/v1/projects/${PROJECT_ID}/oobCodes`;
const POLL_MS = 1_500;

/** The Auth SDK's own emails (not in mailOutbox), titled as the mail templates title them. */
const TITLES = {
  verifyEmail: 'Verify your email',
  resetPassword: 'Reset your password',
  recoverEmail: 'Your email was changed',
};

/** The Auth emulator's request types as the /handle page's modes (spec 000 §4.4, §4.5). */
const MODES = { VERIFY_EMAIL: 'verifyEmail', PASSWORD_RESET: 'resetPassword', RECOVER_EMAIL: 'recoverEmail' };

/** Emails in mailOutbox written at or after `since` (a Date), oldest first. */
async function outboxSince(since) {
  const res = await fetch(`${DOCUMENTS}:runQuery`, {
    method: 'POST',
    // The emulator's owner token reads server-only collections, as the Admin SDK does.
    headers: { Authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({
      structuredQuery: {
        from: [{ collectionId: 'mailOutbox' }],
        where: {
          fieldFilter: { field: { fieldPath: 'createdAt' }, op: 'GREATER_THAN_OR_EQUAL', value: { timestampValue: since.toISOString() } },
        },
        orderBy: [{ field: { fieldPath: 'createdAt' }, direction: 'ASCENDING' }],
      },
    }),
  });
  if (!res.ok) throw new Error(`mailOutbox query answered ${res.status}`);
  return (await res.json())
    .filter((row) => row.document)
    .map(({ document }) => ({
      to: document.fields?.to?.stringValue ?? '?',
      kind: document.fields?.kind?.stringValue ?? 'mail',
      oobCode: document.fields?.oobCode?.stringValue ?? document.name,
      link: document.fields?.link?.stringValue ?? '',
      // The subject the mail templates rendered (functions/src/providers/mailTemplates.ts), as SMTP would send it.
      subject: document.fields?.subject?.stringValue ?? null,
      createdAt: document.fields?.createdAt?.timestampValue ?? since.toISOString(),
    }));
}

/** Every out-of-band code the Auth emulator holds. */
async function oobCodes() {
  const res = await fetch(OOB_CODES);
  if (!res.ok) throw new Error(`oobCodes answered ${res.status}`);
  return (await res.json()).oobCodes ?? [];
}

/**
 * Prints each new email with `write` (a line per email and its link) until the returned function is called.
 * `appUrl` is where the app runs, for the links of emails the Auth SDK sent.
 */
export function watchMail(appUrl, write) {
  let since = new Date();
  let stopped = false;
  let timer = null;
  /** Codes already printed, or there before the watch began. */
  const printed = new Set();
  /** Auth SDK codes seen once: printed on the next poll unless mailOutbox has the same code by then. */
  const waiting = new Set();
  let started = false;
  const print = (kind, to, link, subject = null) => write(`\n  ✉  ${subject ?? TITLES[kind] ?? kind} — to ${to}\n     ${link}\n`);

  const poll = async () => {
    try {
      for (const mail of await outboxSince(since)) {
        since = new Date(mail.createdAt);
        if (printed.has(mail.oobCode)) continue;
        printed.add(mail.oobCode);
        print(mail.kind, mail.to, mail.link, mail.subject);
      }
      for (const code of await oobCodes()) {
        if (!started) printed.add(code.oobCode);
        const mode = MODES[code.requestType];
        if (!mode || printed.has(code.oobCode)) continue;
        if (!waiting.has(code.oobCode)) {
          waiting.add(code.oobCode);
          continue;
        }
        waiting.delete(code.oobCode);
        printed.add(code.oobCode);
        const query = new URLSearchParams({ mode, oobCode: code.oobCode, email: code.email ?? '' });
        print(mode, code.email ?? '?', `${appUrl}/handle?${query.toString()}`);
      }
      started = true;
    } catch {
      // The emulators are stopping or busy; the next poll tries again.
    }
    if (!stopped) timer = setTimeout(poll, POLL_MS);
  };
  void poll();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
