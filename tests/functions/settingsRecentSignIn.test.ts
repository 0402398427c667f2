// The step-up for the most sensitive self-service steps (spec 000 §2.5, §7 getSocialSecurityNumber and changeEmail;
// the security review's "no step-up" finding): only a sign-in within RECENT_SIGN_IN_MAX_AGE_MS sees the full SSN or
// starts an email change; an older one is refused with recent-sign-in-required (the page then asks for the password
// again) and nothing is read, written or mailed; every reveal is recorded without the number. The callables run in
// the test process as the Functions runtime calls them, so the sign-in's time can be set (the Auth emulator signs in
// only now), against the emulators' Firestore.
import { describe, expect, it, vi } from 'vitest';
import { RECENT_SIGN_IN_MAX_AGE_MS } from '../../src/domain/constants';
import { ERROR_KEYS } from '../../src/domain/errors';
import { adminDb, createCustomer, type TestCustomer } from '../support/emulator';

vi.hoisted(() => {
  // The functions' environment check reads the project when the module loads: the emulators' demo project.
  process.env.GCLOUD_PROJECT ??= 'demo-credit-readiness';
});

const SSN = '666-21-4321';

/** The callable request of the customer's session, signed in `signedInAgoMs` ago. */
function requestOf(customer: TestCustomer, signedInAgoMs: number, data: unknown) {
  return {
    data,
    auth: {
      uid: customer.uid,
      token: {
        role: 'customer',
        customerContactId: customer.contactId,
        email: customer.email,
        email_verified: true,
        auth_time: Math.floor((Date.now() - signedInAgoMs) / 1_000),
      },
      rawToken: 'test',
    },
    rawRequest: { ip: '127.0.0.1', headers: {} },
    acceptsStreaming: false,
  } as never;
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string; details?: { key?: string } }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string; details?: { key?: string } };
  }
  throw new Error('expected a refusal');
}

const auditOf = async (uid: string) => (await adminDb().collection(`auditLog/${uid}/entries`).get()).docs.map((doc) => doc.data());
const OLD_SIGN_IN_MS = RECENT_SIGN_IN_MAX_AGE_MS + 60_000;

describe('the full SSN and the email change need a recent sign-in', () => {
  it('shows a fresh sign-in the full SSN and records the reveal without the number', async () => {
    const { getSocialSecurityNumber } = await import('../../functions/src/settings/callables');
    const customer = await createCustomer({ contact: { Social_Security_Number__c: SSN } });
    expect(await getSocialSecurityNumber.run(requestOf(customer, 10_000, null))).toEqual({ ssn: '666214321' });
    const audit = await auditOf(customer.uid);
    expect(audit).toEqual([expect.objectContaining({ action: 'ssn-revealed', contactId: customer.contactId })]);
    expect(JSON.stringify(audit)).not.toMatch(/666214321|4321/);
  });

  it('refuses an older sign-in the full SSN with recent-sign-in-required, and records nothing', async () => {
    const { getSocialSecurityNumber } = await import('../../functions/src/settings/callables');
    const customer = await createCustomer({ contact: { Social_Security_Number__c: SSN } });
    const failure = await refusal(getSocialSecurityNumber.run(requestOf(customer, OLD_SIGN_IN_MS, null)));
    expect([failure.code, failure.message, failure.details?.key]).toEqual(['failed-precondition', 'recent-sign-in-required', ERROR_KEYS.recentSignInRequired]);
    expect(JSON.stringify(failure)).not.toContain('666214321');
    expect(await auditOf(customer.uid)).toEqual([]);
  });

  it('refuses an older sign-in an email change with recent-sign-in-required: no change recorded, no mail sent', async () => {
    const { changeEmail } = await import('../../functions/src/settings/callables');
    const customer = await createCustomer();
    const failure = await refusal(changeEmail.run(requestOf(customer, OLD_SIGN_IN_MS, { siteId: 'APP', newEmail: `moved.${customer.uid}@test.example` })));
    expect([failure.code, failure.message, failure.details?.key]).toEqual(['failed-precondition', 'recent-sign-in-required', ERROR_KEYS.recentSignInRequired]);
    expect((await adminDb().collection('emailChanges').where('uid', '==', customer.uid).get()).size).toBe(0);
    expect((await adminDb().collection('mailOutbox').where('to', '==', customer.email).get()).size).toBe(0);
  });
});
