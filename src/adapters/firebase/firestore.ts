import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
import { adapterConfig, EMULATOR_PORTS, firebaseApp } from './firebaseApp';

// Firestore lives in its own module so pages that never read live data do not pay for it.
let firestore: Firestore | undefined;
export function firebaseFirestore(): Firestore {
  if (firestore) return firestore;
  firestore = getFirestore(firebaseApp());
  const { useEmulators, emulatorHost } = adapterConfig();
  if (useEmulators) connectFirestoreEmulator(firestore, emulatorHost, EMULATOR_PORTS.firestore);
  return firestore;
}
