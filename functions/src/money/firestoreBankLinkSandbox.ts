import { randomBytes } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../platform/collections';
import { sandboxPageUrl } from '../providers/sandboxPages';
import { storedBankLinkSessionSchema, storedInstitutionSchema } from '../platform/storedDocuments';
import { completeSavingsNotifications } from '../hub/actionStore';
import { millisOf } from '../platform/timestamps';
import type { BankWidgetName } from '../../../src/domain/bankWidgets';
import type { BankAccount, BankLinkProvider, Institution } from './bankLink';

export const BANK_LINK_SANDBOX_FUNCTION = 'bankLinkSandbox';

/** A widget session lasts as long as a vendor's widget token typically does. */
export const BANK_LINK_SESSION_TTL_MS = 30 * 60 * 1_000;

const account = (id: string, name: string, type: BankAccount['type'], currentBalance: number): BankAccount => ({
  id,
  name,
  type,
  currentBalance,
});

/** Demo institutions covering every account type of spec 002 §3 (the five cash types and a credit card). */
export const SANDBOX_INSTITUTIONS: readonly Institution[] = [
  {
    id: 'sbx-desert-federal',
    name: 'Desert Federal Credit Union',
    logoUrl: null,
    accounts: [
      account('sbx-desert-federal-checking', 'Everyday Checking ••4410', 'checking', 3_245.18),
      account('sbx-desert-federal-savings', 'High Yield Savings ••7702', 'savings', 12_880.4),
      account('sbx-desert-federal-card', 'Rewards Visa ••9921', 'credit_card', -1_436.77),
    ],
  },
  {
    id: 'sbx-canyon-national',
    name: 'Canyon National Bank',
    logoUrl: null,
    accounts: [
      account('sbx-canyon-national-checking', 'Premier Checking ••0183', 'checking', 1_102.55),
      account('sbx-canyon-national-cash', 'Cash Management ••5520', 'cash', 640),
    ],
  },
  {
    id: 'sbx-summit-invest',
    name: 'Summit Investments',
    logoUrl: null,
    accounts: [account('sbx-summit-invest-brokerage', 'Individual Brokerage ••3307', 'investment', 8_415.92)],
  },
  {
    id: 'sbx-paywise',
    name: 'PayWise Prepaid',
    logoUrl: null,
    accounts: [account('sbx-paywise-card', 'Prepaid Debit ••6649', 'prepaid', 212.3)],
  },
];

/**
 * The embedded bank-link service: widget sessions in bankLink/sandbox/sessions/{token} (server-only) and linked
 * institutions stored under the customer in connectedInstitutions/{uid}/items/{institutionId}.
 */
export class FirestoreBankLinkSandbox implements BankLinkProvider {
  constructor(
    private readonly db: () => Firestore,
    private readonly now: () => number = Date.now,
  ) {}

  private linked(uid: string) {
    return this.db().collection(COLLECTIONS.connectedInstitutions).doc(uid).collection('items');
  }

  async widgetUrl(uid: string, widget: BankWidgetName): Promise<string> {
    const token = randomBytes(16).toString('hex');
    await this.db()
      .collection(COLLECTIONS.bankLinkSessions)
      .doc(token)
      .set({ uid, createdAt: Timestamp.fromMillis(this.now()) });
    return `${sandboxPageUrl(BANK_LINK_SANDBOX_FUNCTION)}?${new URLSearchParams({ session: token, widget }).toString()}`;
  }

  async institutions(): Promise<Institution[]> {
    return SANDBOX_INSTITUTIONS.map((institution) => ({ ...institution, accounts: [...institution.accounts] }));
  }

  async sessionOwner(session: string): Promise<string | null> {
    if (!/^[a-f0-9]{32}$/.test(session)) return null;
    const stored = (await this.db().collection(COLLECTIONS.bankLinkSessions).doc(session).get()).data();
    const parsed = storedBankLinkSessionSchema.safeParse(stored);
    const createdAt = parsed.success ? millisOf(parsed.data.createdAt) : null;
    if (!parsed.success || createdAt === null) return null;
    return this.now() - createdAt <= BANK_LINK_SESSION_TTL_MS ? parsed.data.uid : null;
  }

  async link(session: string, institutionId: string): Promise<{ uid: string; institution: Institution } | null> {
    const uid = await this.sessionOwner(session);
    const institution = SANDBOX_INSTITUTIONS.find((candidate) => candidate.id === institutionId);
    if (!uid || !institution) return null;
    await this.linked(uid)
      .doc(institution.id)
      .set({ ...institution, linkedAt: Timestamp.fromMillis(this.now()) });
    // spec 002 §4: the savings notification action completes when a bank account is connected.
    await completeSavingsNotifications(uid, new Date(this.now()));
    return { uid, institution };
  }

  async connected(uid: string): Promise<Institution[]> {
    const snapshot = await this.linked(uid).orderBy('linkedAt').get();
    return snapshot.docs.map((doc) => ({ id: doc.id, ...storedInstitutionSchema.parse(doc.data()) }));
  }
}
