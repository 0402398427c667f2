import { describe, expect, it } from 'vitest';
import { machineEntry } from '../../../machines/index';
import { toastHighlightMachine, toastHighlightSelectors as select } from '../../../machines/shell/toastHighlight.machine';
import { TOAST_HIGHLIGHT_RESET_MS } from '../../../src/domain/constants';
import { run } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

// A toast asked for again while it shows is highlighted, and the highlight resets after 3000 ms (spec 001 §9).

const entry = machineEntry('toastHighlight');
if (!entry) throw new Error('toastHighlight is not registered');

runModelPaths(entry);

describe('the highlight of a repeated toast (spec 001 §9)', () => {
  it('shows a new toast plainly, highlights it when repeated and resets the highlight 3000 ms later', async () => {
    const m = run(toastHighlightMachine);
    const highlighted = () => select.highlighted(m.actor.getSnapshot());
    expect(highlighted()).toBe(false);
    m.actor.send({ type: 'toast.repeated' });
    expect(highlighted()).toBe(true);
    await m.advance(TOAST_HIGHLIGHT_RESET_MS - 1);
    expect(highlighted()).toBe(true);
    await m.advance(1);
    expect(highlighted()).toBe(false);
  });

  it('gives the highlight its full time again at each repeat', async () => {
    const m = run(toastHighlightMachine);
    const highlighted = () => select.highlighted(m.actor.getSnapshot());
    m.actor.send({ type: 'toast.repeated' });
    await m.advance(TOAST_HIGHLIGHT_RESET_MS - 1);
    m.actor.send({ type: 'toast.repeated' });
    await m.advance(TOAST_HIGHLIGHT_RESET_MS - 1);
    expect(highlighted()).toBe(true);
    await m.advance(1);
    expect(highlighted()).toBe(false);
  });
});
