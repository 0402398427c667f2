import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';

// In the browser the records are on window.__statechartCoverage__ for the e2e harness.
const toggle = setup({}).createMachine({ id: 'toggle', initial: 'off', states: { off: { on: { flip: 'on' } }, on: { on: { flip: 'off' } } } });

describe('inspect in the browser', () => {
  afterEach(() => {
    delete window.__statechartCoverage__;
    vi.resetModules();
  });

  it('exposes what actors record on window.__statechartCoverage__', async () => {
    const { inspect } = await import('../../../src/inspect');
    createActor(toggle, { inspect }).start().send({ type: 'flip' });
    // off: the initial state, then the source of the flip; on: where the flip led.
    expect(window.__statechartCoverage__?.machines.toggle?.states).toEqual({ 'toggle.off': 2, 'toggle.on': 1 });
    expect(Object.keys(window.__statechartCoverage__?.machines.toggle?.transitions ?? {})).toEqual(['toggle.off|flip|0']);
  });

  it('keeps adding to a record restored on the page before it loaded (a test spanning page loads)', async () => {
    window.__statechartCoverage__ = { version: 1, machines: { toggle: { states: { 'toggle.off': 3 }, transitions: {} } } };
    const { inspect } = await import('../../../src/inspect');
    createActor(toggle, { inspect }).start();
    expect(window.__statechartCoverage__?.machines.toggle?.states).toEqual({ 'toggle.off': 4 });
  });
});
