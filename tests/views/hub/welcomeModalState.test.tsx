import { act, screen, waitFor } from '@testing-library/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { SAMPLE_AGENT_MESSAGE } from '../../../machines/hub/entries';
import type { AgentMessageData } from '../../../machines/hub/ports';
import type { InvestigationItemData } from '../../../machines/disputes/ports';
import { WELCOME_MODAL_KEY, welcomeFlowMachine, welcomeFlowSelectors } from '../../../machines/hub/welcomeFlow.machine';
import { useRouteMachine } from '../../../src/app/shell/routeMachine';
import { renderView } from '../../support/render';

// The welcome flow's modals as the hub's modal states in the router's navigation state (spec 002 §2), as
// src/app/hub/WelcomeFlow.tsx connects them: opening adds a history entry carrying the state, Back closes the modal.

let goBack: (() => void) | null = null;
const marked: string[] = [];

function Hub() {
  const machine = useMemo(
    () =>
      welcomeFlowMachine.provide({
        actors: {
          loadResolvedDisputes: fromPromise<InvestigationItemData[], void>(async () => []),
          markInvestigationsViewed: fromPromise<void, { ids: string[] }>(async () => undefined),
          loadAgentMessage: fromPromise<AgentMessageData | null, void>(async () => SAMPLE_AGENT_MESSAGE),
          markAgentMessageViewed: fromPromise<void, { name: string }>(async ({ input }) => {
            marked.push(input.name);
          }),
        },
      }),
    [],
  );
  const actor = useActorRef(machine, { input: { resolvedDisputeModal: false, alreadyShown: false, canRecordViews: true, agentMessage: true } });
  useRouteMachine(actor, { modalKey: WELCOME_MODAL_KEY });
  const open = useSelector(actor, welcomeFlowSelectors.messageOpen);
  const location = useLocation();
  const navigate = useNavigate();
  goBack = () => navigate(-1);
  return (
    <>
      <p data-testid="modal-state">{JSON.stringify(location.state)}</p>
      <p data-testid="open">{String(open)}</p>
    </>
  );
}

describe("the coach's message as the hub's agentMessage modal state", () => {
  it('opens in a history entry carrying the modal state, and Back closes it and records the view', async () => {
    await renderView(
      <Routes>
        <Route path="/" element={<Hub />} />
      </Routes>,
    );
    await waitFor(() => expect(screen.getByTestId('open').textContent).toBe('true'));
    expect(screen.getByTestId('modal-state').textContent).toBe(JSON.stringify({ hubModal: 'agentMessage' }));
    act(() => goBack?.());
    await waitFor(() => expect(screen.getByTestId('open').textContent).toBe('false'));
    expect(screen.getByTestId('modal-state').textContent).toBe('null');
    await waitFor(() => expect(marked).toEqual(['AM-000142']));
  });
});
