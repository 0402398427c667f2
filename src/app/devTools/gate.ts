// Whether this build carries the developer tools (spec 000 §6: outside production only). A build
// time constant: Vite writes import.meta.env.DEV and VITE_ENV into the code as literals, so in a production build
// (VITE_ENV unset, prod or restore) the expression is `false` and everything behind it — the /dev-tools route, the
// header's button, the overrides marker, the dev tools chunk and its adapter — is dropped from the bundle. Kept as
// one expression (no function call) so the minifier can fold it. `devToolsInBuild` says the same for a given
// environment (tested against src/app/config.ts's isProductionLike).

export const DEV_TOOLS_IN_BUILD: boolean =
  import.meta.env.DEV === true ||
  (import.meta.env.VITE_ENV !== undefined && import.meta.env.VITE_ENV !== 'prod' && import.meta.env.VITE_ENV !== 'restore');

/** The rule above for any environment: the Vite dev server, or a build whose VITE_ENV is set and not prod or restore. */
export function devToolsInBuild(env: { DEV?: unknown; VITE_ENV?: unknown }): boolean {
  return env.DEV === true || (env.VITE_ENV !== undefined && env.VITE_ENV !== 'prod' && env.VITE_ENV !== 'restore');
}

// The developer tools' chunks load only through these (null in a build without them). The dynamic imports live here,
// beside the constant: the bundler drops an import behind a constant of the same module before it splits the code,
// whereas one behind an imported constant still leaves its chunk in dist (unreferenced).

/** The /dev-tools page. */
export const loadDevToolsRoute = DEV_TOOLS_IN_BUILD ? () => import('./DevToolsRoute') : null;
/** The shell's overrides marker. */
export const loadOverridesMarkerHost = DEV_TOOLS_IN_BUILD ? () => import('./OverridesMarkerHost') : null;
/** The devTools / setUser adapter. */
export const loadDevToolsAdapter = DEV_TOOLS_IN_BUILD ? () => import('../../adapters/firebase/devTools') : null;
