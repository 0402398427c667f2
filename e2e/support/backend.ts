// What the e2e specs need from the local backend, through the emulators' REST APIs with the emulator's admin
// bypass (`Bearer owner`): the mail sandbox's outbox, the maintenance flag, fresh accounts.
import { AUTH, FIRESTORE, PROJECT } from './endpoints';

const OWNER = { Authorization: 'Bearer owner', 'content-type': 'application/json' };

type FirestoreValue =
  | { stringValue: string }
  | { booleanValue: boolean }
  | { timestampValue: string }
  | { integerValue: string }
  | { nullValue: null }
  | { mapValue: { fields?: Record<string, FirestoreValue> } };

interface FirestoreDoc {
  name: string;
  fields?: Record<string, FirestoreValue>;
}

function plain(value: FirestoreValue | undefined): unknown {
  if (!value) return undefined;
  if ('stringValue' in value) return value.stringValue;
  if ('booleanValue' in value) return value.booleanValue;
  if ('timestampValue' in value) return value.timestampValue;
  if ('integerValue' in value) return Number(value.integerValue);
  if ('mapValue' in value) return Object.fromEntries(Object.entries(value.mapValue.fields ?? {}).map(([k, v]) => [k, plain(v)]));
  return null;
}

export interface Mail {
  to: string;
  /** verifyAndChangeEmail: the new address's link of an email change (the old address gets recoverEmail). */
  kind: 'verifyEmail' | 'resetPassword' | 'recoverEmail' | 'verifyAndChangeEmail';
  oobCode: string;
  link: string;
  createdAt: string;
}

async function listMail(): Promise<Mail[]> {
  const res = await fetch(`${FIRESTORE}/mailOutbox?pageSize=1000`, { headers: OWNER });
  const body = (await res.json()) as { documents?: FirestoreDoc[] };
  return (body.documents ?? []).map((d) => Object.fromEntries(Object.entries(d.fields ?? {}).map(([k, v]) => [k, plain(v)])) as unknown as Mail);
}

/** The newest email of a kind sent to an address, waiting for it to arrive. */
export async function latestMail(to: string, kind: Mail['kind'], after = 0): Promise<Mail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = (await listMail())
      .filter((m) => m.to === to && m.kind === kind && Date.parse(m.createdAt) >= after)
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    if (mails[0]) return mails[0];
    if (Date.now() > deadline) throw new Error(`no ${kind} mail to ${to}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Sets (or clears, with `false`) the maintenance flag of the customer site type. */
export async function setMaintenance(value: boolean | { startTime?: Date; endTime?: Date }): Promise<void> {
  const field: FirestoreValue =
    typeof value === 'boolean'
      ? { booleanValue: value }
      : {
          mapValue: {
            fields: Object.fromEntries(
              Object.entries(value).map(([k, v]) => [k, { timestampValue: (v as Date).toISOString() } as FirestoreValue]),
            ),
          },
        };
  const res = await fetch(`${FIRESTORE}/config/maintenance?updateMask.fieldPaths=Customer`, {
    method: 'PATCH',
    headers: OWNER,
    body: JSON.stringify({ fields: { Customer: field } }),
  });
  if (!res.ok) throw new Error(`setting maintenance failed: ${res.status} ${await res.text()}`);
}

/** A unique address for an account created by a test. */
export function freshEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@e2e.test`;
}

/** Out-of-band codes the Auth emulator issued for an address (emulator REST API). */
export async function authEmulatorOobCodes(email: string): Promise<Array<{ oobCode: string; requestType: string }>> {
  const res = await fetch(`${AUTH}/emulator/v1/projects/${PROJECT}/oobCodes`);
  const body = (await res.json()) as { oobCodes: Array<{ email: string; oobCode: string; requestType: string }> };
  return body.oobCodes.filter((c) => c.email === email);
}
