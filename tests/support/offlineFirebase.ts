import type { FirebaseAdapterConfig } from '../../src/adapters/firebase/firebaseSettings';

// The adapter's settings for tests that fake the Firebase SDK's callables (vi.mock of firebase/functions): a demo
// project, no emulators, so nothing leaves the process.

export const OFFLINE_FIREBASE_CONFIG: FirebaseAdapterConfig = {
  apiKey: 'demo-key',
  projectId: 'demo-credit-readiness',
  authDomain: 'demo-credit-readiness.firebaseapp.com',
  storageBucket: 'demo-credit-readiness.appspot.com',
  useEmulators: false,
  emulatorHost: '127.0.0.1',
  defaultTenantId: 'customer',
};
