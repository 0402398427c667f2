import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { goalEditMachine } from '../../../machines/settings/goalEdit.machine';
import { readinessScoreAnswer, userInfoAnswer } from '../../../machines/settings/entries';
import type { CallableRequest, CallableResponse } from '../../../src/contract/callables';
import type { Language } from '../../../src/i18n';
import { LoanGoalPage } from '../../../src/views/settings/LoanGoalPage';
import { renderView } from '../../support/render';
import { actorsStoppedAfterEach } from '../../support/viewActors';

// settings/loan-goal (spec 000 §2.5, §3.5; spec 002 §3, §5) bound to the real goalEdit machine with fake calls: the
// goal and its answers in the intake's sections with their option lists, the money messages, Save (only what
// changed) with the recomputed readiness score, Cancel back to the stored answers, 'Unsupported Goal Type'.

type UserInfo = CallableResponse<'getUserInfo'>;
type SaveRequest = CallableRequest<'updateUserInfo'>;

const customer = { isAgent: false, allowClientActions: false, agentIsAdmin: false, agentIsDeveloper: false, allowPortalDownload: false, isDeveloper: false };

const MORTGAGE: UserInfo = userInfoAnswer(
  {
    id: 'goal-1',
    type: 'mortgage_loan',
    properties: { purchaseCity: 'Las Vegas', purchaseState: 'NV', propertyType: 'condo', loanType: 'fha', purchasePrice: 300000, currentSavings: 20000 },
    createdAt: null,
    updatedAt: null,
  },
  {
    id: 'personal-info-goal-1',
    propertyStatus: 'rent',
    annualIncome: 65000,
    employmentPayFrequency: 'biweekly',
    employmentStatus: 'employed_full_time',
    educationLevel: 'bachelors',
    veteranStatus: 'no',
    isAmericanCitizen: true,
    createdAt: null,
    updatedAt: null,
  },
);

const { actors: running } = actorsStoppedAfterEach();

interface Options {
  userInfo?: UserInfo;
  /** updateUserInfo: stores the request (by default at once). */
  save?: (request: SaveRequest) => Promise<void>;
  /** getReadinessScore: the score recomputed from the saved answers. */
  score?: () => Promise<number>;
  language?: Language;
}

async function renderPage(options: Options = {}) {
  const stored = options.userInfo ?? MORTGAGE;
  const save = vi.fn(options.save ?? (async () => undefined));
  const score = options.score ?? (async () => 712);
  const machine = goalEditMachine.provide({
    actors: {
      getUserInfo: fromPromise<UserInfo, CallableRequest<'getUserInfo'>>(async () => stored),
      updateUserInfo: fromPromise<UserInfo, SaveRequest>(async ({ input }) => {
        await save(input);
        return stored;
      }),
      getReadinessScore: fromPromise<CallableResponse<'getReadinessScore'>, CallableRequest<'getReadinessScore'>>(async () =>
        readinessScoreAnswer(await score()),
      ),
    },
  });
  const actor = createActor(machine, { input: { actor: customer } });
  actor.start();
  running.push(actor);
  await renderView(<LoanGoalPage actor={actor} />, { language: options.language });
  return { actor, save };
}

describe('the loan goal page', { timeout: 30_000 }, () => {
  it("shows the goal and its answers in the intake's sections", async () => {
    await renderPage();
    expect((await screen.findByTestId('goal-type')).textContent).toBe('Buy a home');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['About the home', 'Your finances', 'About you']);
    expect((screen.getByRole('textbox', { name: 'City' }) as HTMLInputElement).value).toBe('Las Vegas');
    expect((screen.getByRole('textbox', { name: /Purchase price/ }) as HTMLInputElement).value).toBe('300000');
    // Renting: no current home value to ask for.
    expect(screen.queryByRole('textbox', { name: /current home/i })).toBeNull();
    expect((screen.getByRole('button', { name: 'Cancel changes' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses an amount with the money messages and saves nothing', async () => {
    const { save } = await renderPage();
    const price = await screen.findByRole('textbox', { name: /Purchase price/ });
    await userEvent.clear(price);
    await userEvent.type(price, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('must be an amount')).toBeTruthy();
    await userEvent.clear(price);
    await userEvent.type(price, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('must be more than 0')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('saves only what changed and shows the readiness score recomputed from it', async () => {
    let finish: (displayScore: number) => void = () => undefined;
    const { save } = await renderPage({ score: () => new Promise((resolve) => (finish = resolve)) });
    const price = await screen.findByRole('textbox', { name: /Purchase price/ });
    await userEvent.clear(price);
    await userEvent.type(price, '325000');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(save).toHaveBeenCalledWith({ goal: { id: 'goal-1', properties: { purchasePrice: 325000 } } });
    expect(screen.getByRole('status').textContent).toBe('Saving…');
    finish(718);
    const score = await screen.findByText('Your loan readiness score is now 718.');
    const saved = score.closest('[role="status"]') as HTMLElement;
    expect(within(saved).getByText('Your goal is saved.')).toBeTruthy();
    expect(screen.queryByText('Saving…')).toBeNull();
    expect((screen.getByRole('textbox', { name: /Purchase price/ }) as HTMLInputElement).value).toBe('325000');
  });

  it('puts the stored answers back on Cancel', async () => {
    const { save } = await renderPage();
    const city = await screen.findByRole('textbox', { name: 'City' });
    await userEvent.clear(city);
    await userEvent.type(city, 'Reno');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel changes' }));
    expect((screen.getByRole('textbox', { name: 'City' }) as HTMLInputElement).value).toBe('Las Vegas');
    expect((screen.getByRole('button', { name: 'Cancel changes' }) as HTMLButtonElement).disabled).toBe(true);
    expect(save).not.toHaveBeenCalled();
  });

  it("asks a recreational vehicle goal's own questions", async () => {
    await renderPage({
      userInfo: userInfoAnswer(
        {
          id: 'goal-2',
          type: 'recreational_vehicle',
          properties: { vehicleType: 'class_b', isNew: true, purchaseCounty: 'Clark', purchaseState: 'NV', purchasePrice: 90000, tradeInValue: 0, currentSavings: 9000 },
          createdAt: null,
          updatedAt: null,
        },
        null,
      ),
    });
    expect((await screen.findByTestId('goal-type')).textContent).toBe('Recreational vehicle');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Your vehicle', 'Your budget']);
    expect((screen.getByRole('textbox', { name: /Trade-in/i }) as HTMLInputElement).value).toBe('0');
  });

  it("says 'Unsupported Goal Type' for a goal this app does not know, with nothing to edit", async () => {
    await renderPage({ userInfo: userInfoAnswer({ id: 'goal-3', type: 'boat_loan', properties: {}, createdAt: null, updatedAt: null }, null) });
    expect((await screen.findByTestId('goal-type')).textContent).toBe('Unsupported Goal Type');
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('reads in Spanish', async () => {
    await renderPage({ language: 'es' });
    expect((await screen.findByTestId('goal-type')).textContent).toBe('Comprar una casa');
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descartar cambios' })).toBeTruthy();
  });
});
