import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { readinessScoreMachine } from '../../../machines/onboarding/readinessScore.machine';
import { SAMPLE_AGENT_MESSAGE } from '../../../machines/hub/entries';
import { AgentMessageModal } from '../../../src/views/hub/AgentMessageModal';
import { HomePage } from '../../../src/views/shell/HomePage';
import { renderView } from '../../support/render';

function scoreActor(displayScore: number) {
  const machine = readinessScoreMachine.provide({
    actors: {
      fetchScore: fromPromise<{ displayScore: number } | null, void>(async () => ({ displayScore })),
      calculateScore: fromPromise<{ displayScore: number }, void>(async () => ({ displayScore })),
    },
  });
  return createActor(machine).start();
}

describe('the hub score card (spec 002 §1)', () => {
  it('shows the change from the previous score and opens the details', async () => {
    const onOpen = vi.fn();
    await renderView(<HomePage firstName="Maria" areas={['dashboard']} score={scoreActor(64)} previousScore={60} onOpenScoreDetails={onOpen} hour={9} />);
    expect(await screen.findByText('Up 4 points since your last score', { exact: false })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'See score details' }));
    expect(onOpen).toHaveBeenCalled();
  });

  it('says a first score is the first, and a fall in Spanish', async () => {
    const first = await renderView(<HomePage firstName="Maria" areas={['dashboard']} score={scoreActor(50)} previousScore={null} hour={9} />);
    expect(await screen.findByText('This is your first score: it will move as you complete your actions.')).toBeTruthy();
    first.unmount();
    await renderView(<HomePage firstName="Maria" areas={['dashboard']} score={scoreActor(50)} previousScore={53} hour={9} />, { language: 'es' });
    expect(await screen.findByText('3 puntos menos que tu puntaje anterior', { exact: false })).toBeTruthy();
  });
});

describe("the coach's message modal (spec 002 §4 welcome flow)", () => {
  it('shows the message with who wrote it, and Got it dismisses it', async () => {
    const onDismiss = vi.fn();
    await renderView(<AgentMessageModal opened message={SAMPLE_AGENT_MESSAGE} onDismiss={onDismiss} />);
    expect(await screen.findByRole('dialog', { name: 'A message from your coach' })).toBeTruthy();
    expect(screen.getByText('Your score went up again.')).toBeTruthy();
    expect(screen.getByText(/^From Cody Harper · October 30, 2026$/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(onDismiss).toHaveBeenCalled();
  });
});
