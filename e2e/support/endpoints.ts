// The local backend a run of the suite talks to: scripts/e2e.mjs runs the specs on one or two backends side by side,
// each on its own loopback address (E2E_BACKEND_HOST: 127.0.0.1, or 127.0.0.2) with the emulators' usual ports
// (firebase.json), and serves the app built for it there.
export const BACKEND_HOST = process.env.E2E_BACKEND_HOST ?? '127.0.0.1';
export const PROJECT = 'demo-credit-readiness';
export const FUNCTIONS = `http://${BACKEND_HOST}:5001/${PROJECT}/us-west4`;
export const FIRESTORE = `http://${BACKEND_HOST}:8080/v1/projects/${PROJECT}/databases/(default)/documents`;
export const AUTH = `http://${BACKEND_HOST}:9099`;
export const STORAGE = `http://${BACKEND_HOST}:9199`;
/** The home hub's address: the app's root on this backend's host. */
export const HOME_URL = new RegExp(`^http://${BACKEND_HOST.replaceAll('.', '\\.')}:\\d+/$`);
