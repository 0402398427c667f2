import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/app/config';
import { DEV_TOOLS_IN_BUILD, devToolsInBuild, loadDevToolsAdapter, loadDevToolsRoute, loadOverridesMarkerHost } from '../../../src/app/devTools/gate';

// The developer tools exist only outside production (spec 000 §6). The build-time gate must say
// what the app's configuration says at run time (isProductionLike), for every environment a build can have: a
// build the gate lets through but the config calls production would ship the tools' code, the reverse would lose
// them where they belong. (A production build's dist is checked by `npm run build` + the grep in the report.)

const BUILDS: { name: string; env: Record<string, unknown> }[] = [
  { name: 'a build without VITE_ENV (prod)', env: { DEV: false } },
  { name: 'VITE_ENV=prod', env: { DEV: false, VITE_ENV: 'prod' } },
  { name: 'VITE_ENV=restore', env: { DEV: false, VITE_ENV: 'restore' } },
  { name: 'VITE_ENV=stage', env: { DEV: false, VITE_ENV: 'stage' } },
  { name: 'VITE_ENV=dev', env: { DEV: false, VITE_ENV: 'dev' } },
  { name: 'VITE_ENV=emulator (the e2e build)', env: { DEV: false, VITE_ENV: 'emulator' } },
  { name: 'the Vite dev server', env: { DEV: true } },
];

describe('the developer tools build gate (src/app/devTools/gate.ts)', () => {
  it.each(BUILDS)('agrees with the configuration for $name', ({ env }) => {
    expect(devToolsInBuild(env)).toBe(!readConfig(env).isProductionLike);
  });

  it('leaves the tools out of production and restore builds only', () => {
    expect(BUILDS.filter(({ env }) => !devToolsInBuild(env)).map(({ name }) => name)).toEqual([
      'a build without VITE_ENV (prod)',
      'VITE_ENV=prod',
      'VITE_ENV=restore',
    ]);
  });

  it('is the same rule as the build-time constant, which loads the chunks here (the test run is not production)', async () => {
    expect(DEV_TOOLS_IN_BUILD).toBe(devToolsInBuild(import.meta.env));
    expect(DEV_TOOLS_IN_BUILD).toBe(true);
    const loaders = [loadDevToolsRoute, loadOverridesMarkerHost, loadDevToolsAdapter];
    expect(loaders.every((load) => load !== null)).toBe(true);
    expect(typeof (await loadDevToolsAdapter?.())?.createDevToolsPort).toBe('function');
  });
});
