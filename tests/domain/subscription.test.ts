import { describe, expect, it } from 'vitest';
import { ACCEPTABLE_SUBSCRIPTION_STATUSES, SUBSCRIPTION_STATUSES, isAcceptableSubscriptionStatus, mayActOnDisputes, passesSubscriptionGate } from '../../src/domain/subscription';

const now = new Date('2025-06-15T12:00:00Z');
const customer = { isAgent: false, hasDegradedAccess: false, now };

describe('subscription gate', () => {
  it('lets customers with an acceptable status through', () => {
    for (const status of ['Active', 'Current', 'Unknown', 'UNKNOWN', 'Pending Onboarding', 'Pending']) {
      expect(passesSubscriptionGate({ ...customer, status })).toBe(true);
    }
  });

  it('stops customers with any other status', () => {
    for (const status of ['Completed', 'Suspended', 'Non-Current', 'Inactive']) {
      expect(passesSubscriptionGate({ ...customer, status })).toBe(false);
    }
  });

  it('counts a missing status as Unknown', () => {
    expect(passesSubscriptionGate({ ...customer, status: undefined })).toBe(true);
    expect(passesSubscriptionGate({ ...customer, status: null })).toBe(true);
    expect(isAcceptableSubscriptionStatus('')).toBe(true);
  });

  it('lets agents through whatever the status', () => {
    expect(passesSubscriptionGate({ ...customer, isAgent: true, status: 'Suspended' })).toBe(true);
  });

  it('lets users with unexpired degraded access through', () => {
    const degraded = { ...customer, status: 'Suspended', hasDegradedAccess: true };
    expect(passesSubscriptionGate({ ...degraded, degradedAccessExpiration: new Date('2025-06-16T00:00:00Z') })).toBe(
      true,
    );
    expect(passesSubscriptionGate(degraded)).toBe(true);
  });

  it('stops users whose degraded access has expired', () => {
    const degraded = { ...customer, status: 'Suspended', hasDegradedAccess: true };
    expect(passesSubscriptionGate({ ...degraded, degradedAccessExpiration: new Date('2025-06-14T00:00:00Z') })).toBe(
      false,
    );
    expect(passesSubscriptionGate({ ...degraded, degradedAccessExpiration: now })).toBe(false);
  });

  it('knows every status the spec lists and accepts a subset plus Unknown', () => {
    expect(SUBSCRIPTION_STATUSES).toHaveLength(9);
    const known = new Set<string>([...SUBSCRIPTION_STATUSES, 'Unknown']);
    expect(ACCEPTABLE_SUBSCRIPTION_STATUSES.every((s) => known.has(s))).toBe(true);
  });
});

describe("disputes are premium: 'premium only' when starting or submitting (spec 001 §6)", () => {
  it('lets a customer with an acceptable status act, a missing status counting as Unknown', () => {
    for (const status of [...ACCEPTABLE_SUBSCRIPTION_STATUSES, null, undefined]) {
      expect(mayActOnDisputes({ status, isAgent: false })).toBe(true);
    }
  });

  it('refuses a customer outside the acceptable set, whom degraded access lets past the gate', () => {
    for (const status of ['Suspended', 'Non-Current', 'Inactive', 'Completed']) {
      expect(passesSubscriptionGate({ ...customer, status, hasDegradedAccess: true, degradedAccessExpiration: null })).toBe(true);
      expect(mayActOnDisputes({ status, isAgent: false })).toBe(false);
    }
  });

  it('leaves agents to their own rule (allowClientActions)', () => {
    expect(mayActOnDisputes({ status: 'Suspended', isAgent: true })).toBe(true);
  });
});
