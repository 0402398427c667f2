// Abuse controls of the public callables (functions/src/rateLimit.ts): a budget of calls per caller address, shared
// by every instance through Firestore; over it a call is refused before its handler runs and writes nothing.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PUBLIC_RATE_LIMITS, RESET_MAILS_PER_EMAIL, withinRateLimit } from '../../functions/src/rateLimit';
import { callables, callableNames } from '../../src/contract/callables';
import { adminDb, backendFingerprint, call, clientApp, createCustomer, failureOf, withSeededBackend } from '../support/emulator';


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

describe('rate limits of the public callables', () => {
  withSeededBackend();

  it('gives every public callable a budget, and no signed-in one', () => {
    const publicNames = callableNames.filter((name) => callables[name].access === 'public').sort();
    expect(Object.keys(PUBLIC_RATE_LIMITS).sort()).toEqual(publicNames);
  });

  it('allows the budget, refuses the next call, and allows again once the window has passed', async () => {
    const key = `test:${Math.random()}`;
    const limit = { max: 3, windowMs: 10 * 60 * 1_000 };
    // Tests run under a demo- project, whose budgets are a hundred times larger (every caller is 127.0.0.1).
    const allowed = limit.max * 100;
    const answers: boolean[] = [];
    for (let i = 0; i < allowed + 1; i += 1) answers.push(await withinRateLimit(key, limit));
    expect(answers.slice(0, allowed).every(Boolean)).toBe(true);
    expect(answers[allowed]).toBe(false);
    // The key is stored only as its hash. Ten minutes later (moved back here) the budget is whole again.
    const counter = adminDb().doc(`rateLimits/${createHash('sha256').update(key).digest('hex')}`);
    expect((await counter.get()).get('count')).toBe(allowed);
    await counter.update({ windowStart: Date.now() - limit.windowMs });
    expect(await withinRateLimit(key, limit)).toBe(true);
    expect((await counter.get()).get('count')).toBe(1);
  }, 120_000);

  it('refuses a quick sign-up lookup over the budget with resource-exhausted and the too-many-requests key', async () => {
    await failureOf(call(clientApp(), 'getContactAnonymously', { contactId: '003NOSUCHCONTACT' }));
    await spendBudget('getContactAnonymously');
    try {
      const failure = await failureOf(call(clientApp(), 'getContactAnonymously', { contactId: '003DEMOLEADEXPIRD' }));
      expect(failure.code).toBe('functions/resource-exhausted');
      expect(failure.details?.key).toBe('errors.too-many-requests');
    } finally {
      await resetBudget('getContactAnonymously');
    }
  });

  it('refuses a sign-up over the budget before it makes anything', async () => {
    // A well-formed sign-up is counted even when refused (here: the email has an account); a malformed one is not,
    // as a rejected call writes nothing.
    const taken = await createCustomer();
    await failureOf(call(clientApp(), 'signUp', { email: taken.email, password: 'Sign-Up-Pass-1!' }));
    await spendBudget('signUp');
    try {
      const before = await backendFingerprint();
      const failure = await failureOf(call(clientApp(), 'signUp', { email: 'spam.bot@test.example', password: 'Sign-Up-Pass-1!' }));
      expect(failure.code).toBe('functions/resource-exhausted');
      // Nothing at all was written: no account, contact, user document or mail, and no counter moved.
      expect(await backendFingerprint()).toBe(before);
    } finally {
      await resetBudget('signUp');
    }
  });

  it('mails a limited number of reset links an hour to one address, so a stranger cannot keep invalidating its links', async () => {
    expect(RESET_MAILS_PER_EMAIL).toEqual({ max: 3, windowMs: 60 * 60 * 1_000 });
    const [target, bystander] = [await createCustomer(), await createCustomer()];
    await call(clientApp(), 'resetPasswordByEmail', { email: target.email });
    await spendBudget('resetMail');
    try {
      const failure = await failureOf(call(clientApp(), 'resetPasswordByEmail', { email: target.email }));
      expect(failure.code).toBe('functions/resource-exhausted');
      // Another address (and so the same caller) still gets its mail.
      expect(await call(clientApp(), 'resetPasswordByEmail', { email: bystander.email })).toEqual({ sent: true });
    } finally {
      await resetBudget('resetMail');
    }
  });
});
