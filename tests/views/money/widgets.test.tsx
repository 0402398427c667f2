import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bankWidgetMachine } from '../../../machines/money/bankWidget.machine';
import { SAMPLE_WIDGET_COACH, SAMPLE_WIDGET_INPUT } from '../../../machines/money/bankWidgetEntries';
import type { BankWidgetName, MoneyWidgetName } from '../../../src/domain/bankWidgets';
import type { Actor } from '../../../src/domain/permissions';
import { BankWidgetPage } from '../../../src/views/money/widgets/BankWidgetPage';
import { LinkAccountsDialog } from '../../../src/views/money/widgets/LinkAccountsDialog';
import { renderView } from '../../support/render';
import { actorsStoppedAfterEach } from '../../support/viewActors';

// The money area's bank widgets (spec 002 §2, §6) bound to the real bankWidget machine with a fake getWidgetUrl: the
// sandboxed frame named for the widget, Try again after a failure, a coach's read-only message and inert widget.

const { actors: running } = actorsStoppedAfterEach();

const WIDGET_URL = 'http://127.0.0.1:5001/demo-project/us-west4/bankLinkSandbox?session=0123456789abcdef0123456789abcdef';

function start(widget: BankWidgetName, actor: Actor = SAMPLE_WIDGET_INPUT.actor, fetch = async (name: BankWidgetName) => ({ url: `${WIDGET_URL}&widget=${name}` })) {
  const fetchUrl = vi.fn(fetch);
  const machine = bankWidgetMachine.provide({
    actors: { fetchWidgetUrl: fromPromise(async ({ input }: { input: { widgetName: BankWidgetName } }) => fetchUrl(input.widgetName)) },
  });
  const ref = createActor(machine, { input: { actor, widget } });
  ref.start();
  running.push(ref);
  return { ref, fetchUrl };
}

async function renderWidgetPage(widget: MoneyWidgetName, actor?: Actor, fetch?: (name: BankWidgetName) => Promise<{ url: string }>) {
  const started = start(widget, actor, fetch);
  await renderView(<BankWidgetPage actor={started.ref} widget={widget} backPath="/money" />);
  return started;
}

describe('the money widget pages', { timeout: 20_000 }, () => {
  it('frames the named widget in a sandboxed frame with its own name', async () => {
    const { fetchUrl } = await renderWidgetPage('transactions');
    const frame = (await screen.findByTitle('Transactions from your linked accounts')) as HTMLIFrameElement;
    expect([fetchUrl.mock.calls, frame.getAttribute('src'), frame.getAttribute('sandbox')?.includes('allow-scripts')]).toEqual([
      [['transactions']],
      `${WIDGET_URL}&widget=transactions`,
      true,
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Transactions' })).toBeTruthy();
  });

  it('offers Try again when the address cannot be had, and asks for a new one', async () => {
    let calls = 0;
    const { fetchUrl } = await renderWidgetPage('spending', undefined, async (name) => {
      calls += 1;
      if (calls === 1) throw { code: 'unavailable' };
      return { url: `${WIDGET_URL}&widget=${name}` };
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByTitle('Spending from your linked accounts')).toBeTruthy();
    expect(fetchUrl).toHaveBeenCalledTimes(2);
  });

  it("shows a coach without permission the read-only message and an inert widget, asking for no address", async () => {
    const { fetchUrl } = await renderWidgetPage('accounts', SAMPLE_WIDGET_COACH);
    expect(await screen.findByText('Coaches cannot connect accounts on behalf of a client.')).toBeTruthy();
    expect([screen.getByTestId('inert-widget').hasAttribute('inert'), screen.queryByTitle(/linked accounts/), fetchUrl.mock.calls]).toEqual([true, null, []]);
  });
});

describe('the link accounts dialog', { timeout: 20_000 }, () => {
  it('frames the connect widget and counts an institution linked', async () => {
    const { ref } = start('connect');
    const onClose = vi.fn();
    await renderView(<LinkAccountsDialog actor={ref} onClose={onClose} />);
    expect(await screen.findByTitle('Link your bank accounts')).toBeTruthy();
    ref.send({ type: 'bank.linked' });
    await waitFor(() => expect(screen.getByText('1 institution linked')).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('reads in Spanish', async () => {
    const { ref } = start('connect');
    await renderView(<LinkAccountsDialog actor={ref} onClose={() => undefined} />, { language: 'es' });
    expect(await screen.findByTitle('Vincula tus cuentas bancarias')).toBeTruthy();
  });
});
