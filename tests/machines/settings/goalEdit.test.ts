import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import {
  readinessScoreAnswer,
  SAMPLE_MORTGAGE_GOAL,
  SAMPLE_PERSONAL_INFO,
  SAMPLE_SETTINGS_COACH,
  SAMPLE_SETTINGS_CUSTOMER,
  SAMPLE_UNSUPPORTED_USER_INFO,
  SAMPLE_USER_INFO,
  userInfoAnswer,
} from '../../../machines/settings/entries';
import { goalEditMachine, goalEditSelectors as select, type GoalEditInput } from '../../../machines/settings/goalEdit.machine';
import type { CallableRequest, CallableResponse } from '../../../src/contract/callables';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('goalEdit');
if (!entry) throw new Error('goalEdit is not registered');

runModelPaths(entry, { variants: [{ name: 'a coach without permission', input: { actor: SAMPLE_SETTINGS_COACH } }] });

type UserInfo = CallableResponse<'getUserInfo'>;
type SaveRequest = CallableRequest<'updateUserInfo'>;

interface Server {
  /** Every save's failure; null: saves succeed. */
  failSave?: object | null;
  /** The readiness score read's failure; null: it answers. */
  failScore?: object | null;
  /** No readiness score computed yet (getReadinessScore answers null). */
  noScore?: boolean;
}

/**
 * The loan-goal page over a server holding `stored`: a save applies the request, and the score read answers a score
 * that grows with the savings (as a readiness score would). `calls` lists the callables in the order they were called.
 */
function goalPage(stored: UserInfo = SAMPLE_USER_INFO, input: Partial<GoalEditInput> = {}, server: Server = {}) {
  const requests: SaveRequest[] = [];
  const calls: string[] = [];
  let current = stored;
  const machine = goalEditMachine.provide({
    actors: {
      getUserInfo: fromPromise<UserInfo, CallableRequest<'getUserInfo'>>(async () => {
        calls.push('getUserInfo');
        return current;
      }),
      updateUserInfo: fromPromise<UserInfo, SaveRequest>(async ({ input: request }) => {
        calls.push('updateUserInfo');
        requests.push(request);
        if (server.failSave) throw server.failSave;
        const { goal, personalInfo } = current;
        if (!goal) throw { code: 'failed-precondition' };
        current = userInfoAnswer(
          request.goal ? { ...goal, properties: { ...goal.properties, ...request.goal.properties } } : goal,
          request.personalInfo ? { createdAt: null, updatedAt: null, ...personalInfo, ...request.personalInfo } : personalInfo,
        );
        return current;
      }),
      getReadinessScore: fromPromise<CallableResponse<'getReadinessScore'>, CallableRequest<'getReadinessScore'>>(async () => {
        calls.push('getReadinessScore');
        if (server.failScore) throw server.failScore;
        if (server.noScore) return null;
        return readinessScoreAnswer(40 + Math.round((current.goal?.properties.currentSavings ?? 0) / 1_000));
      }),
    },
  });
  const running = run(machine, { actor: SAMPLE_SETTINGS_CUSTOMER, ...input });
  const snapshot = () => running.actor.getSnapshot();
  return { requests, calls, snapshot, send: running.send, notices: running.notices };
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

  it('a failed save keeps the answers with intake.errors.error-updating, and reads no score', async () => {
    const page = goalPage(SAMPLE_USER_INFO, {}, { failSave: { code: 'unavailable' } });
    await settle();
    await page.send({ type: 'form.change', values: { purchaseCity: 'Nampa' } });
    await page.send({ type: 'form.submit' });
    expect([select.status(page.snapshot()), select.fieldValue('purchaseCity')(page.snapshot()), page.notices(), page.calls]).toEqual([
      'editing',
      'Nampa',
      [{ level: 'error', key: 'intake.errors.error-updating' }],
      ['getUserInfo', 'updateUserInfo'],
    ]);
  });

  it('saves, then reads the readiness score the server recomputed from the saved answers, busy until both answered', async () => {
    const page = goalPage();
    await settle();
    await page.send({ type: 'form.change', values: { purchaseCity: 'Nampa' } });
    const saving = page.send({ type: 'form.submit' });
    expect([select.status(page.snapshot()), select.busy(page.snapshot())]).toEqual(['saving', true]);
    await saving;
    expect([page.calls, select.status(page.snapshot()), select.displayScore(page.snapshot())]).toEqual([
      ['getUserInfo', 'updateUserInfo', 'getReadinessScore'],
      'editing',
      65,
    ]);
  });

  it('saved before any readiness score was computed: saved, with no score to show', async () => {
    const page = goalPage(SAMPLE_USER_INFO, {}, { noScore: true });
    await settle();
    await page.send({ type: 'form.change', values: { purchaseCity: 'Nampa' } });
    await page.send({ type: 'form.submit' });
    expect([select.saved(page.snapshot()), select.displayScore(page.snapshot()), page.notices()]).toEqual([
      true,
      null,
      [{ level: 'success', key: 'loan-goal.saved' }],
    ]);
  });

  it('the score not read after the answers were saved: the save is not done, the answers stay with intake.errors.error-updating', async () => {
    const page = goalPage(SAMPLE_USER_INFO, {}, { failScore: { code: 'unavailable' } });
    await settle();
    await page.send({ type: 'form.change', values: { purchaseCity: 'Nampa' } });
    await page.send({ type: 'form.submit' });
    expect([
      page.calls,
      select.status(page.snapshot()),
      select.saved(page.snapshot()),
      select.fieldValue('purchaseCity')(page.snapshot()),
      select.dirty(page.snapshot()),
      page.notices(),
    ]).toEqual([
      ['getUserInfo', 'updateUserInfo', 'getReadinessScore'],
      'editing',
      false,
      'Nampa',
      true,
      [{ level: 'error', key: 'intake.errors.error-updating' }],
    ]);
  });

  it('a failed load offers another try, which reads the goal again', async () => {
    let failing = true;
    const machine = goalEditMachine.provide({
      actors: {
        getUserInfo: fromPromise<UserInfo, CallableRequest<'getUserInfo'>>(async () => {
          if (failing) throw { code: 'unavailable' };
          return SAMPLE_USER_INFO;
        }),
      },
    });
    const page = run(machine, { actor: SAMPLE_SETTINGS_CUSTOMER });
    await settle();
    expect(select.status(page.snapshot())).toBe('loadFailed');
    failing = false;
    await page.send({ type: 'load.retry' });
    expect([select.status(page.snapshot()), select.fieldValue('purchaseCity')(page.snapshot())]).toEqual(['editing', 'Boise']);
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
    const page = goalPage(
      userInfoAnswer({ id: 'goal-rv', type: 'recreational_vehicle', properties: { vehicleType: 'class_b', purchasePrice: 90_000 }, createdAt: null, updatedAt: null }, null),
    );
    await settle();
    expect(select.sections(page.snapshot()).map(({ step }) => step)).toEqual(['RVType', 'RVFinancing']);
  });
});
