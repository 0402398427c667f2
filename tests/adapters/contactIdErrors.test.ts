import { afterEach, describe, expect, it, vi } from 'vitest';

// spec 000 §4.1: the adapter reports every callable that answers no-customer-contact-id or no-partner-contact-id,
// so the session can resync the claims, whichever page made the call.

const callFunction = vi.fn<(name: string, data: unknown) => Promise<unknown>>();
vi.mock('../../src/adapters/firebase/functions', () => ({ callFunction }));

const { call } = await import('../../src/adapters/firebase/callables');
const { subscribeContactIdMissing } = await import('../../src/adapters/firebase/contactIdErrors');

const failure = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('callables reporting a missing contact id', () => {
  const unsubscribes: (() => void)[] = [];
  afterEach(() => unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe()));

  it.each(['no-customer-contact-id', 'no-partner-contact-id'])('tells subscribers when a callable answers %s, and still fails the call', async (code) => {
    const heard: string[] = [];
    unsubscribes.push(subscribeContactIdMissing((missing) => heard.push(missing)));
    callFunction.mockRejectedValueOnce(failure('functions/failed-precondition', `${code} [400]`));
    await expect(call('getUserInfo', null)).rejects.toEqual({ code, callableCode: 'failed-precondition' });
    expect(heard).toEqual([code]);
  });

  it('says nothing for other failures, and nothing after unsubscribing', async () => {
    const heard: string[] = [];
    const unsubscribe = subscribeContactIdMissing((missing) => heard.push(missing));
    callFunction.mockRejectedValueOnce(failure('functions/permission-denied', 'not-permitted [403]'));
    await expect(call('getUserInfo', null)).rejects.toEqual({ code: 'not-permitted', callableCode: 'permission-denied' });
    unsubscribe();
    callFunction.mockRejectedValueOnce(failure('functions/failed-precondition', 'no-customer-contact-id [400]'));
    await expect(call('getUserInfo', null)).rejects.toEqual({ code: 'no-customer-contact-id', callableCode: 'failed-precondition' });
    expect(heard).toEqual([]);
  });
});
