// The support machines' actor signatures (conventions in machines/ports.ts).
import type { PromiseActorSignature } from '../ports';


export interface SupportRequestActorSignatures {
  /** CallablesPort.createContactRequest. */
  sendContactRequest: PromiseActorSignature<{ message: string; email: string }, void>;
}
