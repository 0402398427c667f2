import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CreditSimulatorRoute from '../../../src/app/credit/CreditSimulatorRoute';
import { SIMULATOR_ANALYTICS_EVENT, simulatorWidgetUrl, type SimulatorAnalyticsRecord } from '../../../src/app/credit/simulator';
import type { CreditDisplayTokens } from '../../../src/contract/credit';
import { SIMULATOR_SANDBOX_APP_KEY } from '../../../src/domain/scoreSimulator';
import { fakeAppPorts } from '../../support/appHarness';
import { renderCreditPage, stopCreditApp } from './creditAppHarness';

// /credit/simulator (spec 001 §2 "Simulator"): the widget's address carries the app key, the tokens, the report key,
// the sandbox flag and the locale; it runs in a sandboxed frame whose analytics messages count only from the widget's
// origin and the frame's own window.

afterEach(stopCreditApp);

const WIDGET = 'http://127.0.0.1:5001/demo-credit-readiness/us-west4/creditSimulatorSandbox';
const TOKENS: CreditDisplayTokens = {
  reportKey: 'report-7',
  displayToken: 'display-7',
  userToken: 'user-7',
  widgetUrl: WIDGET,
  expiresAt: '2026-11-26T01:00:00.000Z',
};

async function openSimulator(options: { language?: 'en' | 'es'; env?: Record<string, unknown>; getCreditDisplayTokens?: () => Promise<CreditDisplayTokens> } = {}) {
  const fakes = fakeAppPorts({ credit: { getCreditDisplayTokens: options.getCreditDisplayTokens ?? (async () => TOKENS) } });
  await renderCreditPage(<CreditSimulatorRoute />, fakes, { path: '/credit/simulator', language: options.language, env: options.env });
}

const frame = () => screen.findByTitle<HTMLIFrameElement>(/Score simulator|Simulador de puntaje/);

describe('the simulator widget address', () => {
  it('carries the app key, the tokens, the report key, the sandbox flag and the locale', () => {
    const url = new URL(
      simulatorWidgetUrl({ widgetUrl: WIDGET, appKey: 'key-1', userToken: 'u', displayToken: 'd', reportKey: 'r', sandbox: true, language: 'es' }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(WIDGET);
    expect(Object.fromEntries(url.searchParams)).toEqual({ appKey: 'key-1', userToken: 'u', displayToken: 'd', reportKey: 'r', sandbox: 'true', locale: 'es-US' });
  });

  it('asks for en-US for any language other than Spanish', () => {
    const params = { widgetUrl: WIDGET, appKey: 'k', userToken: 'u', displayToken: 'd', reportKey: 'r', sandbox: false };
    expect(new URL(simulatorWidgetUrl({ ...params, language: 'en' })).searchParams.get('locale')).toBe('en-US');
    expect(new URL(simulatorWidgetUrl({ ...params, language: 'es-MX' })).searchParams.get('locale')).toBe('es-US');
  });
});

describe('the simulator page', () => {
  it("opens the widget with the customer's tokens, the sandbox app key and the sandbox flag outside production", async () => {
    await openSimulator();
    const src = new URL((await frame()).src);
    expect(src.searchParams.get('appKey')).toBe(SIMULATOR_SANDBOX_APP_KEY);
    expect(src.searchParams.get('userToken')).toBe('user-7');
    expect(src.searchParams.get('displayToken')).toBe('display-7');
    expect(src.searchParams.get('reportKey')).toBe('report-7');
    expect(src.searchParams.get('sandbox')).toBe('true');
    expect(src.searchParams.get('locale')).toBe('en-US');
  });

  it('opens the widget in Spanish (es-US) for a Spanish reader, without the sandbox flag in production', async () => {
    await openSimulator({ language: 'es', env: { VITE_ENV: 'prod', VITE_SIMULATOR_APP_KEY: 'vendor-key' } });
    const src = new URL((await frame()).src);
    expect(src.searchParams.get('locale')).toBe('es-US');
    expect(src.searchParams.get('sandbox')).toBe('false');
    expect(src.searchParams.get('appKey')).toBe('vendor-key');
  });

  it('frames the widget with scripts and its own form only, keeping its origin to check its messages by', async () => {
    await openSimulator();
    expect((await frame()).getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-same-origin');
    expect(screen.getByText('Loading the score simulator…')).toBeTruthy();
    fireEvent.load(await frame());
    await waitFor(() => expect(screen.queryByText('Loading the score simulator…')).toBeNull());
  });

  it("records the widget's analytics events from its frame and origin, and ignores any other sender", async () => {
    const recorded: SimulatorAnalyticsRecord[] = [];
    const listener = (event: Event) => recorded.push((event as CustomEvent<SimulatorAnalyticsRecord>).detail);
    window.addEventListener(SIMULATOR_ANALYTICS_EVENT, listener);
    try {
      await openSimulator();
      const widget = await frame();
      const data = { type: 'simulator.event', name: 'simulation_run', bureau: 'EQUIFAX', scenarios: ['payDown'] };
      const post = (init: MessageEventInit) => act(() => void window.dispatchEvent(new MessageEvent('message', init)));
      await post({ data, origin: 'https://evil.example', source: widget.contentWindow });
      await post({ data, origin: 'http://127.0.0.1:5001', source: window });
      await post({ data: { ...data, name: 'steal_tokens' }, origin: 'http://127.0.0.1:5001', source: widget.contentWindow });
      expect(recorded).toEqual([]);
      await post({ data, origin: 'http://127.0.0.1:5001', source: widget.contentWindow });
      expect(recorded.map((record) => record.event)).toEqual([data]);
    } finally {
      window.removeEventListener(SIMULATOR_ANALYTICS_EVENT, listener);
    }
  });

  it('says the simulator could not open, and opens it with Try again', async () => {
    const getCreditDisplayTokens = vi.fn().mockRejectedValueOnce({ code: 'unavailable' }).mockResolvedValue(TOKENS);
    await openSimulator({ getCreditDisplayTokens });
    expect(await screen.findByText('We could not open the score simulator. Please try again.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await frame()).toBeTruthy();
  });

  it('offers the language toggle', async () => {
    await openSimulator();
    expect(await screen.findByRole('radiogroup', { name: 'Report language' })).toBeTruthy();
  });
});
