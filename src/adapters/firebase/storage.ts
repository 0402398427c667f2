import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import { adapterConfig, EMULATOR_PORTS, firebaseApp } from './firebaseApp';

// Cloud Storage (documents locker, later issues) in its own module, so only the pages that upload load it.
let storage: FirebaseStorage | undefined;
export function firebaseStorage(): FirebaseStorage {
  if (storage) return storage;
  storage = getStorage(firebaseApp());
  const { useEmulators, emulatorHost } = adapterConfig();
  if (useEmulators) connectStorageEmulator(storage, emulatorHost, EMULATOR_PORTS.storage);
  return storage;
}
