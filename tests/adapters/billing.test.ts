import { describe, expect, it, vi } from 'vitest';
import { createBillingPort, createCardProviderPort, createContractOpener, createFailedAttemptStore, FAILED_ATTEMPT_STORAGE_KEY, parseFailedAttempt } from '../../src/adapters/firebase/billing';
import { billingRefusal } from '../support/callableFailures';

// The billing adapter at its boundary (machines/billing/ports.ts): the card provider's script added once and its
// dispatchData answers as the pipeline reads them, the payment callables' refusals with their code and details
// message, the failed attempt kept in session storage as a fingerprint and a time only, the contract's new window.

const CARD = { cardNumber: '4111 1111 1111 1111', month: '12', year: '2030', cardCode: '123', fullName: ' Ana Ruiz ', zip: '85004' };

/** A page with a head the provider's script is added to; `onScript` decides what loading it does. */
function fakePage(onScript: (script: FakeScript, win: Record<string, unknown>) => void) {
  const win: Record<string, unknown> & { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout } = {
    setTimeout: ((fn: () => void, ms: number) => setTimeout(fn, ms)) as typeof setTimeout,
    clearTimeout: ((id: ReturnType<typeof setTimeout>) => clearTimeout(id)) as typeof clearTimeout,
  };
  const scripts: FakeScript[] = [];
  const document = {
    createElement: () => new FakeScript(),
    querySelector: () => scripts.find((script) => !script.removed) ?? null,
    head: {
      appendChild: (script: FakeScript) => {
        scripts.push(script);
        queueMicrotask(() => onScript(script, win));
        return script;
      },
    },
  };
  return { win, scripts, document: document as unknown as Document, window: win as unknown as Window };
}

class FakeScript extends EventTarget {
  src = '';
  async = false;
  removed = false;
  attributes: Record<string, string> = {};
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
  remove() {
    this.removed = true;
  }
}

const OPTIONS = { scriptUrl: 'http://127.0.0.1:5001/demo/us-west4/cardGatewaySandbox/v1/Accept.js', apiLoginId: 'sandbox-login', clientKey: 'sandbox-client-key' };

/** A loaded page whose Accept.dispatchData answers `answer` (or throws it when it is an Error). */
function loadedProvider(answer: unknown, encryptTimeoutMs = 1_000) {
  const dispatchData = vi.fn((_data: unknown, callback: (response: unknown) => void) => {
    if (answer instanceof Error) throw answer;
    if (answer !== 'never') callback(answer);
  });
  const page = fakePage(() => undefined);
  page.win.Accept = { dispatchData };
  return { provider: createCardProviderPort({ ...OPTIONS, encryptTimeoutMs, document: page.document, window: page.window }), dispatchData };
}

describe("the card provider's script", () => {
  it('is added once, from the configured address, and resolves when window.Accept is there', async () => {
    const page = fakePage((script, win) => {
      win.Accept = { dispatchData: () => undefined };
      script.dispatchEvent(new Event('load'));
    });
    const provider = createCardProviderPort({ ...OPTIONS, document: page.document, window: page.window });
    await Promise.all([provider.loadScript(), provider.loadScript()]);
    await provider.loadScript();
    expect(page.scripts).toHaveLength(1);
    expect(page.scripts[0]!.src).toBe(OPTIONS.scriptUrl);
  });

  it("rejects 'script-load-error' when it fails to load, and a later try adds it again", async () => {
    let attempts = 0;
    const page = fakePage((script, win) => {
      attempts += 1;
      if (attempts === 1) {
        script.dispatchEvent(new Event('error'));
        return;
      }
      win.Accept = { dispatchData: () => undefined };
      script.dispatchEvent(new Event('load'));
    });
    const provider = createCardProviderPort({ ...OPTIONS, document: page.document, window: page.window });
    await expect(provider.loadScript()).rejects.toEqual({ code: 'script-load-error' });
    expect(page.scripts[0]!.removed).toBe(true);
    await expect(provider.loadScript()).resolves.toBeUndefined();
    expect(page.scripts).toHaveLength(2);
  });

  it("rejects 'script-load-error' when the script loads without window.Accept, or never answers", async () => {
    const empty = fakePage((script) => script.dispatchEvent(new Event('load')));
    await expect(createCardProviderPort({ ...OPTIONS, document: empty.document, window: empty.window }).loadScript()).rejects.toEqual({
      code: 'script-load-error',
    });
    const silent = fakePage(() => undefined);
    const provider = createCardProviderPort({ ...OPTIONS, loadTimeoutMs: 10, document: silent.document, window: silent.window });
    await expect(provider.loadScript()).rejects.toEqual({ code: 'script-load-error' });
  });
});

describe('encrypting the card fields (Accept.dispatchData)', () => {
  it("sends the fields with the site's login id and client key and answers the opaque value", async () => {
    const { provider, dispatchData } = loadedProvider({
      opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'opaque-1' },
      messages: { resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] },
    });
    await expect(provider.encrypt(CARD)).resolves.toEqual({ opaqueValue: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'opaque-1' } });
    expect(dispatchData.mock.calls[0]![0]).toEqual({
      authData: { clientKey: 'sandbox-client-key', apiLoginID: 'sandbox-login' },
      cardData: { cardNumber: '4111111111111111', month: '12', year: '2030', cardCode: '123', fullName: 'Ana Ruiz', zip: '85004' },
    });
  });

  it("answers the script's E_WC errors as field errors (a resolution, not a failure)", async () => {
    const { provider } = loadedProvider({
      messages: {
        resultCode: 'Error',
        message: [
          { code: 'E_WC_05', text: 'Please provide valid credit card number.' },
          { code: 'E_WC_15', text: 'Please provide valid CVV.' },
        ],
      },
    });
    await expect(provider.encrypt(CARD)).resolves.toEqual({
      errors: [
        { code: 'E_WC_05', text: 'Please provide valid credit card number.' },
        { code: 'E_WC_15', text: 'Please provide valid CVV.' },
      ],
    });
  });

  it("rejects 'encrypt-no-data' for an empty answer or none, 'encrypt-caught' when the script throws, 'script-not-loaded' without it", async () => {
    await expect(loadedProvider({ messages: { resultCode: 'Ok', message: [] } }).provider.encrypt(CARD)).rejects.toEqual({ code: 'encrypt-no-data' });
    await expect(loadedProvider('never', 10).provider.encrypt(CARD)).rejects.toEqual({ code: 'encrypt-no-data' });
    await expect(loadedProvider(new Error('boom')).provider.encrypt(CARD)).rejects.toEqual({ code: 'encrypt-caught' });
    const page = fakePage(() => undefined);
    await expect(createCardProviderPort({ ...OPTIONS, document: page.document, window: page.window }).encrypt(CARD)).rejects.toEqual({
      code: 'script-not-loaded',
    });
  });
});

describe('the payment callables', () => {
  it('send what the machines ask and answer the payment data with ISO times', async () => {
    const sent: Array<[string, unknown]> = [];
    const call = vi.fn(async (name: string, data: unknown) => {
      sent.push([name, data]);
      if (name === 'getContactPaymentData') {
        return {
          amountDue: 4900,
          charges: [{ id: 'c1', createdAt: new Date('2026-11-01T10:00:00.000Z') }],
          pendingPaymentTask: { amount: 4900, itemId: 'RECURRING_FEE', createdAt: new Date('2026-11-02T09:30:00.000Z') },
        };
      }
      if (name === 'chargePayment') throw billingRefusal('amountMismatch');
      return { ok: true };
    });
    const port = createBillingPort({ call: call as never });
    await expect(port.getContactPaymentData()).resolves.toMatchObject({
      amountDue: 4900,
      charges: [{ id: 'c1', createdAt: '2026-11-01T10:00:00.000Z' }],
      pendingPaymentTask: { amount: 4900, createdAt: '2026-11-02T09:30:00.000Z' },
    });
    const charge = { siteId: 'APP', idempotencyKey: '2f1c0b9e-8a7d-4c3b-9e2f-1a0b9c8d7e6f', itemId: 'RECURRING_FEE' as const, amount: 4900 };
    await expect(port.chargePayment(charge)).rejects.toEqual({ code: 'amount-mismatch', callableCode: 'failed-precondition' });
    await port.requestCancellation();
    await port.getSecureSFURL({ request: 'getSecureProcessPaymentURL', returnPath: '/update-payment' });
    expect(sent).toEqual([
      ['getContactPaymentData', null],
      ['chargePayment', charge],
      ['requestCancellation', null],
      ['getSecureSFURL', { request: 'getSecureProcessPaymentURL', returnPath: '/update-payment' }],
    ]);
  });
});

/** A Storage over a Map. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    storage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    } as unknown as Storage,
  };
}

describe('the failed-attempt store (session storage)', () => {
  const fingerprint = 'a'.repeat(64);

  it('keeps only the fingerprint and the failure time, and forgets them', () => {
    const { items, storage } = memoryStorage();
    const store = createFailedAttemptStore(() => storage);
    expect(store.read()).toBeNull();
    store.write({ fingerprint, failedAtMs: 1_000, cardNumber: '4111111111111111' } as never);
    expect(JSON.parse(items.get(FAILED_ATTEMPT_STORAGE_KEY)!)).toEqual({ fingerprint, failedAtMs: 1_000 });
    expect(store.read()).toEqual({ fingerprint, failedAtMs: 1_000 });
    store.clear();
    expect(store.read()).toBeNull();
  });

  it('reads anything else as no record, and a browser that refuses storage as none', () => {
    expect(parseFailedAttempt('not json')).toBeNull();
    expect(parseFailedAttempt(JSON.stringify({ fingerprint: '4111111111111111x', failedAtMs: 1 }))).toBeNull();
    expect(parseFailedAttempt(JSON.stringify({ fingerprint, failedAtMs: 'soon' }))).toBeNull();
    const refusing = createFailedAttemptStore(() => {
      throw new Error('SecurityError');
    });
    expect(refusing.read()).toBeNull();
    expect(() => refusing.write({ fingerprint, failedAtMs: 1 } as never)).not.toThrow();
  });
});

describe('the contract in a new window', () => {
  function fakeTab() {
    return { opener: {} as unknown, close: vi.fn(), location: { replace: vi.fn() } };
  }

  it('opens the window at once, without an opener, then sends it to the link', async () => {
    const tab = fakeTab();
    const open = vi.fn(() => tab as unknown as Window);
    const getLink = vi.fn(async () => ({ link: 'https://esign.demo.test/contract/1' }));
    await expect(createContractOpener(getLink, open)()).resolves.toBe('opened');
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();
    expect(tab.location.replace).toHaveBeenCalledWith('https://esign.demo.test/contract/1');
  });

  it("closes the window and answers 'not-found' without a link; closes it when the call fails", async () => {
    const tab = fakeTab();
    await expect(createContractOpener(async () => ({ link: null }), () => tab as unknown as Window)()).resolves.toBe('not-found');
    expect(tab.close).toHaveBeenCalled();
    const failing = fakeTab();
    await expect(
      createContractOpener(
        async () => Promise.reject(new Error('offline')),
        () => failing as unknown as Window,
      )(),
    ).rejects.toThrow('offline');
    expect(failing.close).toHaveBeenCalled();
  });
});
