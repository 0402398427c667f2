import { assign, setup, type SnapshotFrom } from 'xstate';
import { REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS } from '../../src/domain/constants';
import { parseFlagOverrides, resolveFlags, type Environment, type FeatureFlags } from '../../src/domain/flags';
import type { FeatureFlagsActorSignatures } from './ports';
import { provided, providedCallback } from '../actors';
import { machineSpec, spec } from '../spec';

// spec 000 §6 "Feature flags (defaults)": the environment's defaults from the start, then the config/featureFlags
// document fetched as remote config fetches (minimum fetch interval 10 s): once at start, then again when the page is
// visible and the last fetch is at least MIN_FETCH_INTERVAL old (a timer while the page is shown, or the page coming
// back into view). A flag the document lacks, or sets with the wrong type, is its default. A fetch that fails
// leaves the flags as they are. (The maintenance flag is not a feature flag: it has its own live document,
// machines/shell/maintenance.machine.ts.)

type Sig = FeatureFlagsActorSignatures;

export interface FeatureFlagsContext {
  environment: Environment;
  flags: FeatureFlags;
  /** A fetch answered (or failed): until then the flags are the environment's defaults. */
  fetched: boolean;
  /** Whether the page is shown (refetches wait for it). */
  visible: boolean;
}

export type FeatureFlagsEvent = Sig['watchVisibility']['sends'];

export interface FeatureFlagsInput {
  environment: Environment;
}

export const featureFlagsMachine = setup({
  types: {
    context: {} as FeatureFlagsContext,
    events: {} as FeatureFlagsEvent,
    input: {} as FeatureFlagsInput,
  },
  actors: {
    fetchFeatureFlags: provided<Sig['fetchFeatureFlags']>('fetchFeatureFlags'),
    watchVisibility: providedCallback<Sig['watchVisibility']>('watchVisibility'),
  },
  delays: {
    MIN_FETCH_INTERVAL: REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS,
  },
  guards: {
    isVisible: ({ context }) => context.visible,
    isShownAgain: (_, params: { visible: boolean }) => params.visible,
  },
  actions: {
    assignFlags: assign(({ context }, params: { document: Record<string, unknown> }) => ({
      flags: resolveFlags(parseFlagOverrides(params.document), { env: context.environment }),
      fetched: true,
    })),
    markFetched: assign({ fetched: true }),
    assignVisible: assign((_, params: { visible: boolean }) => ({ visible: params.visible })),
  },
}).createMachine({
  id: 'featureFlags',
  meta: machineSpec(['000 §6']),
  context: ({ input }) => ({
    environment: input.environment,
    flags: resolveFlags(null, { env: input.environment }),
    fetched: false,
    visible: true,
  }),
  invoke: { id: 'watchVisibility', src: 'watchVisibility' },
  on: {
    'page.visibilityChanged': { actions: { type: 'assignVisible', params: ({ event }) => ({ visible: event.visible }) } },
  },
  initial: 'fetching',
  states: {
    fetching: {
      meta: spec('000 §6'),
      invoke: {
        id: 'fetchFeatureFlags',
        src: 'fetchFeatureFlags',
        onDone: { target: 'fresh', actions: { type: 'assignFlags', params: ({ event }) => ({ document: event.output }) } },
        onError: { target: 'fresh', actions: 'markFetched' },
      },
    },
    // Fetched less than MIN_FETCH_INTERVAL ago: no fetch, whatever happens.
    fresh: {
      meta: spec('000 §6'),
      after: {
        MIN_FETCH_INTERVAL: [{ guard: 'isVisible', target: 'fetching' }, { target: 'stale' }],
      },
    },
    // Due for a fetch, waiting for the page to be shown again.
    stale: {
      meta: spec('000 §6'),
      on: {
        'page.visibilityChanged': {
          guard: { type: 'isShownAgain', params: ({ event }) => ({ visible: event.visible }) },
          target: 'fetching',
          actions: { type: 'assignVisible', params: ({ event }) => ({ visible: event.visible }) },
        },
      },
    },
  },
});

type FeatureFlagsSnapshot = SnapshotFrom<typeof featureFlagsMachine>;

export const featureFlagsSelectors = {
  flags: (s: FeatureFlagsSnapshot) => s.context.flags,
  /** The flags were fetched: a page behind a flag off by default waits for it rather than showing not-found. */
  isRead: (s: FeatureFlagsSnapshot) => s.context.fetched,
};
