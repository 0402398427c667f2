import type { IdentityPort } from '../../../machines/identity/ports';
import { lazyCall } from './callablesPort';

// machines/identity/ports.ts over getArrayUserToken (the answer parsed with the shared contract by `call`; failures
// arrive as PortErrors). Loaded with the first identity page (src/main.tsx).

export function createIdentityPort(): IdentityPort {
  return {
    getArrayUserToken: () => lazyCall('getArrayUserToken', null),
  };
}
