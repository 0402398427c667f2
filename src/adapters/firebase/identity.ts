import type { IdentityPort } from '../../app/identity/port';
import { lazyCall } from './callablesPort';

// src/app/identity/port.ts over getArrayUserToken (the answer parsed with the shared contract by `call`; failures
// arrive as PortErrors). Loaded with the first identity page (src/main.tsx).

export function createIdentityPort(): IdentityPort {
  return {
    getArrayUserToken: () => lazyCall('getArrayUserToken', null),
  };
}
