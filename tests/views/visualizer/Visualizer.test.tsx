import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { machineEntries } from '../../../machines';
import type { Language } from '../../../src/i18n';
import { LIVE_CHANNEL, type LiveMessage } from '../../../src/inspect';
import { Visualizer } from '../../../src/visualizer/Visualizer';
import { testI18n } from '../../support/render';

async function renderVisualizer(search: string, live = false, language: Language = 'en') {
  window.history.replaceState(null, '', `/statecharts${search}`);
  const i18n = await testI18n(language);
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <Visualizer live={live} />
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('the statechart visualizer', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('lists every registered machine and narrows the list to what the search matches', async () => {
    await renderVisualizer('');
    const nav = screen.getByRole('navigation', { name: 'Machines' });
    expect(within(nav).getAllByRole('link')).toHaveLength(machineEntries.length);

    await userEvent.type(screen.getByLabelText('Find a machine'), 'reset page');
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Password reset pagepasswordReset']);
  });

  it('opens the machine named in the URL and puts a chosen machine in the URL', async () => {
    await renderVisualizer('?machine=passwordReset');
    expect(screen.getByRole('heading', { name: 'Password reset page' })).toBeTruthy();

    await userEvent.click(screen.getByRole('link', { name: /Verify email/ }));
    expect(window.location.search).toBe('?machine=verifyEmail');
    expect(screen.getByRole('heading', { name: 'Verify email' })).toBeTruthy();
  });

  it('simulates: an actor result moves the machine on, step back and reset return to the start', async () => {
    await renderVisualizer('?machine=passwordReset');
    const state = () => screen.getByTestId('simulation-state').textContent;
    expect(state()).toBe('"loading"');

    await userEvent.click(screen.getByRole('button', { name: 'done: validateResetCode {"output":{"status":"current"}}' }));
    expect(state()).toContain('"valid"');
    expect(screen.getByRole('button', { name: 'form.submit' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Step back' }));
    expect(state()).toBe('"loading"');

    await userEvent.click(screen.getByRole('button', { name: 'after lookupTimeout (15 s)' }));
    expect(state()).toBe('"badRequest"');
    expect(screen.getByTestId('simulation-status').textContent).toBe('done');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(state()).toBe('"loading"');
  });

  it('lists the running app\'s actors from the live channel and follows one to its machine', async () => {
    const app = new BroadcastChannel(LIVE_CHANNEL);
    const requests: LiveMessage[] = [];
    app.onmessage = (message: MessageEvent<LiveMessage>) => requests.push(message.data);
    try {
      await renderVisualizer('?machine=passwordReset&tab=live', true);
      await waitFor(() => expect(requests).toContainEqual({ kind: 'request' }));
      const actor: LiveMessage = { kind: 'actor', actorId: 'x:7', machineId: 'verifyEmail', value: 'applying', status: 'active' };
      app.postMessage(actor);

      const follow = await screen.findByRole('button', { name: /verifyEmail \(x:7\)/ });
      await userEvent.click(follow);
      expect(window.location.search).toBe('?machine=verifyEmail&tab=live');
      expect(screen.getByRole('heading', { name: 'Verify email' })).toBeTruthy();
    } finally {
      app.close();
    }
  });

  it('lists the generated paths and plays one step by step', async () => {
    await renderVisualizer('?machine=passwordReset&tab=paths');
    const list = await screen.findByRole('list', { name: 'Generated paths' });
    await userEvent.click(within(list).getAllByRole('button', { name: /reaches valid/ })[0]!);
    const player = screen.getByTestId('path-player');
    expect(player.textContent).toMatch(/step 0 of \d+/);
    await userEvent.click(within(player).getByRole('button', { name: 'Next step' }));
    expect(player.textContent).toMatch(/step 1 of \d+/);
    expect(window.location.search).toContain('step=1');
  });

  it('speaks Spanish when asked, and keeps the language in the shared URL', async () => {
    await renderVisualizer('?machine=passwordReset', false, 'es');
    expect(screen.getByRole('heading', { name: 'Diagramas de estados' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Simular' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reiniciar' })).toBeTruthy();

    await userEvent.click(screen.getByText('English'));
    expect(screen.getByRole('tab', { name: 'Simulate' })).toBeTruthy();
    expect(window.location.search).toBe('?machine=passwordReset&lang=en');
  });
});
