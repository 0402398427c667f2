import type { UserDocument } from '../../machines/ports';
import { onboardedUserDocument } from '../../machines/shell/entries';

/** A verified, onboarded customer's user document (spec 000 §3.1), for fakes of the live user document. */
export const sampleUserDocument = (uid: string): UserDocument =>
  onboardedUserDocument({
    uid,
    firstName: 'Maria',
    lastName: 'Alvarez',
    email: 'maria@example.com',
    customerContactId: 'c1',
    uiLang: null,
  });
