import { randomBytes } from 'node:crypto';
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../collections';
import { sandboxPageUrl } from '../http/pages';
import { millisOf } from '../timestamps';
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

function toAgreement(token: string, data: DocumentData): SandboxAgreement {
  const signedAtMs = millisOf(data.signedAt);
  return {
    token,
    contactId: String(data.contactId),
    signedAt: signedAtMs === null ? null : new Date(signedAtMs),
    signerName: typeof data.signerName === 'string' ? data.signerName : null,
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
    const data = snapshot.data();
    return data ? toAgreement(snapshot.id, data) : null;
  }

  /** Records the signature once; a second signature keeps the first. */
  async sign(token: string, signerName: string): Promise<SandboxAgreement | null> {
    const ref = this.agreements().doc(token);
    return this.db().runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      const data = snapshot.data();
      if (!data) return null;
      if (data.signedAt) return toAgreement(token, data);
      const signedAt = Timestamp.fromMillis(this.now());
      transaction.update(ref, { signedAt, signerName });
      return toAgreement(token, { ...data, signedAt, signerName });
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
