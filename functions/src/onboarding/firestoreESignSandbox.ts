import { randomBytes } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../platform/collections';
import { sandboxPageUrl } from '../providers/sandboxPages';
import { storedAgreementSchema } from '../platform/storedDocuments';
import { millisOf } from '../platform/timestamps';
import type { ESignProvider, SigningFlow } from './esign';

/** How long after the signature the sandbox releases the signed agreement's link (real services take seconds). */
export const ESIGN_SANDBOX_RELEASE_DELAY_MS = 3_000;

export const ESIGN_SANDBOX_FUNCTION = 'esignSandbox';

export interface SandboxAgreement {
  token: string;
  contactId: string;
  signedAt: Date | null;
  signerName: string | null;
}

/** A stored agreement (platform/storedDocuments.ts); one that names no contact is no agreement. */
function toAgreement(token: string, data: unknown): SandboxAgreement | null {
  const parsed = storedAgreementSchema.safeParse(data);
  if (!parsed.success) return null;
  const signedAtMs = millisOf(parsed.data.signedAt);
  return {
    token,
    contactId: parsed.data.contactId,
    signedAt: signedAtMs === null ? null : new Date(signedAtMs),
    signerName: parsed.data.signerName,
  };
}

/**
 * The embedded e-sign service: one agreement per contact in esign/sandbox/agreements/{token} (server-only). The
 * token in the page's address is the only way to the agreement, as with a vendor's signing link.
 */
export class FirestoreESignSandbox implements ESignProvider {
  constructor(
    private readonly db: () => Firestore,
    private readonly now: () => number = Date.now,
  ) {}

  private agreements() {
    return this.db().collection(COLLECTIONS.esignAgreements);
  }

  async agreementForContact(contactId: string): Promise<SandboxAgreement | null> {
    const found = await this.agreements().where('contactId', '==', contactId).limit(1).get();
    const first = found.docs[0];
    return first ? toAgreement(first.id, first.data()) : null;
  }

  async agreementByToken(token: string): Promise<SandboxAgreement | null> {
    if (!/^[a-f0-9]{32}$/.test(token)) return null;
    const snapshot = await this.agreements().doc(token).get();
    return toAgreement(snapshot.id, snapshot.data());
  }

  /** Records the signature once; a second signature keeps the first. */
  async sign(token: string, signerName: string): Promise<SandboxAgreement | null> {
    const ref = this.agreements().doc(token);
    return this.db().runTransaction(async (transaction) => {
      const agreement = toAgreement(token, (await transaction.get(ref)).data());
      if (!agreement || agreement.signedAt) return agreement;
      const signedAt = Timestamp.fromMillis(this.now());
      transaction.update(ref, { signedAt, signerName });
      return { ...agreement, signedAt: signedAt.toDate(), signerName };
    });
  }

  async signingUrl(contactId: string, flow: SigningFlow): Promise<string> {
    const existing = await this.agreementForContact(contactId);
    let token = existing?.token;
    if (!token) {
      token = randomBytes(16).toString('hex');
      await this.agreements().doc(token).set({ contactId, createdAt: Timestamp.fromMillis(this.now()), signedAt: null });
    }
    const query = new URLSearchParams({ agreement: token, flow });
    return `${sandboxPageUrl(ESIGN_SANDBOX_FUNCTION)}?${query.toString()}`;
  }

  /** The signed agreement's page, once ESIGN_SANDBOX_RELEASE_DELAY_MS have passed since the signature. */
  async signedContractLink(contactId: string): Promise<string | null> {
    const agreement = await this.agreementForContact(contactId);
    if (!agreement?.signedAt) return null;
    if (this.now() < agreement.signedAt.getTime() + ESIGN_SANDBOX_RELEASE_DELAY_MS) return null;
    return `${sandboxPageUrl(ESIGN_SANDBOX_FUNCTION)}?${new URLSearchParams({ document: agreement.token }).toString()}`;
  }
}
