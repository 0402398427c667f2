import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AuthUser } from '../../../machines/ports';
import { signInMachine } from '../../../machines/account/signIn.machine';
import { ANALYTICS_DOM_EVENT, createMemoryAnalyticsSink, startAnalytics, track, type MemoryAnalyticsSink } from '../../../src/app/analytics';
import { trackClicks } from '../../../src/app/analytics/clicks';
import { recordSimulatorEvent } from '../../../src/app/credit/simulator';
import type { AnalyticsEvent } from '../../../src/domain/analytics';
import { SIMULATOR_EVENT_MESSAGE } from '../../../src/domain/scoreSimulator';
import { inspect } from '../../../src/inspect';
import { SignInPage } from '../../../src/views/account/SignInPage';
import { renderView } from '../../support/render';

// The analytics port (spec 002 §7): the machines' domain events, the views' marked clicks and the simulator's
// widget events all reach the one sink, with no personal data.

const user: AuthUser = { uid: 'u1', email: 'pat.doe@example.com', emailVerified: true, tenantId: null, providerIds: ['password'] };

let sink: MemoryAnalyticsSink;
let stops: (() => void)[] = [];

beforeEach(() => {
  sink = createMemoryAnalyticsSink();
  stops = [startAnalytics({ sink }), trackClicks()];
});

afterEach(() => {
  for (const stop of stops) stop();
});

const names = () => sink.events().map((event) => event.name);

function signInActor() {
  const machine = signInMachine.provide({ actors: { signInWithEmail: fromPromise(async () => user) } });
  return createActor(machine, { input: {}, inspect }).start();
}

describe('the analytics port', () => {
  it("tracks a machine's domain event when it enters the event's state (a sign-in), with no personal data", async () => {
    const actor = signInActor();
    actor.send({ type: 'field.change', field: 'email', value: 'pat.doe@example.com' });
    actor.send({ type: 'field.change', field: 'password', value: 'Secret-123' });
    expect(names()).toEqual([]);
    actor.send({ type: 'form.submit' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sink.events()).toEqual([{ name: 'sign_in', properties: { machine: 'signIn' }, at: expect.any(String) }]);
    expect(JSON.stringify(sink.events())).not.toContain('example.com');
  });

  it('reports a click on a marked control through the one document listener, and nothing for unmarked ones', async () => {
    await renderView(<SignInPage actor={signInActor()} renderResetLinkRequest={() => null} hour={9} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(names()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(sink.events()).toEqual([{ name: 'click', properties: { control: 'sign-in.forgot-password' }, at: expect.any(String) }]);
  });

  it('sends the score simulator widget events to the same sink (spec 001 §7)', () => {
    recordSimulatorEvent({ type: SIMULATOR_EVENT_MESSAGE, name: 'simulation_run', bureau: 'TUC', scenarios: ['payDown', 'openCard'] });
    expect(sink.events()).toEqual([
      { name: 'simulator_event', properties: { name: 'simulation_run', bureau: 'TUC', scenarios: 'payDown,openCard' }, at: expect.any(String) },
    ]);
  });

  it('drops personal data from properties and announces each event on window', () => {
    const announced: AnalyticsEvent[] = [];
    const listener = (event: Event) => announced.push((event as CustomEvent<AnalyticsEvent>).detail);
    window.addEventListener(ANALYTICS_DOM_EVENT, listener);
    track('click', { control: 'x', email: 'pat.doe@example.com', phone: '702 555 0199' }, new Date('2026-12-07T12:00:00Z'));
    window.removeEventListener(ANALYTICS_DOM_EVENT, listener);
    const expected = { name: 'click', properties: { control: 'x' }, at: '2026-12-07T12:00:00.000Z' };
    expect(sink.events()).toEqual([expected]);
    expect(announced).toEqual([expected]);
  });
});
