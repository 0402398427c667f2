// The card on file (spec 001 §7 updateCustomerPaymentProfile; §8 "Payment profile"): the provider turns the
// single-use opaque value into a customer payment profile; we keep only its id, the brand and the last four digits.
import { FieldValue } from 'firebase-admin/firestore';
import { ERROR_KEYS } from '../../../src/domain/errors';
import { db } from '../platform/admin';
import { callableError } from '../callable/errors';
import { PROVIDER_UNAVAILABLE } from '../providers/faults';
import { CardGatewayError, isDefiniteRefusal, type BillTo, type CardGatewayProvider } from './cardGateway';
import { PAYMENTS_COLLECTION } from './paymentAccount';

export interface CardOnFile {
  cardType: string;
  /** Masked as the provider shows it: 'XXXX1111'. */
  cardNumber: string;
}

export const maskedCard = (last4: string) => `XXXX${last4}`;

/**
 * Saves the card behind `opaqueValue` as the customer's card on file. A used, expired or unknown opaque value is
 * refused ('opaque-value-invalid', shown as 'error updating payment profile'); a gateway that fails or does not answer
 * is 'unavailable' with the same message; nothing is written then.
 */
export async function saveCardOnFile(
  uid: string,
  opaqueValue: { dataDescriptor: string; dataValue: string },
  billTo: BillTo,
  gateway: CardGatewayProvider,
): Promise<CardOnFile> {
  let profile;
  try {
    profile = await gateway.createCustomerPaymentProfile(opaqueValue, billTo);
  } catch (error) {
    if (isDefiniteRefusal(error)) {
      throw callableError('failed-precondition', 'opaque-value-invalid', { key: ERROR_KEYS.paymentProfileUpdateError });
    }
    // The gateway itself failed (E00001 "an error occurred during processing", a timeout): nothing is kept here and
    // the same card may be tried again (the opaque value was not used up on our side).
    if (error instanceof CardGatewayError || (error instanceof Error && error.name === 'TimeoutError')) {
      throw callableError('unavailable', PROVIDER_UNAVAILABLE.cardGateway, { key: ERROR_KEYS.paymentProfileUpdateError });
    }
    throw error;
  }
  await db()
    .collection(PAYMENTS_COLLECTION)
    .doc(uid)
    .set(
      { profile: { profileId: profile.profileId, cardType: profile.cardType, last4: profile.last4 }, profileUpdatedAt: FieldValue.serverTimestamp() },
      { merge: true },
    );
  return { cardType: profile.cardType, cardNumber: maskedCard(profile.last4) };
}
