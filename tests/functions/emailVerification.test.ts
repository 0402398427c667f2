// spec 000 §2.3 gate 2 on the server: until a customer's email is verified, the callables that read or change
// the contact, accept authorizations, set a goal or start a credit pull refuse them (CRM sessions exempt), and a
// refused call writes nothing. The browser's guard chain sends such a customer to /not-verified.
import { describe, expect, it } from 'vitest';
import { CALLABLE_BEFORE_EMAIL_VERIFICATION } from '../../functions/src/callable/defineCallable';
import { callables, callableNames, type CallableName } from '../../src/contract/callables';
import { adminAuthClient, backendFingerprint, call, createCustomer, delegateSession, failureOf, signIn, withSeededBackend } from '../support/emulator';

async function unverifiedCustomer(claims: Record<string, unknown> = {}) {
  const customer = await createCustomer({ claims });
  await adminAuthClient().updateUser(customer.uid, { emailVerified: false });
  return customer;
}

describe('callables before the email is verified', () => {
  withSeededBackend();

  it('refuses an unverified customer the contact, authorizations, goal and intake, writing nothing', async () => {
    const app = await signIn(await unverifiedCustomer());
    const before = await backendFingerprint();
    const refused = [
      () => call(app, 'getCustomerContact'),
      () => call(app, 'updateCustomerContact', { FirstName: 'Mallory' }),
      () => call(app, 'updateAuthorizations', { DoNotCall: false, Allow_Referral_Update__c: true, agreedToPII: true, Round_Opt_In__c: true }),
      () => call(app, 'createGoal', { type: 'mortgage_loan' }),
      () => call(app, 'completeIntake'),
      () => call(app, 'resyncCustomClaims'),
    ];
    for (const attempt of refused) {
      const failure = await failureOf(attempt());
      expect(failure.code).toBe('functions/permission-denied');
      expect(failure.message).toMatch(/^email-not-verified/);
    }
    expect(await backendFingerprint()).toBe(before);
  });

  it('still lets an unverified customer record the sign-in, their language and the migration notice', async () => {
    const app = await signIn(await unverifiedCustomer());
    expect(await call(app, 'storeLastSignIn')).toEqual({ stored: true });
    expect(await call(app, 'setUILang', { lang: 'es' })).toEqual({ ok: true });
    expect(await call(app, 'removeMigrationClaim')).toEqual({ ok: true });
  });

  it('serves a CRM session whatever the verification of the email (spec 000 §2.3)', async () => {
    const customer = await unverifiedCustomer();
    await delegateSession(customer, { isSalesforceSession: true, isAgent: true, allowClientActions: false });
    const app = await signIn(customer);
    const contact = await call(app, 'getCustomerContact');
    expect(contact.Id).toMatch(/^003TEST/);
  });

  it('allows before verification only signed-in callables the /not-verified page needs', () => {
    const signedIn = callableNames.filter((name: CallableName) => callables[name].access === 'signedIn');
    expect([...CALLABLE_BEFORE_EMAIL_VERIFICATION].every((name) => signedIn.includes(name))).toBe(true);
    expect([...CALLABLE_BEFORE_EMAIL_VERIFICATION].sort()).toEqual(['removeMigrationClaim', 'setUILang', 'storeLastSignIn']);
  });
});
