import { assign, setup, type SnapshotFrom } from 'xstate';
import { featureFlagsSchema, resolveFlags, type Environment, type FeatureFlags } from '../../src/domain/flags';
import type { FeatureFlagsActorSignatures } from './ports';
import { providedCallback } from '../actors';

// spec 000 §6 "Feature flags (defaults)": the environment's defaults from the start, overridden live by the
// config/featureFlags document (ARCHITECTURE.md "Data"). A document that does not parse counts as no overrides.

type Sig = FeatureFlagsActorSignatures;

export interface FeatureFlagsContext {
  environment: Environment;
  flags: FeatureFlags;
}

export type FeatureFlagsEvent = Sig['watchFeatureFlags']['sends'];

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
    watchFeatureFlags: providedCallback<Sig['watchFeatureFlags']>('watchFeatureFlags'),
  },
  actions: {
    assignFlags: assign(({ context }, params: { overrides: Record<string, unknown> }) => {
      const parsed = featureFlagsSchema.safeParse(params.overrides);
      return { flags: resolveFlags(parsed.success ? parsed.data : null, { env: context.environment }) };
    }),
  },
}).createMachine({
  id: 'featureFlags',
  context: ({ input }) => ({ environment: input.environment, flags: resolveFlags(null, { env: input.environment }) }),
  invoke: { id: 'watchFeatureFlags', src: 'watchFeatureFlags' },
  initial: 'defaults',
  on: {
    'featureFlags.changed': {
      target: '.live',
      actions: { type: 'assignFlags', params: ({ event }) => ({ overrides: event.overrides }) },
    },
  },
  states: {
    // Until the document is first read.
    defaults: {},
    // The document as last read (the environment's defaults where it sets nothing).
    live: {},
  },
});

type FeatureFlagsSnapshot = SnapshotFrom<typeof featureFlagsMachine>;

export const featureFlagsSelectors = {
  flags: (s: FeatureFlagsSnapshot) => s.context.flags,
  /** The flags document was read: a page behind a flag off by default waits for it rather than showing not-found. */
  isRead: (s: FeatureFlagsSnapshot) => s.matches('live'),
};
