import { actorFromClaims, type Actor } from '../../src/domain/permissions';
import { actorSamples, defineMachineEntry, sampleEvents } from '../registry';
import { debtsMachine, type DebtsActorSignatures, type DebtsInput, type GoodStandingAccounts } from './debts.machine';

// The debts page's registry entry, listed in machines/index.ts. Sample events carry real payloads;
// `xstate.done.actor.<id>` / `xstate.error.actor.<id>` stand for an invoked actor's result.

export const SAMPLE_DEBTS_CUSTOMER: Actor = actorFromClaims({});
/** A coach without client actions: refused before any call. */
export const SAMPLE_DEBTS_COACH: Actor = actorFromClaims({ isAgent: true });

export const SAMPLE_DEBTS_INPUT: DebtsInput = { actor: SAMPLE_DEBTS_CUSTOMER, today: '2026-11-26' };

/** What getGoodStandingAccounts answers for a customer with a card, a store card and a car loan. */
export const SAMPLE_GOOD_STANDING: GoodStandingAccounts = {
  creditDisplayId: 'display-7f3a',
  accounts: [
    { id: 'acct-visa', name: 'Capital Harbor Visa', balance: 4_820, apr: 24.99, monthlyPayment: 145, show: true },
    { id: 'acct-store', name: 'Northgate Store Card', balance: 640, apr: 26.99, monthlyPayment: 35, show: true },
    { id: 'acct-auto', name: 'Mesa Auto Finance', balance: 11_350, apr: 6.99, monthlyPayment: 389, show: true },
  ],
  additionalMonthlyDebtPayment: 0,
};

const debtsEvent = sampleEvents<typeof debtsMachine>();
const debtsActors = actorSamples<DebtsActorSignatures>();

export const debtsEntry = defineMachineEntry({
  id: 'debts',
  title: 'Debts and payoff plan',
  purpose:
    'The debts page: each account shows or hides at once (moving back when the save fails), and an extra monthly payment is checked and saved; the payoff plan follows both.',
  machine: debtsMachine,
  testModel: {
    input: SAMPLE_DEBTS_INPUT,
    events: {
      'debt.toggle': [
        // The store card hidden, then shown again.
        debtsEvent({ type: 'debt.toggle', id: 'acct-store', show: false }),
        debtsEvent({ type: 'debt.toggle', id: 'acct-store', show: true }),
      ],
      'extra.change': [
        debtsEvent({ type: 'extra.change', value: '150' }),
        // Refused with its message: nothing is saved.
        debtsEvent({ type: 'extra.change', value: '-20' }),
      ],
      'extra.submit': [debtsEvent({ type: 'extra.submit' })],
      'load.retry': [debtsEvent({ type: 'load.retry' })],
      'xstate.done.actor.loadDebts': [debtsActors.done('loadDebts', SAMPLE_GOOD_STANDING)],
      'xstate.error.actor.loadDebts': [debtsActors.fail('loadDebts', 'not-found', 'debts.errors.no-report')],
      'xstate.done.actor.saveShow': [debtsActors.done('saveShow')],
      'xstate.error.actor.saveShow': [debtsActors.fail('saveShow', 'unavailable')],
      'xstate.done.actor.saveExtraPayment': [debtsActors.done('saveExtraPayment', 150)],
      'xstate.error.actor.saveExtraPayment': [debtsActors.fail('saveExtraPayment', 'unavailable')],
    },
    stateKey: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        shown: snapshot.context.accounts.map((account) => account.show),
        pendingShow: snapshot.context.pendingShow,
        extra: snapshot.context.extra,
        extraDraft: snapshot.context.extraDraft,
        extraError: snapshot.context.extraError,
      }),
  },
});
