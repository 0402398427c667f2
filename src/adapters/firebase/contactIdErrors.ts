import type { PortError, Unsubscribe } from '../../../machines/ports';
import type { ContactIdErrorCode } from '../../../machines/shell/session.machine';

// spec 000 §4.1: any callable that answers no-customer-contact-id or no-partner-contact-id means the session's
// claims lack the contact id; the app resyncs them. Every call goes through ./callables, which reports its
// failures here; this module stays tiny so the start-up code can subscribe without loading the callables.

const CONTACT_ID_CODES: readonly string[] = ['no-customer-contact-id', 'no-partner-contact-id'] satisfies ContactIdErrorCode[];
const listeners = new Set<(code: ContactIdErrorCode) => void>();

function isContactIdErrorCode(code: string): code is ContactIdErrorCode {
  return CONTACT_ID_CODES.includes(code);
}

export function reportCallableFailure(error: PortError): void {
  const { code } = error;
  if (isContactIdErrorCode(code)) listeners.forEach((listener) => listener(code));
}

export function subscribeContactIdMissing(listener: (code: ContactIdErrorCode) => void): Unsubscribe {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
