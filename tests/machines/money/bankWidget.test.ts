import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import { bankWidgetMachine, bankWidgetSelectors, type BankWidgetInput } from '../../../machines/money/bankWidget.machine';
import { SAMPLE_WIDGET_COACH, SAMPLE_WIDGET_INPUT, SAMPLE_WIDGET_URL } from '../../../machines/money/bankWidgetEntries';
import type { BankWidgetName } from '../../../src/domain/bankWidgets';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('bankWidget');
if (!entry) throw new Error('bankWidget is not registered');

runModelPaths(entry, { variants: [{ name: 'a coach without permission', input: { ...SAMPLE_WIDGET_INPUT, actor: SAMPLE_WIDGET_COACH } }] });

function widget(input: Partial<BankWidgetInput> = {}, fail = 0) {
  const asked: BankWidgetName[] = [];
  let failures = fail;
  const machine = bankWidgetMachine.provide({
    actors: {
      fetchWidgetUrl: fromPromise<{ url: string }, { widgetName: BankWidgetName }>(async ({ input: { widgetName } }) => {
        asked.push(widgetName);
        if (failures > 0) {
          failures -= 1;
          throw { code: 'unavailable' };
        }
        return { url: `${SAMPLE_WIDGET_URL}#${widgetName}` };
      }),
    },
  });
  const running = run(machine, { ...SAMPLE_WIDGET_INPUT, ...input });
  return { asked, running, snapshot: () => running.actor.getSnapshot() };
}

describe('the bank widget (spec 002 §2, §6, §7)', () => {
  it('fetches the named widget\'s address and frames it', async () => {
    const w = widget({ widget: 'transactions' });
    await settle();
    expect([w.asked, bankWidgetSelectors.status(w.snapshot()), bankWidgetSelectors.url(w.snapshot())]).toEqual([
      ['transactions'],
      'ready',
      `${SAMPLE_WIDGET_URL}#transactions`,
    ]);
  });

  it('a coach without permission gets no address and an inert widget', async () => {
    const w = widget({ actor: SAMPLE_WIDGET_COACH });
    await settle();
    expect([w.asked, bankWidgetSelectors.status(w.snapshot()), bankWidgetSelectors.url(w.snapshot())]).toEqual([[], 'inert', null]);
  });

  it('a failure offers Try again, which asks for a new address', async () => {
    const w = widget({}, 1);
    await settle();
    expect(bankWidgetSelectors.status(w.snapshot())).toBe('failed');
    w.running.actor.send({ type: 'widget.retry' });
    await settle();
    expect([w.asked, bankWidgetSelectors.status(w.snapshot())]).toEqual([['connect', 'connect'], 'ready']);
  });

  it('says when an institution is linked', async () => {
    const w = widget();
    await settle();
    w.running.actor.send({ type: 'bank.linked' });
    expect([bankWidgetSelectors.linkedCount(w.snapshot()), w.running.emitted.map((e) => e.key)]).toEqual([1, ['linkAccounts.linked']]);
  });
});
