import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { readinessScoreMachine } from '../../../machines/onboarding/readinessScore.machine';
import { READINESS_SCORE_MAX_POLLS, READINESS_SCORE_POLL_MS } from '../../../src/domain/constants';
import { inspect } from '../../../src/inspect';
import { HomePage } from '../../../src/views/shell/HomePage';
import { settle } from '../../support/machineTestKit';
import { renderView } from '../../support/render';

/** The score card's machine over a stored score (null: none yet) and a calculation that stores `calculated`. */
function scoreActor(stored: number | null | Error, calculated = 58) {
  const clock = new SimulatedClock();
  const machine = readinessScoreMachine.provide({
    actors: {
      fetchScore: fromPromise(async () => {
        if (stored instanceof Error) throw Object.assign(stored, { code: 'unavailable' });
        return stored === null ? null : { displayScore: stored };
      }),
      calculateScore: fromPromise(async () => ({ displayScore: calculated })),
    },
  });
  return { clock, actor: createActor(machine, { clock, inspect }).start() };
}

describe('home hub', () => {
  it('greets the customer and shows the goal and the readiness score', async () => {
    const { actor } = scoreActor(62);
    await renderView(<HomePage firstName="Maria" areas={['dashboard', 'credit']} goalType="mortgage_loan" score={actor} hour={9} />);
    expect(screen.getByRole('heading', { name: 'Good morning, Maria' })).toBeTruthy();
    expect(screen.getByText('Buy a home')).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Loan readiness score: 62 out of 100' })).toBeTruthy();
  });

  it('says the score is being calculated until it has been generated', async () => {
    const { actor } = scoreActor(null);
    await renderView(<HomePage firstName="Maria" areas={['dashboard']} goalType="refinance" score={actor} hour={9} />);
    expect(await screen.findByText('Your score is being calculated…')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Loan readiness score/ })).toBeNull();
  });

  it('offers to calculate the score after a minute without one, and shows the calculated score', async () => {
    const { actor, clock } = scoreActor(null, 58);
    await renderView(<HomePage firstName="Maria" areas={['dashboard']} goalType="refinance" score={actor} hour={9} />);
    for (let poll = 0; poll <= READINESS_SCORE_MAX_POLLS; poll += 1) {
      await act(async () => {
        clock.increment(READINESS_SCORE_POLL_MS);
        await settle();
      });
    }
    expect(screen.getByText('Your score is not ready yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Calculate my score' }));
    expect(await screen.findByRole('img', { name: 'Loan readiness score: 58 out of 100' })).toBeTruthy();
  });

  it('says the score could not be loaded, with Try again', async () => {
    const { actor } = scoreActor(new Error('offline'));
    await renderView(<HomePage firstName="Maria" areas={['dashboard']} goalType="refinance" score={actor} hour={9} />);
    expect(await screen.findByText('We could not load your score.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("shows 'Unsupported Goal Type' for a goal this app does not know", async () => {
    const { actor } = scoreActor(40);
    await renderView(<HomePage firstName="Maria" areas={['dashboard']} goalType="boat_loan" score={actor} hour={9} />);
    expect(screen.getByText('Unsupported Goal Type')).toBeTruthy();
  });
});
