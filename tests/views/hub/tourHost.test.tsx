import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../machines/ports';
import { TourHost } from '../../../src/app/hub/TourHost';
import MoneyRoute from '../../../src/app/money/MoneyRoute';
import { useUserDocument } from '../../../src/app/shell/userDocument';
import { fakeAppPorts } from '../../support/appHarness';
import { renderCreditPage, stopCreditApp } from '../credit/creditAppHarness';

// The tour's host (spec 002 §4 Tour): the step lives in the navigation state, so each step is a history entry and a
// reload reopens the same step, once its part of the page has loaded; the rest of the navigation state is kept.

afterEach(() => stopCreditApp());

const maria: AuthUser = { uid: 'u1', email: 'maria@example.com', emailVerified: true, tenantId: 'customer', providerIds: ['password'] };

/** The home hub's tour targets; the score details button shows once "the score loads". */
function HomeLike({ scoreLoaded }: { scoreLoaded: boolean }) {
  const [loaded, setLoaded] = useState(scoreLoaded);
  const productLine = useUserDocument()?.productLine;
  return (
    <>
      {productLine ? <p>{productLine} line</p> : null}
      <TourHost page="home" />
      <div id="scoreComponent">score</div>
      {loaded ? <button id="scoreDetailsButton">details</button> : <button onClick={() => setLoaded(true)}>load the score</button>}
      <section id="actionsSection">actions</section>
    </>
  );
}

async function openHome(options: { scoreLoaded?: boolean; state?: unknown } = {}) {
  const fakes = fakeAppPorts({ userDocument: () => ({ productLine: 'Primary' }) });
  await renderCreditPage(<HomeLike scoreLoaded={options.scoreLoaded ?? true} />, fakes, { path: '/', state: options.state });
  act(() => {
    fakes.setMaintenance(false);
    fakes.setUser(maria);
  });
  await screen.findByText('Primary line');
}

// The app's providers (not the views' test theme) keep Mantine's transitions: the popover is in the tree, styled as it
// enters, so it is found with hidden elements.
const tourDialog = (title: string) =>
  waitFor(() => {
    const dialog = screen.queryAllByRole('dialog', { hidden: true }).find((element) => element.textContent?.includes(title));
    if (!dialog) throw new Error(`no tour dialog "${title}"`);
    return dialog;
  });

const navigationState = () => (window.history.state as { usr?: unknown } | null)?.usr ?? null;

describe('the guided tour on a page', () => {
  it('keeps each step in the navigation state as its own history entry', async () => {
    await openHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Take the tour' }));
    await tourDialog('Your loan readiness score');
    expect(navigationState()).toEqual({ tour: 'scoreComponent' });
    await userEvent.click(screen.getByRole('button', { name: 'Next', hidden: true }));
    await tourDialog('What makes up your score');
    expect(navigationState()).toEqual({ tour: 'scoreDetailsButton' });
    await act(async () => window.history.back());
    expect(await tourDialog('Your loan readiness score')).toBeTruthy();
  });

  it('reopens a reloaded step once its part of the page has loaded', async () => {
    await openHome({ scoreLoaded: false, state: { tour: 'scoreDetailsButton' } });
    await screen.findByRole('button', { name: 'Take the tour' });
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'load the score' }));
    const dialog = await tourDialog('What makes up your score');
    expect(dialog.textContent).toContain('Step 2 of 3');
  });

  it('keeps the rest of the navigation state when the tour ends, and gives the focus back to its button', async () => {
    await openHome({ state: { tour: 'actionsSection', from: '/credit' } });
    await tourDialog('Your next actions');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(navigationState()).toEqual({ from: '/credit' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Take the tour' })));
  });

  it('ignores a navigation state naming no step of this page', async () => {
    await openHome({ state: { tour: 'dtiMeter' } });
    await screen.findByRole('button', { name: 'Take the tour' });
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });

  it('offers no tour to the free product line', async () => {
    const fakes = fakeAppPorts({ userDocument: () => ({ productLine: 'Freemium' }) });
    await renderCreditPage(<HomeLike scoreLoaded />, fakes, { path: '/' });
    act(() => {
    fakes.setMaintenance(false);
    fakes.setUser(maria);
  });
    await screen.findByText('Freemium line');
    expect(screen.queryByRole('button', { name: 'Take the tour' })).toBeNull();
  });

  it.each([
    ['/money', true],
    ['/money/debts', false],
  ])('on %s, the money header offers the tour: %s', async (path, offered) => {
    const fakes = fakeAppPorts({ userDocument: () => ({ productLine: 'Primary' }) });
    await renderCreditPage(<MoneyRoute />, fakes, { path, pattern: '/money/*' });
    act(() => {
      fakes.setMaintenance(false);
      fakes.setUser(maria);
    });
    await screen.findByRole('navigation', { name: /./ });
    expect(screen.queryByRole('button', { name: 'Take the tour' }) !== null).toBe(offered);
  });
});
