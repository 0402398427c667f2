import { fromPromise, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineEntry } from '../../../machines/index';
import { intakeMachine, intakeSelectors } from '../../../machines/onboarding/intake.machine';
import { intakeDisputesSelectors } from '../../../machines/onboarding/intakeDisputes.machine';
import { SAMPLE_INTAKE_LOADS } from '../../../machines/onboarding/entries';
import type { IntakeLoadResult } from '../../../machines/onboarding/ports';
import type { IntakeSaveRequest } from '../../../src/domain/intake';
import { run, settle } from '../../support/machineTestKit';
import { INTAKE_REPORT_WAIT_MS } from '../../../src/domain/constants';
import { CUSTOMER, fakeIntakePorts, FREE_LINE_CUSTOMER, goal, loaded, recordIntakeEmitted, type FakeIntakeOptions } from '../../support/intakePorts';
import { runModelPaths, type SampleEvents } from '../../support/modelPaths';

const entry = machineEntry('intake');
if (!entry) throw new Error('intake is not registered');

/** The registry's events with the intake resumed at the Disputes step (where who the person is matters). */
const resumedAtDisputes = (registered: SampleEvents): SampleEvents => ({
  ...registered,
  'xstate.done.actor.loadIntake': [{ type: 'xstate.done.actor.loadIntake', output: SAMPLE_INTAKE_LOADS.resumedWellness } as EventObject],
});

/** A mortgage intake answered to its last step (its Disputes step put off before the wizard existed). */
const answeredMortgage: IntakeLoadResult = {
  goal: {
    id: 'goal-1',
    type: 'mortgage_loan',
    properties: { purchaseCity: 'Reno', purchaseState: 'NV', propertyType: 'single_family', loanType: 'conventional', purchasePrice: 320_000, currentSavings: 18_000 },
  },
  personalInfo: {
    id: 'personal-info-goal-1',
    propertyStatus: 'rent',
    annualIncome: 72_000,
    disputesReviewLater: true,
    employmentPayFrequency: 'biweekly',
    employmentStatus: 'employed_full_time',
    educationLevel: 'bachelors',
    veteranStatus: 'no',
    isAmericanCitizen: true,
  },
  bankOptOut: true,
  linkedAccountCount: 0,
};

runModelPaths(entry, { variants: [
  {
    // Entry at the last step with every answer stored: Next without changes, and pages revisited from the last
    // steps.
    name: 'a mortgage intake answered to its last step',
    input: { actor: { isAgent: false }, canSkipDisputes: false, productLine: 'Primary' },
    events: (registered) => ({
      ...registered,
      'xstate.done.actor.loadIntake': [{ type: 'xstate.done.actor.loadIntake', output: answeredMortgage } as EventObject],
      // The address arriving at the BankAccounts page (4) after Back from the last step.
      'route.changed': [...(registered['route.changed'] ?? []), { type: 'route.changed', path: '/intake/4', search: '' } as EventObject],
    }),
  },
  {
    name: 'an agent without allowClientActions',
    input: { actor: { isAgent: true, allowClientActions: false }, canSkipDisputes: false, productLine: 'Primary' },
    events: resumedAtDisputes,
  },
  {
    name: 'a customer with the can-skip-disputes flag',
    input: { actor: { isAgent: false }, canSkipDisputes: true, productLine: 'Primary' },
    events: resumedAtDisputes,
  },
] });

/** An intake over `start` with faked actors that record what they were asked. */
function intake(start: IntakeLoadResult, options: FakeIntakeOptions = {}, { followAddress = true } = {}) {
  const { machine, calls, report, setDisputes } = fakeIntakePorts(start, options);
  const running = run(machine, options.input ?? CUSTOMER);
  const { emitted, navigations } = recordIntakeEmitted(running.actor);
  // The route as useRouteMachine connects it: the address follows what the intake asks for and is told back.
  let address = '';
  const showAddress = (path: string) => {
    address = path;
    running.actor.send({ type: 'route.changed', path, search: '' });
  };
  running.actor.on('navigate', ({ to }) => {
    if (followAddress && to !== address) showAddress(to);
  });
  const { snapshot } = running;
  return {
    ...running,
    emitted,
    navigations,
    calls,
    report,
    setDisputes,
    page: () => snapshot().context.stepIndex + 1,
    step: () => {
      const { steps, stepIndex } = snapshot().context;
      return steps[stepIndex];
    },
    /** The address shows another page (typed, or the browser's back and forward buttons). */
    visit: (page: number) => showAddress(`/intake/${page}`),
    /** The Disputes step's machine, while the step shows. */
    disputes: () => {
      const step = intakeSelectors.disputes(snapshot());
      if (!step) throw new Error('the Disputes step does not show');
      return step;
    },
    /** The BankAccounts step's machine, while the step shows. */
    bank: () => {
      const step = intakeSelectors.bankAccounts(snapshot());
      if (!step) throw new Error('the BankAccounts step does not show');
      return step;
    },
  };
}

type RunningIntake = ReturnType<typeof intake>;

/** The dispute wizard open over the Disputes step. */
function wizardOf(running: RunningIntake) {
  const wizard = intakeDisputesSelectors.wizard(running.disputes().getSnapshot());
  if (!wizard) throw new Error('the dispute wizard is not open');
  return wizard;
}

/** Gives every item of the wizard a reason and submits. */
async function submitDisputes(running: RunningIntake) {
  const wizard = wizardOf(running);
  wizard.send({ type: 'wizard.begin' });
  while (wizard.getSnapshot().hasTag('step.category')) {
    wizard.send({ type: 'items.toggleAll' });
    wizard.send({ type: 'selection.apply', reason: 'not_mine' });
    wizard.send({ type: 'wizard.next' });
    await settle();
  }
  wizard.send({ type: 'wizard.submit' });
  await settle();
}

const HOUSE = { purchaseCity: 'Reno', purchaseState: 'NV', propertyType: 'condo', loanType: 'fha' } as const;

describe('intake entry (spec 002 §4)', () => {
  it.each([
    ['mortgage_loan', goal('mortgage_loan', HOUSE), null, 2, 'MortgageDetails'],
    ['refinance', goal('refinance'), null, 1, 'HouseDetails'],
    ['financial_wellness', goal('financial_wellness', { currentSavings: 100 }), { id: 'pi', propertyStatus: 'rent', annualIncome: 1 }, 2, 'Disputes'],
    [
      'recreational_vehicle',
      goal('recreational_vehicle', { vehicleType: 'boat', purchaseCounty: 'Clark', purchaseState: 'NV', tradeInValue: 0, purchasePrice: 9_000, currentSavings: 500 }),
      { id: 'pi', disputesReviewLater: true },
      4,
      'BankAccounts',
    ],
  ] as const)('enters a %s intake at its first incomplete step', async (_, g, pi, page, step) => {
    // Investigations to review keep the Disputes step from moving on by itself.
    const running = intake(loaded(g, pi), { disputes: { reportStatus: 'complete', unchallengedCount: 1 } });
    await settle();
    expect(running.page()).toBe(page);
    expect(running.step()).toBe(step);
  });

  it('fills the form with the stored answers of the step', async () => {
    const running = intake(loaded(goal('refinance', HOUSE), { id: 'pi', annualIncome: 90_000 }));
    await settle();
    expect(running.step()).toBe('RefinanceDetails');
    expect(running.actor.getSnapshot().context.values).toEqual({ annualIncome: 90_000, currentHomePrice: null, cashOut: null, cashAmount: null });
  });

  it('sends a customer without a goal to select one, shows an unsupported goal type, and sends a completed intake home', async () => {
    const none = intake(loaded(null));
    const odd = intake(loaded(goal('boat_loan')));
    const done = intake(loaded(goal('refinance'), { id: 'pi', completedIntake: true }));
    await settle();
    expect(none.actor.getSnapshot().hasTag('redirect.selectGoal')).toBe(true);
    expect(odd.actor.getSnapshot().hasTag('goal.unsupported')).toBe(true);
    expect(done.actor.getSnapshot().hasTag('intake.complete')).toBe(true);
  });
});

describe('resume dialog', () => {
  it('shows the resume dialog 1 s after resuming an intake edited before', async () => {
    const running = intake(loaded(goal('mortgage_loan', { purchaseCity: 'Reno' })));
    await settle();
    expect(running.actor.getSnapshot().hasTag('dialog.resume')).toBe(false);
    await running.advance(999);
    expect(running.actor.getSnapshot().hasTag('dialog.resume')).toBe(false);
    await running.advance(1);
    expect(running.actor.getSnapshot().hasTag('dialog.resume')).toBe(true);
    running.actor.send({ type: 'dialog.close' });
    expect(running.actor.getSnapshot().hasTag('dialog.resume')).toBe(false);
  });

  it('does not show it for a new intake', async () => {
    const running = intake(loaded(goal('mortgage_loan')));
    await settle();
    await running.advance(5_000);
    expect(running.actor.getSnapshot().hasTag('dialog.resume')).toBe(false);
  });
});

describe('form steps (spec 002 §4, §5)', () => {
  it('warns intake.errors.missing-fields and names the missing fields', async () => {
    const running = intake(loaded(goal('mortgage_loan')));
    await settle();
    running.actor.send({ type: 'form.change', values: { purchaseCity: 'Reno' } });
    running.actor.send({ type: 'step.next' });
    expect(running.emitted).toEqual([{ type: 'notify', level: 'warning', key: 'intake.errors.missing-fields' }]);
    expect(running.actor.getSnapshot().context.missingFields).toEqual(['purchaseState', 'propertyType', 'loanType']);
    expect(running.page()).toBe(1);
  });

  it('shows the money messages and stays on the step', async () => {
    const running = intake(loaded(goal('refinance', HOUSE)));
    await settle();
    running.actor.send({ type: 'form.change', values: { annualIncome: '50000', currentHomePrice: '-1', cashOut: true, cashAmount: '0' } });
    running.actor.send({ type: 'step.next' });
    expect(running.actor.getSnapshot().context.fieldErrors).toEqual({
      currentHomePrice: 'global.must-be-positive',
      cashAmount: 'global.must-be-more-than-zero',
    });
    expect(running.calls.saves).toEqual([]);
    running.actor.send({ type: 'form.change', values: { cashAmount: '10000' } });
    expect(running.actor.getSnapshot().context.fieldErrors).toEqual({ currentHomePrice: 'global.must-be-positive' });
  });

  it('saves only what changed, then goes to the next step', async () => {
    const running = intake(loaded(goal('mortgage_loan', { ...HOUSE, purchasePrice: 300_000 }), { id: 'pi-1', annualIncome: 60_000 }), {
      disputes: { reportStatus: 'processing', unchallengedCount: 0 },
    });
    await settle();
    expect(running.step()).toBe('MortgageDetails');
    running.actor.send({ type: 'form.change', values: { propertyStatus: 'rent', purchasePrice: '300,000', currentSavings: '12000' } });
    running.actor.send({ type: 'step.next' });
    expect(running.actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(running.calls.saves).toEqual([
      { goal: { id: 'goal-1', properties: { currentSavings: 12_000 } }, personalInfo: { id: 'pi-1', propertyStatus: 'rent' } },
    ]);
    expect(running.step()).toBe('Disputes');
  });

  it('sends nothing when the answers did not change', async () => {
    const running = intake(loaded(goal('mortgage_loan', HOUSE)));
    await settle();
    running.visit(1);
    expect(running.step()).toBe('HouseDetails');
    running.actor.send({ type: 'step.next' });
    await settle();
    expect(running.calls.saves).toEqual([]);
    expect(running.step()).toBe('MortgageDetails');
  });

  it('goes back to the previous step with its stored answers, and not before the first', async () => {
    const running = intake(loaded(goal('mortgage_loan', HOUSE)));
    await settle();
    running.actor.send({ type: 'step.back' });
    expect(running.step()).toBe('HouseDetails');
    expect(running.actor.getSnapshot().context.values).toEqual(HOUSE);
    expect(running.actor.getSnapshot().can({ type: 'step.back' })).toBe(false);
  });

  it('does not skip ahead past the furthest step reached', async () => {
    const running = intake(loaded(goal('mortgage_loan')));
    await settle();
    running.visit(2);
    expect(running.page()).toBe(1);
  });

  it('keeps the answers and shows intake.errors.error-updating when saving fails', async () => {
    const machine = intakeMachine.provide({
      actors: {
        loadIntake: fromPromise(async () => loaded(goal('refinance'))),
        saveIntake: fromPromise<void, IntakeSaveRequest>(async () => {
          throw { code: 'invalid-argument' };
        }),
      },
    });
    const { actor } = run(machine, CUSTOMER);
    await settle();
    actor.send({ type: 'form.change', values: HOUSE });
    actor.send({ type: 'step.next' });
    await settle();
    expect(actor.getSnapshot().context.errorKey).toBe('intake.errors.error-updating');
    expect(actor.getSnapshot().context.values).toEqual(HOUSE);
    expect(actor.getSnapshot().context.stepIndex).toBe(0);
  });
});

const atDisputes = () => loaded(goal('financial_wellness', { currentSavings: 100 }), { id: 'pi', propertyStatus: 'rent', annualIncome: 1 });

describe('Disputes step (spec 002 §4)', () => {
  it('moves on by itself when there are no unchallenged investigations', async () => {
    const running = intake(atDisputes());
    await settle();
    expect(running.calls.disputeChecks).toBe(1);
    expect(running.step()).toBe('BankAccounts');
  });

  it('passes over it backwards when Back from the next step led there and there is nothing to review', async () => {
    const running = intake(atDisputes());
    await settle();
    expect(running.step()).toBe('BankAccounts');
    running.bank().send({ type: 'step.back' });
    await settle();
    expect(running.calls.disputeChecks).toBe(2);
    expect(running.step()).toBe('FinancialStatus');
    running.actor.send({ type: 'step.next' });
    await settle();
    expect(running.calls.disputeChecks).toBe(3);
    expect(running.step()).toBe('BankAccounts');
  });

  it('passes over it backwards when an earlier page is revisited from a later one', async () => {
    const running = intake(atDisputes());
    await settle();
    running.visit(2);
    await settle();
    expect(running.page()).toBe(1);
  });

  it('shows the wait text while the report is processing, and checks again once it is done', async () => {
    const running = intake(atDisputes(), { disputes: { reportStatus: 'processing', unchallengedCount: 0 } });
    await settle();
    expect(running.disputes().getSnapshot().hasTag('disputes.waiting')).toBe(true);
    expect(running.calls.watching).toEqual(['customer-1']);
    running.setDisputes({ reportStatus: 'complete', unchallengedCount: 1 });
    running.report.send?.('complete');
    await settle();
    expect(running.calls.disputeChecks).toBe(2);
    expect(running.disputes().getSnapshot().hasTag('disputes.review')).toBe(true);
  });

  it('stops waiting for a report that does not come after 150 s: the error with Try again, which asks again', async () => {
    const running = intake(atDisputes(), { disputes: { reportStatus: 'processing', unchallengedCount: 0 } });
    await settle();
    await running.advance(INTAKE_REPORT_WAIT_MS - 1);
    expect(running.disputes().getSnapshot().hasTag('disputes.waiting')).toBe(true);
    await running.advance(1);
    expect(running.disputes().getSnapshot().hasTag('error')).toBe(true);
    expect(running.disputes().getSnapshot().context.errorKey).toBe('intake.errors.report-wait-timed-out');
    // The server starts a lost pull again when asked; this time the report is there.
    running.setDisputes({ reportStatus: 'complete', unchallengedCount: 2 });
    running.disputes().send({ type: 'step.retry' });
    await settle();
    expect(running.calls.disputeChecks).toBe(2);
    expect(running.disputes().getSnapshot().hasTag('disputes.review')).toBe(true);
    expect(running.disputes().getSnapshot().context.errorKey).toBeNull();
  });

  it('opens the dispute wizard over the step, and goes on once the disputes are submitted', async () => {
    const running = intake(atDisputes(), { disputes: { reportStatus: 'complete', unchallengedCount: 1 } });
    await settle();
    expect(running.disputes().getSnapshot().hasTag('disputes.review')).toBe(true);
    await submitDisputes(running);
    expect(running.calls.wizard).toEqual(['saveReasons', 'completeDisputeActionOptimistically', 'submitDisputes', 'refreshAfterSubmit']);
    // The step records nothing of its own: with nothing left to review it passes on by itself next time.
    expect(running.calls.saves).toEqual([]);
    expect(running.step()).toBe('BankAccounts');
  });

  it('stays on the Disputes step when the wizard is closed without submitting', async () => {
    const running = intake(atDisputes(), { disputes: { reportStatus: 'complete', unchallengedCount: 1 } });
    await settle();
    wizardOf(running).send({ type: 'wizard.close' });
    await settle();
    expect(running.step()).toBe('Disputes');
    expect(running.disputes().getSnapshot().can({ type: 'disputes.review' })).toBe(true);
  });

  it('gives agents the coach override and customers no skip while the flag is off', async () => {
    const customer = intake(atDisputes(), { disputes: { reportStatus: 'complete', unchallengedCount: 3 } });
    const agent = intake(atDisputes(), { disputes: { reportStatus: 'complete', unchallengedCount: 3 }, input: { ...CUSTOMER, actor: { isAgent: true } } });
    await settle();
    expect(customer.actor.getSnapshot().can({ type: 'disputes.coachOverride' })).toBe(false);
    expect(customer.actor.getSnapshot().can({ type: 'disputes.skip' })).toBe(false);
    expect(agent.actor.getSnapshot().can({ type: 'disputes.coachOverride' })).toBe(true);
    agent.actor.send({ type: 'disputes.coachOverride' });
    expect(agent.step()).toBe('BankAccounts');
    expect(agent.calls.saves).toEqual([]);
  });

  it('lets a customer skip when the can-skip-disputes flag is on', async () => {
    const running = intake(atDisputes(), { disputes: { reportStatus: 'complete', unchallengedCount: 3 }, input: { ...CUSTOMER, actor: {}, canSkipDisputes: true } });
    await settle();
    running.actor.send({ type: 'disputes.skip' });
    expect(running.step()).toBe('BankAccounts');
  });
});

const atBank = (bank: Partial<IntakeLoadResult> = {}) =>
  loaded(goal('financial_wellness', { currentSavings: 100 }), { id: 'pi', propertyStatus: 'rent', annualIncome: 1, disputesReviewLater: true }, bank);

describe('BankAccounts step (spec 002 §4)', () => {
  it('enables next only once accounts are linked or the opt-out is ticked, and saves the opt-out to the contact', async () => {
    const running = intake(atBank());
    await settle();
    expect(running.step()).toBe('BankAccounts');
    expect(running.bank().getSnapshot().can({ type: 'step.next' })).toBe(false);
    running.bank().send({ type: 'bank.optOutChange', optOut: true });
    expect(running.bank().getSnapshot().can({ type: 'step.next' })).toBe(true);
    running.bank().send({ type: 'step.next' });
    await settle();
    expect(running.calls.optOuts).toEqual([true]);
    expect(running.calls.completions).toBe(1);
  });

  it('opens the bank widget, counts the accounts once one is linked, and then lets the customer go on', async () => {
    const running = intake(atBank());
    await settle();
    running.bank().send({ type: 'bank.connect' });
    await settle();
    expect(running.bank().getSnapshot().hasTag('bank.widget')).toBe(true);
    expect(running.bank().getSnapshot().context.widgetUrl).toBe('https://bank.example/widget?session=abc');
    running.bank().send({ type: 'bank.linked' });
    await settle();
    expect(running.bank().getSnapshot().context.linkedAccountCount).toBe(2);
    running.bank().send({ type: 'step.next' });
    await settle();
    expect(running.calls.optOuts).toEqual([]);
    expect(running.calls.completions).toBe(1);
  });

  it('tells an agent without allowClientActions money.coach-cant-connect', async () => {
    const running = intake(atBank(), { input: { ...CUSTOMER, actor: { isAgent: true, allowClientActions: false } } });
    await settle();
    running.bank().send({ type: 'bank.connect' });
    expect(running.emitted).toEqual([{ type: 'notify', level: 'warning', key: 'money.coach-cant-connect' }]);
    expect(running.bank().getSnapshot().hasTag('bank.widget')).toBe(false);
  });

  it('offers a free-line customer no bank widget, only the premium explanation and the opt-out to go on', async () => {
    const running = intake(atBank(), { input: FREE_LINE_CUSTOMER });
    await settle();
    expect(running.step()).toBe('BankAccounts');
    expect(running.bank().getSnapshot().hasTag('bank.premiumOnly')).toBe(true);
    expect(running.bank().getSnapshot().can({ type: 'bank.connect' })).toBe(false);
    expect(running.bank().getSnapshot().can({ type: 'step.next' })).toBe(false);
    running.bank().send({ type: 'bank.optOutChange', optOut: true });
    running.bank().send({ type: 'step.next' });
    expect(running.bank().getSnapshot().hasTag('bank.premiumOnly')).toBe(true);
    await settle();
    expect(running.calls.widgetRequests).toBe(0);
    expect(running.calls.optOuts).toEqual([true]);
    expect(running.calls.completions).toBe(1);
  });

  it('keeps a free-line customer on the premium explanation once an unticked opt-out is saved', async () => {
    const running = intake(loaded(atDisputes().goal, atDisputes().personalInfo, { bankOptOut: true }), {
      input: FREE_LINE_CUSTOMER,
      disputes: { reportStatus: 'complete', unchallengedCount: 1 },
    });
    await settle();
    await submitDisputes(running);
    expect(running.step()).toBe('BankAccounts');
    running.bank().send({ type: 'bank.optOutChange', optOut: false });
    running.bank().send({ type: 'step.next' });
    await settle();
    expect(running.calls.optOuts).toEqual([false]);
    expect(running.step()).toBe('BankAccounts');
    expect(running.bank().getSnapshot().hasTag('bank.premiumOnly')).toBe(true);
    expect(running.bank().getSnapshot().can({ type: 'step.next' })).toBe(false);
  });

  it('shows the premium explanation, not the coach message, when the server refuses the widget as premium-only', async () => {
    const running = intake(atBank(), { widgetError: { code: 'premium-only' } });
    await settle();
    running.bank().send({ type: 'bank.connect' });
    await settle();
    expect(running.emitted).toEqual([]);
    expect(running.bank().getSnapshot().hasTag('bank.premiumOnly')).toBe(true);
    expect(running.bank().getSnapshot().context.errorKey).toBeNull();
    expect(running.bank().getSnapshot().can({ type: 'bank.connect' })).toBe(false);
    running.bank().send({ type: 'bank.optOutChange', optOut: true });
    running.bank().send({ type: 'step.next' });
    await settle();
    expect(running.calls.completions).toBe(1);
  });

  it('still tells a coach refused by the server money.coach-cant-connect', async () => {
    const running = intake(atBank(), { widgetError: { code: 'not-permitted', key: 'money.coach-cant-connect' } });
    await settle();
    running.bank().send({ type: 'bank.connect' });
    await settle();
    expect(running.emitted).toEqual([{ type: 'notify', level: 'warning', key: 'money.coach-cant-connect' }]);
    expect(running.bank().getSnapshot().hasTag('bank.premiumOnly')).toBe(false);
  });
});

describe('completion (spec 002 §4)', () => {
  it('completes, waits for the report, refreshes the credit display, generates the score, refetches, then recalculates', async () => {
    const running = intake(atBank({ bankOptOut: true }));
    await settle();
    running.bank().send({ type: 'step.next' });
    await settle();
    expect(running.calls.completions).toBe(1);
    expect(running.calls.watching).toEqual(['customer-1']);
    expect(running.calls.finishing).toEqual([]);
    running.report.send?.('processing');
    await settle();
    expect(running.calls.finishing).toEqual([]);
    running.report.send?.('complete');
    await settle();
    expect(running.calls.finishing).toEqual(['refreshCreditDisplay', 'generateReadinessScore', 'refetchUserData']);
    expect(running.actor.getSnapshot().hasTag('recalculating')).toBe(true);
  });

  it('goes on after 10 s without a report status', async () => {
    const running = intake(atBank({ bankOptOut: true }));
    await settle();
    running.bank().send({ type: 'step.next' });
    await settle();
    await running.advance(9_999);
    expect(running.calls.finishing).toEqual([]);
    await running.advance(1);
    expect(running.actor.getSnapshot().hasTag('recalculating')).toBe(true);
  });

  it('logs a stuck event when still on intake 15 s after the recalculating screen appeared', async () => {
    const running = intake(atBank({ bankOptOut: true }));
    await settle();
    running.bank().send({ type: 'step.next' });
    await settle();
    running.report.send?.('complete');
    await settle();
    expect(running.actor.getSnapshot().hasTag('recalculating')).toBe(true);
    await running.advance(14_999);
    expect(running.emitted.filter((event) => event.type === 'intake.stuck')).toEqual([]);
    await running.advance(1);
    expect(running.emitted.filter((event) => event.type === 'intake.stuck')).toEqual([{ type: 'intake.stuck', page: 3 }]);
  });

  it('shows intake.errors.missing-fields when the server finds the intake incomplete, and offers a retry', async () => {
    const running = intake(atBank({ bankOptOut: true }), { completeError: { code: 'failed-precondition', key: 'intake.errors.missing-fields' } });
    await settle();
    running.bank().send({ type: 'step.next' });
    await settle();
    expect(running.actor.getSnapshot().context.errorKey).toBe('intake.errors.missing-fields');
    running.actor.send({ type: 'completion.retry' });
    await settle();
    expect(running.calls.completions).toBe(2);
    running.actor.send({ type: 'step.back' });
    expect(running.step()).toBe('BankAccounts');
  });
});

describe('the address (spec 002 §2 /intake/:page)', () => {
  it("replaces the address it was opened with by the entry step's, and adds a history entry for each step moved to", async () => {
    const running = intake(loaded(goal('mortgage_loan', HOUSE)));
    await settle();
    expect(running.navigations).toEqual([{ type: 'navigate', to: '/intake/2', replace: true }]);
    running.actor.send({ type: 'step.back' });
    expect(running.navigations).toEqual([
      { type: 'navigate', to: '/intake/2', replace: true },
      { type: 'navigate', to: '/intake/1', replace: false },
    ]);
  });

  it('asks for nothing when it was opened at the entry step', async () => {
    const running = intake(loaded(goal('mortgage_loan')), {}, { followAddress: false });
    running.actor.send({ type: 'route.changed', path: '/intake/1', search: '' });
    await settle();
    expect(running.page()).toBe(1);
    expect(running.navigations).toEqual([]);
  });

  it('shows a page reached before when the address asks for it, and asks for no other address', async () => {
    const running = intake(loaded(goal('mortgage_loan', HOUSE)));
    await settle();
    running.visit(1);
    expect(running.step()).toBe('HouseDetails');
    expect(running.navigations).toHaveLength(1);
  });

  it('puts the address back, in place, when the page may not be shown', async () => {
    const running = intake(loaded(goal('mortgage_loan')));
    await settle();
    running.visit(4);
    expect(running.page()).toBe(1);
    expect(running.navigations.at(-1)).toEqual({ type: 'navigate', to: '/intake/1', replace: true });
  });

  it('asks again for its page when the address reported is from before it (the route was not there to follow)', async () => {
    const running = intake(loaded(goal('mortgage_loan', HOUSE)), {}, { followAddress: false });
    running.actor.send({ type: 'route.changed', path: '/intake/1', search: '' });
    await settle();
    expect(running.navigations).toEqual([{ type: 'navigate', to: '/intake/2', replace: true }]);
    running.actor.send({ type: 'route.changed', path: '/intake/1', search: '' });
    expect(running.page()).toBe(2);
    expect(running.navigations.at(-1)).toEqual({ type: 'navigate', to: '/intake/2', replace: true });
    running.actor.send({ type: 'route.changed', path: '/intake/2', search: '' });
    running.actor.send({ type: 'route.changed', path: '/intake/1', search: '' });
    expect(running.page()).toBe(1);
  });

  it('keeps the BankAccounts step while its widget is open, and puts the address back', async () => {
    const running = intake(atBank());
    await settle();
    running.bank().send({ type: 'bank.connect' });
    await settle();
    running.visit(1);
    expect(running.step()).toBe('BankAccounts');
    expect(running.bank().getSnapshot().hasTag('bank.widget')).toBe(true);
    expect(running.navigations.at(-1)).toEqual({ type: 'navigate', to: '/intake/3', replace: true });
  });

  it('keeps what the BankAccounts step learnt when the customer leaves it and comes back', async () => {
    const running = intake(atBank());
    await settle();
    running.bank().send({ type: 'bank.linked' });
    await settle();
    running.bank().send({ type: 'step.back' });
    await settle();
    expect(running.step()).toBe('FinancialStatus');
    running.actor.send({ type: 'step.next' });
    await settle();
    expect(running.step()).toBe('BankAccounts');
    expect(running.bank().getSnapshot().context.linkedAccountCount).toBe(2);
  });
});
