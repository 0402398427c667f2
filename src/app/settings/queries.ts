import type { SettingsPort, SettingsUserInfo } from '../../../machines/settings/ports';
import { QUERY_KEYS, type AppPorts } from '../ports';

// The loan-goal page's cached read (spec 000 §7, §9 caching), not in src/app/callableActors.ts yet (the contact and
// the authorizations are): the user info, below the app's key of that read (QUERY_KEYS), so a save marks every copy
// stale at once (the onboarding pages read it too). A goal save also changes the readiness score (the server
// recomputes it), which the home hub shows.

export const SETTINGS_QUERY_KEYS = {
  userInfo: [...QUERY_KEYS.userInfo, 'settings'],
} as const;

export function settingsQueries(settings: () => Promise<SettingsPort>) {
  return {
    userInfo: { queryKey: SETTINGS_QUERY_KEYS.userInfo, queryFn: async (): Promise<SettingsUserInfo> => (await settings()).getUserInfo() },
  } as const;
}

/** What a settings save changed, by the reads that show it. */
export type SettingsChange = 'goal';

const STALE_AFTER: Record<SettingsChange, readonly (readonly string[])[]> = {
  goal: [QUERY_KEYS.userInfo, QUERY_KEYS.readinessScore],
};

/** Marks every read that shows what `change` changed stale (the shown ones are fetched again), and waits for them. */
export async function refreshAfter(ports: Pick<AppPorts, 'queryClient'>, change: SettingsChange): Promise<void> {
  const client = await ports.queryClient();
  await Promise.all(STALE_AFTER[change].map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] })));
}
