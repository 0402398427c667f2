import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import {
  SAMPLE_MORTGAGE_GOAL,
  SAMPLE_PERSONAL_INFO,
  SAMPLE_SETTINGS_COACH,
  SAMPLE_SETTINGS_CUSTOMER,
  SAMPLE_UNSUPPORTED_USER_INFO,
  SAMPLE_USER_INFO,
} from '../../../machines/settings/entries';
import { goalEditMachine, goalEditSelectors as select, type GoalEditInput } from '../../../machines/settings/goalEdit.machine';
import type { GoalSaveResult, SettingsUserInfo } from '../../../machines/settings/ports';
import { applyIntakeSave, type IntakeSaveRequest } from '../../../src/domain/intake';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('goalEdit');
if (!entry) throw new Error('goalEdit is not registered');

runModelPaths(entry, { variants: [{ name: 'a coach without permission', input: { actor: SAMPLE_SETTINGS_COACH } }] });

/**
 * The loan-goal page over a server holding `stored`: a save applies the request and answers a score that grows with
 * the savings (as a readiness score would); `failSave` makes saves fail with it.
 */
function goalPage(stored: SettingsUserInfo = SAMPLE_USER_INFO, input: Partial<GoalEditInput> = {}, failSave: object | null = null) {
  const requests: IntakeSaveRequest[] = [];
  let current = stored;
  const machine = goalEditMachine.provide({
    actors: {
      loadUserInfo: fromPromise<SettingsUserInfo, void>(async () => current),
      saveGoal: fromPromise<GoalSaveResult, IntakeSaveRequest>(async ({ input: request }) => {
        requests.push(request);
        if (failSave) throw failSave;
        if (!current.goal) throw { code: 'failed-precondition' };
        current = applyIntakeSave(request, current.goal, current.personalInfo);
        return { displayScore: 40 + Math.round((current.goal?.properties.currentSavings ?? 0) / 1_000) };
      }),
    },
  });
  const running = run(machine, { actor: SAMPLE_SETTINGS_CUSTOMER, ...input });
  const snapshot = () => running.actor.getSnapshot();
  const send = async (event: Parameters<typeof running.actor.send>[0]) => {
    running.actor.send(event);
    await settle();
  };
  return { requests, snapshot, send, notices: () => running.emitted.map(({ level, key }) => ({ level, key })) };
}

describe('the loan-goal settings page (spec 000 §2.5, §3.5; spec 002 §3, §5)', () => {
  it("shows the goal's answers in the intake's sections for its type", async () => {
    const page = goalPage();
    await settle();
    expect([select.status(page.snapshot()), select.goalType(page.snapshot()), select.sections(page.snapshot())]).toEqual([
      'editing',
      'mortgage_loan',
      [
        { step: 'HouseDetails', fields: ['purchaseCity', 'purchaseState', 'propertyType', 'loanType'] },
        // Renting: no home value asked.
        { step: 'MortgageDetails', fields: ['propertyStatus', 'annualIncome', 'purchasePrice', 'currentSavings'] },
        {
          step: 'UserBackground',
          fields: ['employmentPayFrequency', 'employmentStatus', 'educationLevel', 'veteranStatus', 'isAmericanCitizen'],
        },
      ],
    ]);
    expect(select.fieldValue('purchasePrice')(page.snapshot())).toBe(350_000);
  });

  it('saves only what changed and shows the recomputed readiness score', async () => {
    const page = goalPage();
    await settle();
    await page.send({ type: 'form.change', values: { currentSavings: '40,000', loanType: 'fha' } });
    await page.send({ type: 'form.submit' });
    expect([page.requests, select.saved(page.snapshot()), select.displayScore(page.snapshot()), page.notices(), select.dirty(page.snapshot())]).toEqual([
      [{ goal: { id: SAMPLE_MORTGAGE_GOAL.id, properties: { loanType: 'fha', currentSavings: 40_000 } } }],
      true,
      80,
      [{ level: 'success', key: 'loan-goal.saved' }],
      // Saved: nothing left to save, though '40,000' is still shown as typed.
      false,
    ]);
  });

  it('a personal answer the score reads is saved with the personal info', async () => {
    const page = goalPage();
    await settle();
    await page.send({ type: 'form.change', values: { annualIncome: '95000' } });
    await page.send({ type: 'form.submit' });
    expect(page.requests).toEqual([{ personalInfo: { id: SAMPLE_PERSONAL_INFO.id, annualIncome: 95_000 } }]);
  });

  it('nothing changed: nothing is sent', async () => {
    const page = goalPage();
    await settle();
    await page.send({ type: 'form.submit' });
    expect([page.requests, page.notices()]).toEqual([[], []]);
  });

  it("a refused amount shows its message at the field, a missing answer 'Required' with the warning; nothing is sent", async () => {
    const page = goalPage();
    await settle();
    await page.send({ type: 'form.change', values: { purchasePrice: 'about 400k', purchaseCity: '' } });
    await page.send({ type: 'form.submit' });
    expect([
      select.fieldError('purchasePrice')(page.snapshot()),
      select.fieldError('purchaseCity')(page.snapshot()),
      page.notices(),
      page.requests,
    ]).toEqual(['global.must-be-amount', 'form.required', [{ level: 'warning', key: 'intake.errors.missing-fields' }], []]);
    await page.send({ type: 'form.change', values: { purchasePrice: '400000' } });
    expect(select.fieldError('purchasePrice')(page.snapshot())).toBeNull();
  });

  it('Cancel goes back to what is stored', async () => {
    const page = goalPage();
    await settle();
    await page.send({ type: 'form.change', values: { purchaseCity: 'Nampa' } });
    expect(select.dirty(page.snapshot())).toBe(true);
    await page.send({ type: 'form.reset' });
    expect([select.fieldValue('purchaseCity')(page.snapshot()), select.dirty(page.snapshot())]).toEqual(['Boise', false]);
  });

  it('a failed save keeps the answers with intake.errors.error-updating', async () => {
    const page = goalPage(SAMPLE_USER_INFO, {}, { code: 'unavailable' });
    await settle();
    await page.send({ type: 'form.change', values: { purchaseCity: 'Nampa' } });
    await page.send({ type: 'form.submit' });
    expect([select.status(page.snapshot()), select.fieldValue('purchaseCity')(page.snapshot()), page.notices()]).toEqual([
      'editing',
      'Nampa',
      [{ level: 'error', key: 'intake.errors.error-updating' }],
    ]);
  });

  it('a coach without permission is refused before any call', async () => {
    const page = goalPage(SAMPLE_USER_INFO, { actor: SAMPLE_SETTINGS_COACH });
    await settle();
    await page.send({ type: 'form.change', values: { purchaseCity: 'Nampa' } });
    await page.send({ type: 'form.submit' });
    expect([page.requests, page.notices()]).toEqual([[], [{ level: 'warning', key: 'coach.toast.not-permitted' }]]);
  });

  it("a goal type this build does not know shows 'Unsupported Goal Type' with nothing to edit", async () => {
    const page = goalPage(SAMPLE_UNSUPPORTED_USER_INFO);
    await settle();
    expect([select.status(page.snapshot()), select.goalType(page.snapshot()), select.sections(page.snapshot())]).toEqual(['unsupported', 'business_loan', []]);
  });

  it('a recreational vehicle goal shows its own sections', async () => {
    const page = goalPage({
      goal: { id: 'goal-rv', type: 'recreational_vehicle', properties: { vehicleType: 'class_b', purchasePrice: 90_000 } },
      personalInfo: null,
    });
    await settle();
    expect(select.sections(page.snapshot()).map(({ step }) => step)).toEqual(['RVType', 'RVFinancing']);
  });
});
