import type { CommunicationSettings, SettingsPort, SettingsUserInfo } from '../../../machines/settings/ports';
import { QUERY_KEYS, type AppPorts } from '../ports';

// The settings pages' cached reads (spec 000 §7, §9 caching) that are not in src/app/callableActors.ts yet (the
// contact is): the user info and the authorizations,
// each below the app's key of that read (QUERY_KEYS), so a save marks every copy stale at once: the shell's broker
// banner reads the contact too, the onboarding pages the user info and the authorizations. A goal save also changes
// the readiness score (the server recomputes it), which the home hub shows.

export const SETTINGS_QUERY_KEYS = {
  userInfo: [...QUERY_KEYS.userInfo, 'settings'],
  communications: [...QUERY_KEYS.authorizations, 'settings'],
} as const;

export function settingsQueries(settings: () => Promise<SettingsPort>) {
  return {
    userInfo: { queryKey: SETTINGS_QUERY_KEYS.userInfo, queryFn: async (): Promise<SettingsUserInfo> => (await settings()).getUserInfo() },
    communications: {
      queryKey: SETTINGS_QUERY_KEYS.communications,
      queryFn: async (): Promise<CommunicationSettings> => (await settings()).getAuthorizations(),
    },
  } as const;
}

/** What a settings save changed, by the reads that show it. */
export type SettingsChange = 'goal' | 'communications';

const STALE_AFTER: Record<SettingsChange, readonly (readonly string[])[]> = {
  goal: [QUERY_KEYS.userInfo, QUERY_KEYS.readinessScore],
  // The toggles are contact fields too (the CRM contact keeps them).
  communications: [QUERY_KEYS.authorizations, QUERY_KEYS.customerContact],
};

/** Marks every read that shows what `change` changed stale (the shown ones are fetched again), and waits for them. */
export async function refreshAfter(ports: Pick<AppPorts, 'queryClient'>, change: SettingsChange): Promise<void> {
  const client = await ports.queryClient();
  await Promise.all(STALE_AFTER[change].map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] })));
}
