import { describe, expect, it } from 'vitest';
import { machineEntry } from '../../machines/index';
import { DOMAIN_EVENTS, domainEventsOf, isSafeProperty, safeProperties } from '../../src/domain/analytics';

describe('the analytics catalogue (spec 002 §7)', () => {
  it('names, for every domain event, a state that its registered machine has', () => {
    const missing = DOMAIN_EVENTS.filter(({ machine, state }) => {
      const entry = machineEntry(machine);
      if (!entry) return true;
      try {
        entry.machine.getStateNodeById(`${machine}.${state}`);
        return false;
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
  });

  it("reads a machine's step as its domain events", () => {
    expect(domainEventsOf('signIn', ['signIn.signedIn'])).toEqual(['sign_in']);
    expect(domainEventsOf('disputeWizard', ['disputeWizard.submitted'])).toEqual(['disputes_submitted']);
    expect(domainEventsOf('signIn', ['signIn.failed'])).toEqual([]);
    // Another machine's state of the same name is not the event.
    expect(domainEventsOf('signUp', ['signIn.signedIn'])).toEqual([]);
  });

  it('keeps names, counts and flags, and drops what could be personal data', () => {
    expect(safeProperties({ control: 'hub.action-open', count: 3, helpful: true, goal: 'mortgage_loan' })).toEqual({
      control: 'hub.action-open',
      count: 3,
      helpful: true,
      goal: 'mortgage_loan',
    });
    expect(
      safeProperties({ email: 'pat.doe@example.com', phone: '(702) 555-0199', ssn: '123-45-6789', card: '4111 1111 1111 1111', ok: 'yes', year: '2024' }),
    ).toEqual({ ok: 'yes', year: '2024' });
    expect(isSafeProperty(Number.NaN)).toBe(false);
    expect(isSafeProperty('x'.repeat(101))).toBe(false);
    expect(safeProperties({ 'Bad Name': 'x', nested: { a: 1 } })).toEqual({});
  });
});
