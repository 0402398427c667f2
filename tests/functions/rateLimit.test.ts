// Abuse controls of the public callables (functions/src/callable/rateLimit.ts): a budget of calls per caller address (the
// address the front end saw, never one the caller writes: functions/src/callable/callerAddress.ts) and per target (an email
// that gets mail, a contact id whose lead is looked up), shared by every instance through Firestore; over any of them
// a call is refused before its handler runs and writes nothing. The tests spend a budget by writing its counter
// (a counter carries its label) instead of making hundreds of calls.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PUBLIC_RATE_LIMITS, RESET_MAILS_PER_EMAIL, RESET_MAILS_PER_REQUESTER_AND_ACCOUNT, withinRateLimit } from '../../functions/src/callable/rateLimit';
import { callables, callableNames } from '../../src/contract/callables';
import { FUNCTIONS_REGION } from '../../src/domain/constants';
import { adminDb, backendFingerprint, call, clientApp, createCustomer, failureOf, FUNCTIONS_EMULATOR, latestMail, PROJECT_ID, withSeededBackend } from '../support/emulator';

/** A callable called over plain HTTP, as any client can, with headers of the caller's choosing. */
async function post(name: string, data: unknown, headers: Record<string, string> = {}): Promise<{ status: number; error?: string }> {
  const url = `http://${FUNCTIONS_EMULATOR.host}:${FUNCTIONS_EMULATOR.port}/${PROJECT_ID}/${FUNCTIONS_REGION}/${name}`;
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ data }) });
  const body = (await response.json()) as { error?: { status: string } };
  return { status: response.status, ...(body.error ? { error: body.error.status } : {}) };
}


/** Spends the budgets of every counter with this label (the callable's name for the budget per address). */
async function spendBudget(label: string): Promise<void> {
  const counters = await adminDb().collection('rateLimits').where('label', '==', label).get();
  expect(counters.size).toBeGreaterThan(0);
  await Promise.all(counters.docs.map((doc) => doc.ref.update({ count: 1_000_000, windowStart: Date.now() })));
}

async function resetBudget(label: string): Promise<void> {
  const counters = await adminDb().collection('rateLimits').where('label', '==', label).get();
  await Promise.all(counters.docs.map((doc) => doc.ref.delete()));
}

/** Runs the check with the label's budgets spent, and gives them back after it whatever it found. */
async function withBudgetSpent(label: string, check: () => Promise<void>): Promise<void> {
  await spendBudget(label);
  try {
    await check();
  } finally {
    await resetBudget(label);
  }
}

describe('rate limits of the public callables', () => {
  withSeededBackend();

  it('gives every public callable a budget, and no signed-in one', () => {
    const publicNames = callableNames.filter((name) => callables[name].access === 'public').sort();
    expect(Object.keys(PUBLIC_RATE_LIMITS).sort()).toEqual(publicNames);
  });

  it('allows the budget, refuses the next call, and allows again once the window has passed', async () => {
    const key = `test:${Math.random()}`;
    const limit = { max: 3, windowMs: 10 * 60 * 1_000 };
    // Tests run under a demo- project, whose budgets are a hundred times larger (every caller is this machine).
    const allowed = limit.max * 100;
    const counter = adminDb().doc(`rateLimits/${createHash('sha256').update(key).digest('hex')}`);
    expect(await withinRateLimit(key, limit)).toBe(true);
    // The key is stored only as its hash. One call short of the budget (written, not called for), the last one in it
    // passes and the next is refused, without counting.
    await counter.update({ count: allowed - 1 });
    expect(await withinRateLimit(key, limit)).toBe(true);
    expect(await withinRateLimit(key, limit)).toBe(false);
    expect((await counter.get()).get('count')).toBe(allowed);
    // Ten minutes later (moved back here) the budget is whole again.
    await counter.update({ windowStart: Date.now() - limit.windowMs });
    expect(await withinRateLimit(key, limit)).toBe(true);
    expect((await counter.get()).get('count')).toBe(1);
  });

  it('gives no fresh budget to a caller who sends another X-Forwarded-For header', async () => {
    const lookup = { contactId: '003NOSUCHCONTACT' };
    expect(await post('getContactAnonymously', lookup, { 'x-forwarded-for': '198.51.100.1' })).toEqual({ status: 404, error: 'NOT_FOUND' });
    await withBudgetSpent('getContactAnonymously', async () => {
      for (const forwardedFor of ['198.51.100.2', '203.0.113.50, 198.51.100.3', '127.0.0.1']) {
        expect(await post('getContactAnonymously', lookup, { 'x-forwarded-for': forwardedFor }), forwardedFor).toEqual({ status: 429, error: 'RESOURCE_EXHAUSTED' });
      }
      expect(await post('getContactAnonymously', lookup)).toEqual({ status: 429, error: 'RESOURCE_EXHAUSTED' });
    });
  });

  it("refuses lookups of one contact id over that contact's budget, whoever asks, and still answers other ids", async () => {
    const walked = { contactId: '003DEMOLEADEXPIRD' };
    await call(clientApp(), 'getContactAnonymously', walked);
    await withBudgetSpent('getContactAnonymously:contact', async () => {
      const failure = await failureOf(call(clientApp(), 'getContactAnonymously', walked));
      expect(failure.code).toBe('functions/resource-exhausted');
      expect(failure.details?.key).toBe('errors.too-many-requests');
      // Another id has a budget of its own: it is answered (not a lead: not-found), not refused.
      expect((await failureOf(call(clientApp(), 'getContactAnonymously', { contactId: '003NOTLOOKEDUP01' }))).code).toBe('functions/not-found');
    });
  });

  it('refuses a quick sign-up lookup over the budget with resource-exhausted and the too-many-requests key', async () => {
    await failureOf(call(clientApp(), 'getContactAnonymously', { contactId: '003NOSUCHCONTACT' }));
    await withBudgetSpent('getContactAnonymously', async () => {
      const failure = await failureOf(call(clientApp(), 'getContactAnonymously', { contactId: '003DEMOLEADEXPIRD' }));
      expect(failure.code).toBe('functions/resource-exhausted');
      expect(failure.details?.key).toBe('errors.too-many-requests');
    });
  });

  it('refuses a sign-up over the budget before it makes anything', async () => {
    // A well-formed sign-up is counted even when refused (here: the email has an account); a malformed one is not,
    // as a rejected call writes nothing.
    const taken = await createCustomer();
    await failureOf(call(clientApp(), 'signUp', { email: taken.email, password: 'Sign-Up-Pass-1!' }));
    await withBudgetSpent('signUp', async () => {
      const before = await backendFingerprint();
      const failure = await failureOf(call(clientApp(), 'signUp', { email: 'spam.bot@test.example', password: 'Sign-Up-Pass-1!' }));
      expect(failure.code).toBe('functions/resource-exhausted');
      // Nothing at all was written: no account, contact, user document or mail, and no counter moved.
      expect(await backendFingerprint()).toBe(before);
    });
  });

  it("refuses sign-ups to one email over that inbox's budget, from any address, counting nothing", async () => {
    const taken = await createCustomer();
    await failureOf(call(clientApp(), 'signUp', { email: taken.email, password: 'Sign-Up-Pass-1!' }));
    await withBudgetSpent('signUp:email', async () => {
      const before = await backendFingerprint();
      const failure = await failureOf(call(clientApp(), 'signUp', { email: taken.email, password: 'Sign-Up-Pass-1!' }));
      // Refused as too many, not answered 'already-exists': and the caller's address budget did not move either.
      expect(failure.code).toBe('functions/resource-exhausted');
      expect(await backendFingerprint()).toBe(before);
    });
  });

  it('refuses contact requests in the name of one email over its budget, and takes another email', async () => {
    const flooded = 'flooded.inbox@test.example';
    await call(clientApp(), 'createContactRequest', { email: flooded, message: 'Please call me back about my report.' });
    await withBudgetSpent('createContactRequest:email', async () => {
      const failure = await failureOf(call(clientApp(), 'createContactRequest', { email: flooded, message: 'Please call me back.' }));
      expect(failure.code).toBe('functions/resource-exhausted');
      expect(await call(clientApp(), 'createContactRequest', { email: 'someone.else@test.example', message: 'Please call me.' })).toEqual({
        id: expect.any(String),
      });
    });
  });

  it('mails a limited number of reset links an hour to one account, whoever asks', async () => {
    expect(RESET_MAILS_PER_EMAIL).toEqual({ max: 10, windowMs: 60 * 60 * 1_000 });
    const [target, bystander] = [await createCustomer(), await createCustomer()];
    await call(clientApp(), 'resetPasswordByEmail', { email: target.email });
    await withBudgetSpent('resetMail', async () => {
      const failure = await failureOf(call(clientApp(), 'resetPasswordByEmail', { email: target.email }));
      expect(failure.code).toBe('functions/resource-exhausted');
      // Another address (and so the same caller) still gets its mail.
      expect(await call(clientApp(), 'resetPasswordByEmail', { email: bystander.email })).toEqual({ sent: true });
    });
  });

  it("counts a requester's reset mails per account, and a refused request leaves the customer's link working", async () => {
    expect(RESET_MAILS_PER_REQUESTER_AND_ACCOUNT).toEqual({ max: 3, windowMs: 60 * 60 * 1_000 });
    const [target, bystander] = [await createCustomer(), await createCustomer()];
    await call(clientApp(), 'resetPasswordByEmail', { email: target.email });
    const link = await latestMail(target.email, 'resetPassword');
    await withBudgetSpent('resetMail:requester', async () => {
      const failure = await failureOf(call(clientApp(), 'resetPasswordByEmail', { email: target.email }));
      expect(failure.code).toBe('functions/resource-exhausted');
      // The refused request expired nothing: the link the customer holds still opens the reset form.
      expect(await call(clientApp(), 'validateResetPassword', { email: target.email, oobCode: link.oobCode })).toEqual({ status: 'current' });
      // The account's own budget was not spent by the refusal, and another account's mail still goes out.
      expect(await call(clientApp(), 'resetPasswordByEmail', { email: bystander.email })).toEqual({ sent: true });
    });
  });
});
