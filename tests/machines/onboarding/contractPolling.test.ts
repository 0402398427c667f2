import { fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { contractPollingMachine } from '../../../machines/onboarding/contractPolling.machine';
import { machineEntry } from '../../../machines/index';
import { run, settle } from '../../support/machineTestKit';
import { pickEvents, runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('contractPolling');
if (!entry) throw new Error('contractPolling is not registered');
runModelPaths(entry, { variants: [
  { name: 'without a contact id', input: { contactId: null, anonymous: false }, events: () => ({}) },
  {
    name: 'from quick sign-up',
    input: { contactId: '003LEAD', anonymous: true },
    events: (registered) => pickEvents(registered, ['xstate.done.actor.fetchContractLink']),
  },
] });

const LINK = 'https://esign.example/agreements/003C';

/** A contract polling machine whose fetch answers from `answers` (the last one repeats) and records its calls. */
function polling(answers: (string | null | Error)[], input = { contactId: '003C' as string | null, anonymous: false }) {
  const calls: { atMs: number; input: { contactId: string; anonymous: boolean } }[] = [];
  const clock = new SimulatedClock();
  const machine = contractPollingMachine.provide({
    actors: {
      fetchContractLink: fromPromise(async ({ input: request }) => {
        calls.push({ atMs: clock.now(), input: request });
        const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
        if (answer instanceof Error) throw Object.assign(answer, { code: 'unavailable' });
        return { link: answer ?? null };
      }),
    },
  });
  return { ...run(machine, input, clock), calls };
}

describe('contract polling (spec 001 §4)', () => {
  it('polls exactly 15 times, 1 s apart, then shows the try-again toast and goes on to authorizations', async () => {
    const { actor, calls, emitted, advance } = polling([null]);
    await settle();
    for (let second = 0; second < 20; second += 1) await advance(1_000);
    expect(calls.map((call) => call.atMs)).toEqual(Array.from({ length: 15 }, (_, index) => index * 1_000));
    expect(emitted).toEqual([{ type: 'notify', level: 'error', key: 'intake.recalculating.try-again-toast' }]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ target: '/sign-up/authorizations' });
  });

  it('goes to authorizations as soon as a poll brings the link, without the toast', async () => {
    const { actor, calls, emitted, advance } = polling([null, null, LINK]);
    await settle();
    await advance(1_000);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await advance(1_000);
    expect(calls).toHaveLength(3);
    expect(actor.getSnapshot().output).toEqual({ target: '/sign-up/authorizations' });
    expect(actor.getSnapshot().context.link).toBe(LINK);
    expect(emitted).toEqual([]);
  });

  it('polls by contact id and goes back to quick sign-up with the id when reached from there', async () => {
    const { actor, calls } = polling([LINK], { contactId: '003LEAD', anonymous: true });
    await settle();
    expect(calls[0]?.input).toEqual({ contactId: '003LEAD', anonymous: true });
    expect(actor.getSnapshot().output).toEqual({ target: '/quick-sign-up?id=003LEAD' });
  });

  it('retries a failed poll 1 s later without counting it as an empty one', async () => {
    const { actor, calls, advance } = polling([new Error('offline'), LINK]);
    await settle();
    expect(actor.getSnapshot().value).toBe('retrying');
    expect(actor.getSnapshot().context.attempts).toBe(0);
    await advance(1_000);
    expect(calls).toHaveLength(2);
    expect(actor.getSnapshot().value).toBe('linked');
  });

  it('never waives the contract gate because polls failed: 15 failed polls do not go on to authorizations', async () => {
    const { actor, calls, emitted, advance } = polling([new Error('offline')]);
    await settle();
    for (let second = 0; second < 20; second += 1) await advance(1_000);
    expect(calls).toHaveLength(3);
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(emitted).toEqual([]);
  });

  it('asks again when the customer chooses Try again after 3 failed polls in a row', async () => {
    const { actor, calls, advance } = polling([new Error('offline'), new Error('offline'), new Error('offline'), LINK]);
    await settle();
    await advance(1_000);
    await advance(1_000);
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'poll.retry' });
    await settle();
    expect(calls).toHaveLength(4);
    expect(actor.getSnapshot().output).toEqual({ target: '/sign-up/authorizations' });
  });

  it('sends a visitor without a contact id to /', async () => {
    const { actor, calls } = polling([LINK], { contactId: null, anonymous: false });
    await settle();
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().value).toBe('noContact');
    expect(actor.getSnapshot().output).toEqual({ target: '/' });
  });
});
