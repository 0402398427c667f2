import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { featureFlagsSelectors } from '../../../machines/shell/featureFlags.machine';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { FEATURE_FLAG_DEFAULTS, type FeatureFlags } from '../../domain/flags';
import { canActForClient, withCoachConsoleFlag } from '../../domain/permissions';
import { inspect } from '../../inspect';
import { useAppActors } from './appActors';
import { provideFeatureFlagsMachine } from './machines';

// Feature flags (spec 000 §6): the defaults, overridden live by the config/featureFlags document. The provider owns
// the one featureFlags actor (machines/shell/featureFlags.machine.ts); pages read the flags through useFeatureFlags.

const FeatureFlagsContext = createContext<FeatureFlags>(FEATURE_FLAG_DEFAULTS);
const FeatureFlagsReadContext = createContext(false);

export function FeatureFlagsProvider({ children }: { children: ReactNode }) {
  const { ports, config } = useAppActors();
  const machine = useMemo(() => provideFeatureFlagsMachine(ports), [ports]);
  const actor = useActorRef(machine, { input: { environment: config.environment }, inspect });
  const flags = useSelector(actor, featureFlagsSelectors.flags);
  const read = useSelector(actor, featureFlagsSelectors.isRead);
  return (
    <FeatureFlagsContext.Provider value={flags}>
      <FeatureFlagsReadContext.Provider value={read}>{children}</FeatureFlagsReadContext.Provider>
    </FeatureFlagsContext.Provider>
  );
}

export function useFeatureFlags(): FeatureFlags {
  return useContext(FeatureFlagsContext);
}

/** Whether the flags document was read (until then the flags are the environment's defaults). */
export function useFeatureFlagsRead(): boolean {
  return useContext(FeatureFlagsReadContext);
}

/**
 * Whether this session may act for the client (spec 000 §6): not an agent, or an agent whose allowClientActions the
 * coach console's flag still grants (the server applies the same rule, src/domain/permissions.ts).
 */
export function useAllowsClientActions(): boolean {
  const { session } = useAppActors();
  const claims = useSelector(session, sessionSelectors.claims);
  const { coachConsoleAllowClientActions } = useFeatureFlags();
  return canActForClient(withCoachConsoleFlag(claims ?? {}, coachConsoleAllowClientActions));
}
