import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { guardChainMachine } from '../../../machines/shell/guardChain.machine';
import { machineEntry } from '../../../machines/index';
import { ONBOARDED_SAMPLE_FACTS } from '../../../machines/shell/entries';
import { decideGuardChain, type GuardFacts } from '../../../src/domain/guardChain';
import { inspect } from '../../../src/inspect';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('guardChain');
if (!entry) throw new Error('guardChain is not registered');
runModelPaths(entry);

const NOW = new Date('2026-11-02T12:00:00Z');

/** A verified, fully onboarded premium customer. */
const onboarded = ONBOARDED_SAMPLE_FACTS;

const decide = (facts: Partial<GuardFacts>, path: string) => decideGuardChain({ ...onboarded, ...facts }, path, NOW);
const redirect = (gate: string, redirectTo: string) => ({ kind: 'redirect', gate, redirectTo });
const allow = { kind: 'allow' };

describe('guard chain decision (spec 000 §2.3)', () => {
  describe('gate 1: signed in', () => {
    it('sends signed-out visitors to sign-in, keeping the page they asked for', () => {
      expect(decide({ signedIn: false }, '/credit/report?tab=2')).toEqual(
        redirect('signIn', '/sign-in?redirectTo=%2Fcredit%2Freport%3Ftab%3D2'),
      );
    });

    it('does not keep home as a redirect-back path', () => {
      expect(decide({ signedIn: false }, '/')).toEqual(redirect('signIn', '/sign-in'));
    });

    it('lets signed-out visitors open sign-in and sign-up', () => {
      expect(decide({ signedIn: false }, '/sign-in')).toEqual(allow);
      expect(decide({ signedIn: false }, '/sign-in?redirectTo=%2Fcredit')).toEqual(allow);
      expect(decide({ signedIn: false }, '/sign-up')).toEqual(allow);
    });

    it("lets signed-out visitors open the sign-in page's welcome modal and forgot-password dialog by their addresses (spec 002 §2)", () => {
      for (const path of ['/sign-in/reset-password', '/sign-in/welcome/migration', '/v1-sign-in/reset-password', '/v1-sign-in/welcome/newViaApi']) {
        expect(decide({ signedIn: false }, path)).toEqual(allow);
        expect(decide({}, path)).toEqual(redirect('signedOutOnly', '/'));
      }
    });

    it('leaves the account action handler, agent sign-in, quick sign-up and contact pages to anyone', () => {
      for (const path of ['/handle?mode=resetPassword', '/handle/reset-password', '/agent', '/agent/x', '/quick-sign-up/abc', '/contact']) {
        expect(decide({ signedIn: false }, path)).toEqual(allow);
        expect(decide({ emailVerified: false, contractSigned: false }, path)).toEqual(allow);
      }
    });
  });

  describe('signed-in users on sign-in or sign-up (spec 000 §2.2)', () => {
    it('go home', () => {
      expect(decide({}, '/sign-in')).toEqual(redirect('signedOutOnly', '/'));
      expect(decide({}, '/sign-up')).toEqual(redirect('signedOutOnly', '/'));
      expect(decide({}, '/v1-sign-in')).toEqual(redirect('signedOutOnly', '/'));
    });

    it('go to the redirectTo path when it is inside the app', () => {
      expect(decide({}, '/sign-in?redirectTo=%2Fcredit%2Freport%3Ftab%3D2')).toEqual(
        redirect('signedOutOnly', '/credit/report?tab=2'),
      );
    });

    it('never go to another site', () => {
      for (const target of ['https://evil.example', '//evil.example', '/%2F%2Fevil.example', '/\\evil.example']) {
        expect(decide({}, `/sign-in?redirectTo=${encodeURIComponent(target)}`)).toEqual(redirect('signedOutOnly', '/'));
      }
    });

    it('are not sent away from the sign-up onboarding steps', () => {
      expect(decide({ contractSigned: false }, '/sign-up/contract')).toEqual(allow);
    });
  });

  describe('gate 1: email verified', () => {
    it('sends unverified users to /not-verified, keeping the page', () => {
      expect(decide({ emailVerified: false }, '/documents/all')).toEqual(
        redirect('emailVerified', '/not-verified?redirectTo=%2Fdocuments%2Fall'),
      );
    });

    it('lets unverified users stay on /not-verified', () => {
      expect(decide({ emailVerified: false }, '/not-verified')).toEqual(allow);
    });

    it('exempts CRM sessions', () => {
      expect(decide({ emailVerified: false, isCrmSession: true }, '/documents/all')).toEqual(allow);
    });
  });

  describe('gate 2: subscription (spec 001 §6)', () => {
    it('sends customers outside the acceptable statuses to /update-payment', () => {
      for (const status of ['Suspended', 'Non-Current', 'Inactive', 'Completed']) {
        expect(decide({ subscriptionStatus: status }, '/credit')).toEqual(
          redirect('subscription', '/update-payment?redirectTo=%2Fcredit'),
        );
      }
    });

    it('lets the acceptable statuses through, a missing status too', () => {
      for (const status of ['Active', 'Current', 'Unknown', 'Pending Onboarding', 'Pending', null]) {
        expect(decide({ subscriptionStatus: status }, '/credit')).toEqual(allow);
      }
    });

    it('lets agents and users with degraded access through', () => {
      expect(decide({ subscriptionStatus: 'Suspended', isAgent: true }, '/credit')).toEqual(allow);
      expect(decide({ subscriptionStatus: 'Suspended', hasDegradedAccess: true }, '/credit')).toEqual(allow);
      expect(
        decide({ subscriptionStatus: 'Suspended', hasDegradedAccess: true, degradedAccessExpiration: new Date('2026-12-01') }, '/credit'),
      ).toEqual(allow);
    });

    it('stops degraded access once it has expired', () => {
      expect(
        decide({ subscriptionStatus: 'Suspended', hasDegradedAccess: true, degradedAccessExpiration: new Date('2026-11-01') }, '/credit'),
      ).toEqual(redirect('subscription', '/update-payment?redirectTo=%2Fcredit'));
    });

    it('lets the customer use /update-payment', () => {
      expect(decide({ subscriptionStatus: 'Suspended' }, '/update-payment')).toEqual(allow);
    });
  });

  describe('gates 3 to 6: contract, authorizations, goal, intake', () => {
    it('sends a customer without a signed contract to /sign-up/contract', () => {
      expect(decide({ contractSigned: false }, '/money')).toEqual(redirect('contract', '/sign-up/contract?redirectTo=%2Fmoney'));
    });

    it('lets the contract-complete page poll for the signed contract', () => {
      expect(decide({ contractSigned: false }, '/sign-up/contract-complete')).toEqual(allow);
    });

    it('sends to /sign-up/authorizations, then /sign-up/select-goal, then the first intake step', () => {
      expect(decide({ authorizationsAccepted: false }, '/money')).toEqual(
        redirect('authorizations', '/sign-up/authorizations?redirectTo=%2Fmoney'),
      );
      expect(decide({ hasGoal: false }, '/money')).toEqual(redirect('goal', '/sign-up/select-goal?redirectTo=%2Fmoney'));
      expect(decide({ firstIncompleteIntakeStep: 'income' }, '/money')).toEqual(
        redirect('intake', '/intake/income?redirectTo=%2Fmoney'),
      );
    });

    it('lets the customer move between intake steps', () => {
      expect(decide({ firstIncompleteIntakeStep: 'income' }, '/intake/income')).toEqual(allow);
      expect(decide({ firstIncompleteIntakeStep: 'income' }, '/intake/housing')).toEqual(allow);
    });

    it('keeps the page first asked for from one gate page to the next', () => {
      expect(decide({ authorizationsAccepted: false }, '/sign-up/contract?redirectTo=%2Fcredit')).toEqual(
        redirect('authorizations', '/sign-up/authorizations?redirectTo=%2Fcredit'),
      );
    });

    it('sends the customer on to that page once every gate passes', () => {
      expect(decide({}, '/intake/income?redirectTo=%2Fcredit')).toEqual(redirect('onboardingComplete', '/credit'));
      expect(decide({}, '/sign-up/select-goal')).toEqual(redirect('onboardingComplete', '/'));
      expect(decide({}, '/not-verified')).toEqual(redirect('onboardingComplete', '/'));
    });
  });

  describe('gate order', () => {
    const nothingDone: Partial<GuardFacts> = {
      emailVerified: false,
      subscriptionStatus: 'Suspended',
      contractSigned: false,
      authorizationsAccepted: false,
      hasGoal: false,
      firstIncompleteIntakeStep: 'income',
      productLine: 'Freemium',
    };

    it('reports the first failing gate, in the order of spec 000 §2.3', () => {
      const order: Array<[Partial<GuardFacts>, string]> = [
        [{}, 'emailVerified'],
        [{ emailVerified: true }, 'subscription'],
        [{ emailVerified: true, subscriptionStatus: 'Active' }, 'contract'],
        [{ emailVerified: true, subscriptionStatus: 'Active', contractSigned: true }, 'authorizations'],
        [{ emailVerified: true, subscriptionStatus: 'Active', contractSigned: true, authorizationsAccepted: true }, 'goal'],
        [
          { emailVerified: true, subscriptionStatus: 'Active', contractSigned: true, authorizationsAccepted: true, hasGoal: true },
          'intake',
        ],
        [
          {
            emailVerified: true,
            subscriptionStatus: 'Active',
            contractSigned: true,
            authorizationsAccepted: true,
            hasGoal: true,
            firstIncompleteIntakeStep: null,
          },
          'access',
        ],
      ];
      for (const [progress, gate] of order) {
        const decision = decide({ ...nothingDone, ...progress }, '/money');
        expect(decision.kind === 'redirect' ? decision.gate : 'allow').toBe(gate);
      }
    });
  });

  describe('gate 7: access by product line and claims (spec 000 §6)', () => {
    it('keeps the free line out of the money pages', () => {
      for (const path of ['/money', '/money/debts']) {
        expect(decide({ productLine: 'Freemium' }, path)).toEqual(redirect('access', '/'));
      }
    });

    it('lets the free line use home, documents, learning, support and settings, and open the credit and identity pages (their upgrade banner)', () => {
      for (const path of ['/', '/documents/all', '/learning-center', '/support', '/settings/loan-goal', '/credit', '/credit/report', '/identity/alerts']) {
        expect(decide({ productLine: 'Freemium' }, path)).toEqual(allow);
      }
    });

    it('lets every other product line into the credit area', () => {
      for (const productLine of ['Primary', 'Digital Experience (UQ)', 'VIP Package', null]) {
        expect(decide({ productLine }, '/credit/report')).toEqual(allow);
      }
    });

    it('keeps a partner signed in as themselves out of the customer-record areas, and lets them use the rest', () => {
      const partner: Partial<GuardFacts> = { claims: { role: 'partner' } };
      for (const path of ['/credit/report', '/money', '/documents/all', '/identity']) {
        expect(decide(partner, path)).toEqual(redirect('access', '/'));
      }
      for (const path of ['/', '/learning-center', '/support', '/settings/security']) {
        expect(decide(partner, path)).toEqual(allow);
      }
    });

    it("lets an agent and a CRM session into the customer's areas, whatever the agent's own role", () => {
      const coach: Partial<GuardFacts> = { isAgent: true, claims: { role: 'coach', isAgent: true } };
      const crm: Partial<GuardFacts> = { isAgent: true, isCrmSession: true, claims: { role: 'customer', isAgent: true, isSalesforceSession: true } };
      for (const facts of [coach, crm]) {
        for (const path of ['/credit/report', '/money', '/documents/all', '/identity']) {
          expect(decide(facts, path)).toEqual(allow);
        }
      }
    });
  });
});

describe('guard chain machine', () => {
  function start(path = '/credit') {
    const actor = createActor(guardChainMachine, { input: { path }, inspect });
    actor.start();
    return actor;
  }

  it('waits for the facts, loading, whatever the route does meanwhile', () => {
    const actor = start();
    actor.send({ type: 'route.changed', path: '/money' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.decision).toBeNull();
  });

  it('decides for the current route once the facts arrive', () => {
    const actor = start();
    actor.send({ type: 'route.changed', path: '/money' });
    actor.send({ type: 'facts.changed', facts: { ...onboarded, contractSigned: false } });
    expect(actor.getSnapshot().hasTag('redirect')).toBe(true);
    expect(actor.getSnapshot().context.decision).toEqual(redirect('contract', '/sign-up/contract?redirectTo=%2Fmoney'));
  });

  it('decides again when the route changes and when the facts change', () => {
    const actor = start();
    actor.send({ type: 'facts.changed', facts: { ...onboarded, contractSigned: false } });
    actor.send({ type: 'route.changed', path: '/sign-up/contract?redirectTo=%2Fcredit' });
    expect(actor.getSnapshot().hasTag('allowed')).toBe(true);
    actor.send({ type: 'facts.changed', facts: onboarded });
    expect(actor.getSnapshot().context.decision).toEqual(redirect('onboardingComplete', '/credit'));
    actor.send({ type: 'route.changed', path: '/credit' });
    expect(actor.getSnapshot().hasTag('allowed')).toBe(true);
  });

  it('marks an area outside the product line as not permitted', () => {
    const actor = start('/money');
    actor.send({ type: 'facts.changed', facts: { ...onboarded, productLine: 'Freemium' } });
    expect(actor.getSnapshot().hasTag('notPermitted')).toBe(true);
    expect(actor.getSnapshot().context.decision).toEqual(redirect('access', '/'));
  });

  it('marks a customer area as not permitted for claims without a customer account, and allows it once the claims name one', () => {
    const actor = start('/documents/all');
    actor.send({ type: 'facts.changed', facts: { ...onboarded, claims: { role: 'partner' } } });
    expect(actor.getSnapshot().hasTag('notPermitted')).toBe(true);
    expect(actor.getSnapshot().context.decision).toEqual(redirect('access', '/'));
    actor.send({ type: 'route.changed', path: '/learning-center' });
    expect(actor.getSnapshot().hasTag('allowed')).toBe(true);
    actor.send({ type: 'route.changed', path: '/documents/all' });
    actor.send({ type: 'facts.changed', facts: { ...onboarded, isAgent: true, claims: { role: 'partner', isAgent: true } } });
    expect(actor.getSnapshot().hasTag('allowed')).toBe(true);
  });
});

describe('guard chain when a fact cannot be read', () => {
  it('decides nothing and shows an error instead of sending the customer to an earlier step, then asks for the facts again on retry', () => {
    const actor = createActor(guardChainMachine, { input: { path: '/intake/3' }, inspect }).start();
    const refetches: string[] = [];
    actor.on('facts.refetch', (event) => refetches.push(event.type));
    actor.send({ type: 'facts.failed' });
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.decision).toBeNull();
    actor.send({ type: 'route.changed', path: '/credit' });
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    actor.send({ type: 'facts.retry' });
    expect(refetches).toEqual(['facts.refetch']);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    actor.send({ type: 'facts.changed', facts: onboarded });
    expect(actor.getSnapshot().hasTag('allowed')).toBe(true);
    expect(actor.getSnapshot().context.path).toBe('/credit');
  });
});
