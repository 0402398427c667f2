import { render, type RenderResult } from '@testing-library/react';
import { App } from '../../src/app/App';
import { createAppActors, type AppActors } from '../../src/app/appActors';
import { readConfig } from '../../src/app/config';
import type { AppPorts } from '../../src/app/ports';
import { Providers } from '../../src/app/providers';
import { testI18n } from './render';

// The whole app rendered at a path with fake ports, as main.tsx wires it, for the tests that walk the app's routes.

export interface AppHarness {
  renderApp: (path: string, fakes: { ports: AppPorts }) => Promise<RenderResult>;
  /** The root actors of the app rendered last, until stopApp. */
  actors: () => AppActors | undefined;
  /** Stops the root actors (call in afterEach). */
  stopApp: () => void;
}

export function appHarness(env: Record<string, unknown>): AppHarness {
  const config = readConfig(env);
  let actors: AppActors | undefined;
  return {
    renderApp: async (path, fakes) => {
      window.history.replaceState(null, '', path);
      actors = createAppActors(config, fakes.ports, path);
      const i18n = await testI18n('en');
      return render(
        <Providers actors={actors} i18n={i18n}>
          <App />
        </Providers>,
      );
    },
    actors: () => actors,
    stopApp: () => {
      if (!actors) return;
      for (const actor of [actors.session, actors.maintenance, actors.guardChain, actors.errorReporter]) actor.stop();
      void actors.crmLinkIn?.then((actor) => actor.stop());
      actors = undefined;
    },
  };
}
