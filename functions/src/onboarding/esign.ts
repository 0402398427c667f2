/** Which page sends the signer back where: the signed-in contract page, or quick sign-up (spec 002 §4). */
export type SigningFlow = 'signedIn' | 'quickSignUp';

/** The e-sign service that holds the customer agreement (spec 000 §2.2 /sign-up/contract, spec 001 §4). */
export interface ESignProvider {
  /** The page where the contact signs, opened in a new window; after signing the provider sends them back. */
  signingUrl(contactId: string, flow: SigningFlow): Promise<string>;
  /**
   * The signed agreement's link once the provider has released it, else null. Real services release it some time
   * after the signature (the contract-complete page polls for it: spec 001 §4).
   */
  signedContractLink(contactId: string): Promise<string | null>;
}
