import { notifications } from '@mantine/notifications';
import { act, render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { readConfig } from '../../../src/app/config';
import { Providers } from '../../../src/app/providers';
import { createAppActors, type AppActors } from '../../../src/app/shell/appActors';
import type { Language } from '../../../src/i18n';
import type { FakeAppPorts } from '../../support/appHarness';
import { testI18n } from '../../support/render';

// One credit page rendered with the app's providers and fake ports, at a path, with the flags given; the address
// shows in a test id so tests see where the page sent the customer. For the refresh control, KBA, simulator and
// credit-area tests (tests/views/credit).

let actors: AppActors | undefined;

export function stopCreditApp(): void {
  // The toasts of one test do not crowd out the next one's (Mantine shows five at a time).
  notifications.clean();
  for (const actor of [actors?.session, actors?.maintenance, actors?.guardChain, actors?.errorReporter]) actor?.stop();
  actors = undefined;
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface CreditAppOptions {
  path: string;
  /** The router pattern the element serves, default `path` without its query. */
  pattern?: string;
  /** The config/featureFlags document's overrides. */
  flags?: Record<string, boolean>;
  env?: Record<string, unknown>;
  language?: Language;
  /** The navigation state the page opens with (as after a reload of a page that had it). */
  state?: unknown;
}

export async function renderCreditPage(element: ReactNode, fakes: FakeAppPorts, options: CreditAppOptions) {
  fakes.ports.liveData.subscribeFeatureFlags = (listener) => {
    listener(options.flags ?? {});
    return () => undefined;
  };
  // The router keeps its navigation state under `usr` in the history entry.
  window.history.replaceState(options.state === undefined ? null : { usr: options.state, key: 'reloaded', idx: 0 }, '', options.path);
  actors = createAppActors(readConfig(options.env ?? { VITE_ENV: 'emulator' }), fakes.ports, options.path);
  const i18n = await testI18n(options.language ?? 'en');
  const pattern = options.pattern ?? options.path.split('?')[0]!;
  await act(async () => {
    render(
      <Providers actors={actors!} i18n={i18n}>
        <Location />
        <Suspense fallback={<p>loading</p>}>
          <Routes>
            <Route path={pattern} element={element} />
            <Route path="*" element={<p>another page</p>} />
          </Routes>
        </Suspense>
      </Providers>,
    );
  });
  return { i18n, actors: actors! };
}
