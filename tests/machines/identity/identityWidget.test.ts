import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { SAMPLE_IDENTITY_TOKEN } from '../../../machines/identity/entries';
import { identityWidgetMachine, identityWidgetSelectors } from '../../../machines/identity/identityWidget.machine';
import type { ArrayUserToken } from '../../../machines/identity/ports';
import { machineEntry } from '../../../machines/index';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('identityWidget');
if (!entry) throw new Error('identityWidget is not registered');

runModelPaths(entry);

/** The machine with a token reader that answers token 1, 2, … and fails the reads numbered in `failing`. */
function widget(failing: number[] = []) {
  const reads: boolean[] = [];
  const machine = identityWidgetMachine.provide({
    actors: {
      readToken: fromPromise<ArrayUserToken, { fresh: boolean }>(async ({ input }) => {
        reads.push(input.fresh);
        if (failing.includes(reads.length)) throw { code: 'unavailable' };
        return { ...SAMPLE_IDENTITY_TOKEN, userToken: `token-${reads.length}` };
      }),
    },
  });
  const running = run(machine, undefined);
  const shown = () => {
    const snapshot = running.actor.getSnapshot();
    return [identityWidgetSelectors.status(snapshot), identityWidgetSelectors.token(snapshot)?.userToken ?? null];
  };
  return { reads, shown, send: running.actor.send.bind(running.actor) };
}

describe('the identity widget (spec 000 §7 getArrayUserToken, §8, §9)', () => {
  it('opens the widget with the cached token', async () => {
    const w = widget();
    expect(w.shown()).toEqual(['loading', null]);
    await settle();
    expect([w.shown(), w.reads]).toEqual([['ready', 'token-1'], [false]]);
  });

  it('reads the token anew, past the cache, once the widget refuses it', async () => {
    const w = widget();
    await settle();
    w.send({ type: 'widget.tokenRefused' });
    expect(w.shown()).toEqual(['loading', null]);
    await settle();
    expect([w.shown(), w.reads]).toEqual([['ready', 'token-2'], [false, true]]);
  });

  it('shows the error when the renewed token is refused too, and reads no more', async () => {
    const w = widget();
    await settle();
    w.send({ type: 'widget.tokenRefused' });
    await settle();
    w.send({ type: 'widget.tokenRefused' });
    await settle();
    expect([w.shown(), w.reads.length]).toEqual([['failed', null], 2]);
  });

  it('shows the error when the token cannot be read, and Try again starts over with a renewal allowed', async () => {
    const w = widget([1]);
    await settle();
    expect(w.shown()).toEqual(['failed', null]);
    w.send({ type: 'widget.retry' });
    await settle();
    expect(w.shown()).toEqual(['ready', 'token-2']);
    w.send({ type: 'widget.tokenRefused' });
    await settle();
    expect([w.shown(), w.reads]).toEqual([['ready', 'token-3'], [false, false, true]]);
  });

  it('shows the error when the renewal itself fails', async () => {
    const w = widget([2]);
    await settle();
    w.send({ type: 'widget.tokenRefused' });
    await settle();
    expect(w.shown()).toEqual(['failed', null]);
  });
});
