// Whom the public callables' budgets count (functions/src/callable/callerAddress.ts, callableOptions.ts, rateLimit.ts): the
// address Google's front end appended to X-Forwarded-For, read from the right past our own proxies, never an entry
// the caller wrote; in the emulator the socket only. And which budgets a call is counted against.
import { describe, expect, it, vi } from 'vitest';
import { addressRule, callableOptions, isReplayedAppCheckToken, maxInstancesOf, requestAddress } from '../../functions/src/callable/callableOptions';
import { callerAddress, LOCAL_CALLER, parseCidr, parseCidrList } from '../../functions/src/callable/callerAddress';
import { budgetKeys, PER_USER_RATE_LIMITS, PUBLIC_RATE_LIMITS, PUBLIC_TARGET_RATE_LIMITS, publicBudgets, userBudgets } from '../../functions/src/callable/rateLimit';
import { callables, callableNames } from '../../src/contract/callables';

vi.hoisted(() => {
  // rateLimit.ts reads the project when it loads: the emulators' demo project.
  process.env.GCLOUD_PROJECT ??= 'demo-credit-readiness';
});

const DEPLOYED = addressRule({ production: true, emulator: false }, undefined);
const EMULATOR = addressRule({ production: false, emulator: true }, undefined);
/** Cloud Run's hop to the container: link-local. */
const FRONT_END_SOCKET = '169.254.8.129';

function deployed(forwardedFor: string | string[] | undefined, socketAddress: string | undefined = FRONT_END_SOCKET) {
  return callerAddress({ forwardedFor, socketAddress }, DEPLOYED);
}

describe('the caller address behind Google front end', () => {
  it('is the entry the front end appended, whatever the caller wrote before it', () => {
    expect(deployed('203.0.113.7')).toBe('203.0.113.7');
    expect(deployed('1.1.1.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(deployed('9.9.9.9, 8.8.8.8, 203.0.113.7')).toBe('203.0.113.7');
  });

  it('gives a caller who rotates the header the same key every time', () => {
    const keys = ['10.0.0.1', '198.51.100.1, 198.51.100.2', 'garbage', '127.0.0.1', '35.191.0.1'].map((sent) => deployed(`${sent}, 203.0.113.7`));
    expect(new Set(keys)).toEqual(new Set(['203.0.113.7']));
  });

  it('skips our own proxies from the right: a load balancer in the trusted ranges, and the configured ones', () => {
    expect(deployed('6.6.6.6, 203.0.113.7, 130.211.0.9')).toBe('203.0.113.7');
    const withBalancer = addressRule({ production: true, emulator: false }, '34.120.1.1/32, 2001:db8:ffff::/48');
    expect(callerAddress({ forwardedFor: '6.6.6.6, 203.0.113.7, 34.120.1.1', socketAddress: FRONT_END_SOCKET }, withBalancer)).toBe('203.0.113.7');
    expect(callerAddress({ forwardedFor: '6.6.6.6, 203.0.113.7, 2001:db8:ffff::1', socketAddress: undefined }, withBalancer)).toBe('203.0.113.7');
    // Without that setting the balancer's address would be the caller: the whole site one bucket, never the caller's choice.
    expect(deployed('6.6.6.6, 203.0.113.7, 34.120.1.1')).toBe('34.120.1.1');
  });

  it('reads a header sent as several lines like one list', () => {
    expect(deployed(['1.1.1.1', '203.0.113.7'])).toBe('203.0.113.7');
  });

  it('counts an IPv6 caller by its /64, so the addresses of one subscriber share a budget', () => {
    expect(deployed('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(deployed('1.1.1.1, 2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(deployed('[2001:DB8:1:2::9]:443')).toBe('2001:db8:1:2::/64');
    expect(deployed('2001:db8:1:3::1')).not.toBe(deployed('2001:db8:1:2::1'));
  });

  it('reads IPv4 with a port and IPv4-mapped IPv6 as the plain address', () => {
    expect(deployed('203.0.113.7:51234')).toBe('203.0.113.7');
    expect(deployed('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('falls back to the socket when no header came, and to the farthest hop when every hop is ours', () => {
    expect(deployed(undefined, '203.0.113.9')).toBe('203.0.113.9');
    expect(deployed('130.211.0.1', '127.0.0.1')).toBe('130.211.0.1');
  });

  it('keeps an appended entry that is not an address as written, never reading past it', () => {
    expect(deployed('203.0.113.7, unknown')).toBe('unparsed:unknown');
  });
});

describe('the caller address in the emulator', () => {
  it('ignores the header, which nothing appends to there', () => {
    const keys = ['1.1.1.1', '2.2.2.2, 3.3.3.3', undefined].map((forwardedFor) => callerAddress({ forwardedFor, socketAddress: undefined }, EMULATOR));
    expect(new Set(keys)).toEqual(new Set([LOCAL_CALLER]));
    expect(callerAddress({ forwardedFor: '1.1.1.1', socketAddress: '192.0.2.4' }, EMULATOR)).toBe('192.0.2.4');
  });

  it('reads the header and socket of a raw request', () => {
    const request = { headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' }, socket: { remoteAddress: FRONT_END_SOCKET } };
    expect(requestAddress(request, DEPLOYED)).toBe('203.0.113.7');
    expect(requestAddress(request, EMULATOR)).toBe('169.254.8.129');
    expect(requestAddress({ headers: {}, socket: undefined }, EMULATOR)).toBe(LOCAL_CALLER);
  });
});

describe('address ranges', () => {
  it('parses ranges and refuses a typo rather than trusting the world', () => {
    expect(parseCidr('10.1.2.3/8')).toEqual({ family: 4, network: 10n << 24n, prefixLength: 8 });
    expect(parseCidrList(' 10.0.0.0/8 ,, 2001:db8::/32 ')).toHaveLength(2);
    expect(parseCidrList(undefined)).toEqual([]);
    for (const typo of ['10.0.0/8', '10.0.0.0/33', 'localhost', '10.0.0.0/x']) expect(() => parseCidr(typo)).toThrow(/not an address range/);
  });
});

describe('App Check on the callables', () => {
  const production = { production: true, emulator: false };
  const emulator = { production: false, emulator: true };

  it('is required in production and not on the emulators', () => {
    expect(callableOptions(production, 'getUserInfo')).toEqual({ region: 'us-west4', enforceAppCheck: true, consumeAppCheckToken: false, maxInstances: 40 });
    expect(callableOptions(emulator, 'getUserInfo').enforceAppCheck).toBe(false);
  });

  it('spends the token of a public call that sends mail or creates records, in production only', () => {
    for (const name of ['signUp', 'signUpWithProvider', 'resetPasswordByEmail', 'createContactRequest']) {
      expect([name, callableOptions(production, name).consumeAppCheckToken]).toEqual([name, true]);
      expect([name, callableOptions(emulator, name).consumeAppCheckToken]).toEqual([name, false]);
    }
    expect(callableOptions(production, 'checkSignInFailureReason').consumeAppCheckToken).toBe(false);
  });

  it('refuses a spent token only where tokens are spent', () => {
    const spending = callableOptions(production, 'signUp');
    expect(isReplayedAppCheckToken(spending, { alreadyConsumed: true })).toBe(true);
    expect(isReplayedAppCheckToken(spending, { alreadyConsumed: false })).toBe(false);
    expect(isReplayedAppCheckToken(spending, undefined)).toBe(false);
    expect(isReplayedAppCheckToken(callableOptions(production, 'getUserInfo'), { alreadyConsumed: true })).toBe(false);
  });

  it('caps every callable at 40 instances unless the deployment sets another whole number', () => {
    expect(callableOptions(production, 'getUserInfo', '120').maxInstances).toBe(120);
    for (const setting of [undefined, '', ' ', '0', '-3', '2.5', 'many']) expect([setting, maxInstancesOf(setting)]).toEqual([setting, 40]);
  });
});

describe('the budgets a call is counted against', () => {
  it('gives every public callable a budget per address, and every signed-in one a decision per account', () => {
    const publicNames = callableNames.filter((name) => callables[name].access === 'public').sort();
    expect(Object.keys(PUBLIC_RATE_LIMITS).sort()).toEqual(publicNames);
    expect(Object.keys(PER_USER_RATE_LIMITS).sort()).toEqual(callableNames.filter((name) => callables[name].access === 'signedIn').sort());
  });

  it('counts the mail and lead lookups per target as well as per address', () => {
    expect(Object.fromEntries(Object.entries(PUBLIC_TARGET_RATE_LIMITS).map(([name, budget]) => [name, budget.target]))).toEqual({
      signUp: 'email',
      createContactRequest: 'email',
      getContactAnonymously: 'contact',
      getContractLinkAnonymously: 'contact',
      createSalesforceToken: 'contact',
    });
    const budgets = publicBudgets('signUp', '203.0.113.7', { email: 'ana@example.com', password: 'Sign-Up-Pass-1!' });
    expect(budgets.map((budget) => [budget.key, budget.label])).toEqual([
      ['signUp:address:203.0.113.7', 'signUp'],
      ['signUp:email:ana@example.com', 'signUp:email'],
    ]);
    // Another address, the same inbox: the same email budget.
    expect(publicBudgets('signUp', '198.51.100.1', { email: 'ana@example.com', password: 'x' })[1]?.key).toBe(budgets[1]?.key);
    expect(publicBudgets('getContactAnonymously', 'loopback', { contactId: '003A' }).map((budget) => budget.key)).toEqual([
      'getContactAnonymously:address:loopback',
      'getContactAnonymously:contact:003A',
    ]);
    expect(publicBudgets('reportError', 'loopback', [{ message: 'x' }])).toHaveLength(1);
  });

  it('counts writes per account and leaves reads alone', () => {
    expect(userBudgets('createDocumentUpload', 'uid-1')).toEqual([
      { key: 'createDocumentUpload:user:uid-1', limit: PER_USER_RATE_LIMITS.createDocumentUpload, label: 'createDocumentUpload:user' },
    ]);
    expect(PER_USER_RATE_LIMITS.calculateReadinessScore).not.toBeNull();
    expect(PER_USER_RATE_LIMITS.getCreditDisplayTokens).not.toBeNull();
    expect(userBudgets('getCreditReport', 'uid-1')).toEqual([]);
  });

  it('keeps a requester budget per account for reset mails apart from the account budget', () => {
    expect(budgetKeys.resetMailOfRequester('uid-1', '203.0.113.7')).not.toBe(budgetKeys.resetMailOfRequester('uid-1', '198.51.100.1'));
    expect(budgetKeys.resetMailOfRequester('uid-1', '203.0.113.7')).not.toBe(budgetKeys.resetMailOfAccount('uid-1'));
  });
});
