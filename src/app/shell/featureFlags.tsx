import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { FEATURE_FLAG_DEFAULTS, featureFlagsSchema, resolveFlags, type FeatureFlags } from '../../domain/flags';
import { useAppActors } from './appActors';

// Feature flags (spec 000 §6): the defaults, overridden live by the config/featureFlags document.

const FeatureFlagsContext = createContext<FeatureFlags>(FEATURE_FLAG_DEFAULTS);

export function FeatureFlagsProvider({ children }: { children: ReactNode }) {
  const { ports, config } = useAppActors();
  const [flags, setFlags] = useState<FeatureFlags>(() => resolveFlags(null, { env: config.environment }));
  useEffect(
    () =>
      ports.liveData.subscribeFeatureFlags(
        (overrides) => {
          const parsed = featureFlagsSchema.safeParse(overrides);
          setFlags(resolveFlags(parsed.success ? parsed.data : null, { env: config.environment }));
        },
        // Unreadable overrides leave the defaults in place.
        () => undefined,
      ),
    [ports, config.environment],
  );
  return <FeatureFlagsContext.Provider value={flags}>{children}</FeatureFlagsContext.Provider>;
}

export function useFeatureFlags(): FeatureFlags {
  return useContext(FeatureFlagsContext);
}
