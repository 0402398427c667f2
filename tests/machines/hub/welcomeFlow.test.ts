import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { SAMPLE_DISPUTE_ITEMS } from '../../../machines/disputes/entries';
import { SAMPLE_AGENT_MESSAGE } from '../../../machines/hub/entries';
import type { AgentMessageData } from '../../../machines/hub/ports';
import type { InvestigationItemData } from '../../../machines/disputes/ports';
import { welcomeFlowMachine, welcomeFlowSelectors, type WelcomeFlowInput } from '../../../machines/hub/welcomeFlow.machine';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('welcomeFlow');
if (!entry) throw new Error('welcomeFlow is not registered');
const REGISTERED = entry.testModel.input as WelcomeFlowInput;

runModelPaths(entry, {
  variants: [
    { name: 'flag off', input: { ...REGISTERED, resolvedDisputeModal: false } },
    { name: 'a coach (no views recorded)', input: { ...REGISTERED, canRecordViews: false } },
    { name: 'no resolved disputes flag, a coach', input: { ...REGISTERED, resolvedDisputeModal: false, canRecordViews: false } },
    { name: 'shown already', input: { ...REGISTERED, alreadyShown: true } },
  ],
});

const { corrected, underReview } = SAMPLE_DISPUTE_ITEMS;

function welcome(input: Partial<WelcomeFlowInput>, items: InvestigationItemData[], failMark = false, message: AgentMessageData | null = null) {
  const loads: number[] = [];
  const marked: string[][] = [];
  const messageLoads: number[] = [];
  const messagesMarked: string[] = [];
  const machine = welcomeFlowMachine.provide({
    actors: {
      loadResolvedDisputes: fromPromise<InvestigationItemData[], void>(async () => {
        loads.push(1);
        return items;
      }),
      markInvestigationsViewed: fromPromise<void, { ids: string[] }>(async ({ input: request }) => {
        marked.push(request.ids);
        if (failMark) throw { code: 'unavailable' };
      }),
      loadAgentMessage: fromPromise<AgentMessageData | null, void>(async () => {
        messageLoads.push(1);
        return message;
      }),
      markAgentMessageViewed: fromPromise<void, { name: string }>(async ({ input: request }) => {
        messagesMarked.push(request.name);
        if (failMark) throw { code: 'unavailable' };
      }),
    },
  });
  const running = run(machine, { ...REGISTERED, ...input });
  return { ...running, loads, marked, messageLoads, messagesMarked, snapshot: () => running.actor.getSnapshot() };
}

describe('the welcome flow after sign-in (spec 002 §4)', () => {
  it('shows the unviewed corrected disputes once, then marks them viewed', async () => {
    const viewed = { ...corrected, id: 'collection-seen', viewed: true };
    const w = welcome({}, [corrected, viewed, underReview]);
    await settle();
    expect(welcomeFlowSelectors.resolvedOpen(w.snapshot())).toBe(true);
    expect(welcomeFlowSelectors.resolved(w.snapshot()).map((item) => item.id)).toEqual(['collection-removed']);
    w.actor.send({ type: 'welcome.dismiss' });
    await settle();
    expect(w.marked).toEqual([['collection-removed']]);
    expect(w.snapshot().output).toEqual({ shown: true });
  });

  it('shows nothing when every corrected dispute was seen', async () => {
    const w = welcome({}, [{ ...corrected, viewed: true }, underReview]);
    await settle();
    expect([welcomeFlowSelectors.resolvedOpen(w.snapshot()), w.snapshot().output]).toEqual([false, { shown: false }]);
  });

  it('asks nothing with the flag off or when shown already in this sign-in', async () => {
    const off = welcome({ resolvedDisputeModal: false }, [corrected]);
    const shown = welcome({ alreadyShown: true }, [corrected]);
    await settle();
    expect([off.loads, shown.loads, shown.messageLoads, off.snapshot().status, shown.snapshot().status]).toEqual([[], [], [], 'done', 'done']);
  });

  it('records no view for a coach', async () => {
    const w = welcome({ canRecordViews: false }, [corrected]);
    await settle();
    w.actor.send({ type: 'welcome.dismiss' });
    await settle();
    expect([w.marked, w.snapshot().status]).toEqual([[], 'done']);
  });

  it('ends even when the views cannot be recorded', async () => {
    const w = welcome({}, [corrected], true);
    await settle();
    w.actor.send({ type: 'welcome.dismiss' });
    await settle();
    expect([w.marked.length, w.snapshot().status]).toEqual([1, 'done']);
  });

  it("shows the coach's unseen message when no resolved disputes greet, then marks it viewed", async () => {
    const w = welcome({ resolvedDisputeModal: false }, [], false, SAMPLE_AGENT_MESSAGE);
    await settle();
    expect([welcomeFlowSelectors.messageOpen(w.snapshot()), welcomeFlowSelectors.message(w.snapshot())?.name]).toEqual([true, 'AM-000142']);
    w.actor.send({ type: 'welcome.dismiss' });
    await settle();
    expect([w.messagesMarked, w.snapshot().output]).toEqual([['AM-000142'], { shown: true }]);
  });

  it('shows the resolved disputes or the message, never both', async () => {
    const w = welcome({}, [corrected], false, SAMPLE_AGENT_MESSAGE);
    await settle();
    w.actor.send({ type: 'welcome.dismiss' });
    await settle();
    expect([w.messageLoads, w.messagesMarked, w.snapshot().status]).toEqual([[], [], 'done']);
  });

  it('shows a message already seen no more, nor any message once shown in this sign-in', async () => {
    const seen = welcome({ resolvedDisputeModal: false }, [], false, { ...SAMPLE_AGENT_MESSAGE, viewed: true });
    const again = welcome({ resolvedDisputeModal: false, alreadyShown: true }, [], false, SAMPLE_AGENT_MESSAGE);
    await settle();
    expect([seen.snapshot().output, again.messageLoads, again.snapshot().output]).toEqual([{ shown: false }, [], { shown: false }]);
  });
});

describe('the welcome modals as modal states of the navigation state (spec 002 §2)', () => {
  function navigations(w: ReturnType<typeof welcome>) {
    const seen: unknown[] = [];
    w.actor.on('navigate', (event) => seen.push(event));
    return seen;
  }

  it('opens the resolved disputes as the investigations modal state in a history entry of its own, and closes it by going back', async () => {
    const w = welcome({}, [corrected]);
    const seen = navigations(w);
    w.actor.send({ type: 'route.changed', path: '/', search: '', modal: null });
    await settle();
    expect(seen).toEqual([{ type: 'navigate', to: '/', replace: false, state: { hubModal: 'investigations' } }]);
    w.actor.send({ type: 'route.changed', path: '/', search: '', modal: 'investigations' });
    expect(welcomeFlowSelectors.resolvedOpen(w.snapshot())).toBe(true);
    w.actor.send({ type: 'welcome.dismiss' });
    await settle();
    expect(seen.at(-1)).toEqual({ type: 'navigate', to: '/', back: 1 });
    expect([w.marked, w.snapshot().status]).toEqual([[[corrected.id]], 'done']);
  });

  it("closes the coach's message with the browser's Back, which dismisses it (marked viewed)", async () => {
    const w = welcome({ resolvedDisputeModal: false }, [], false, SAMPLE_AGENT_MESSAGE);
    const seen = navigations(w);
    w.actor.send({ type: 'route.changed', path: '/', search: '', modal: null });
    await settle();
    expect(seen).toEqual([{ type: 'navigate', to: '/', replace: false, state: { hubModal: 'agentMessage' } }]);
    w.actor.send({ type: 'route.changed', path: '/', search: '', modal: 'agentMessage' });
    expect(welcomeFlowSelectors.messageOpen(w.snapshot())).toBe(true);
    // Back: the entry without the modal state.
    w.actor.send({ type: 'route.changed', path: '/', search: '', modal: null });
    await settle();
    expect([w.messagesMarked, w.snapshot().status, seen.length]).toEqual([['AM-000142'], 'done', 1]);
  });

  it('keeps the modal after a reload: the entry that carries it is reused, and closing clears it in place', async () => {
    const w = welcome({ resolvedDisputeModal: false }, [], false, SAMPLE_AGENT_MESSAGE);
    const seen = navigations(w);
    w.actor.send({ type: 'route.changed', path: '/', search: '', modal: 'agentMessage' });
    await settle();
    expect(welcomeFlowSelectors.messageOpen(w.snapshot())).toBe(true);
    expect(seen).toEqual([{ type: 'navigate', to: '/', replace: true, state: { hubModal: 'agentMessage' } }]);
    w.actor.send({ type: 'welcome.dismiss' });
    await settle();
    expect(seen.at(-1)).toEqual({ type: 'navigate', to: '/', replace: true, state: null });
  });

  it('closes without recording a view for a coach, by Back as by the button', async () => {
    const w = welcome({ canRecordViews: false }, [corrected]);
    w.actor.send({ type: 'route.changed', path: '/', search: '', modal: null });
    await settle();
    w.actor.send({ type: 'route.changed', path: '/', search: '', modal: 'investigations' });
    w.actor.send({ type: 'route.changed', path: '/', search: '', modal: null });
    await settle();
    expect([w.marked, w.snapshot().status]).toEqual([[], 'done']);
  });
});
