import { describe, expect, it } from 'vitest';
import { parseUserDocument } from '../../src/adapters/firebase/userDocument';

describe('the user document as the app reads it', () => {
  it('reads a new account that has never stored a last sign-in', () => {
    const user = parseUserDocument('u-1', { siteId: 'APP', tenantId: 'customer', email: 'new@demo.test' });
    expect(user.lastSignIn).toBeNull();
    expect(user.email).toBe('new@demo.test');
    expect(user.setupComplete).toBe(false);
  });

  it('turns stored times into dates', () => {
    const user = parseUserDocument('u-1', { lastSignIn: '2026-01-15T15:00:00.000Z', customer: { agreedToPIIAt: 1_700_000_000_000 } });
    expect(user.lastSignIn).toEqual(new Date('2026-01-15T15:00:00.000Z'));
    expect(user.authorizationsAcceptedAt).toEqual(new Date(1_700_000_000_000));
  });

  it('keeps the rest of the document when one field is malformed', () => {
    const user = parseUserDocument('u-1', { firstName: 42, lastName: 'Lopez', customer: { productLine: 'Freemium' } });
    expect(user.firstName).toBeNull();
    expect(user.lastName).toBe('Lopez');
    expect(user.productLine).toBe('Freemium');
  });

  it('reads the test state (users/{uid}.testPlan), and a malformed one as none', () => {
    expect(parseUserDocument('u-1', { testPlan: { testPlanId: 'plan', currentStep: 2, stepStatus: 'in-progress', stepStartedAtMs: 5 } }).testPlan).toEqual({
      testPlanId: 'plan',
      currentStep: 2,
      stepStatus: 'in-progress',
      error: null,
      stepStartedAtMs: 5,
    });
    expect(parseUserDocument('u-1', { testPlan: { testPlanId: 'plan', currentStep: -1, stepStatus: 'idle' } }).testPlan).toBeNull();
    expect(parseUserDocument('u-1', {}).testPlan).toBeNull();
  });
});
