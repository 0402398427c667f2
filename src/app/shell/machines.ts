import { errorReporterMachine } from '../../../machines/shell/errorReporter.machine';
import { featureFlagsMachine } from '../../../machines/shell/featureFlags.machine';
import { guardChainMachine } from '../../../machines/shell/guardChain.machine';
import { maintenanceMachine } from '../../../machines/shell/maintenance.machine';
import { sessionMachine, sessionSelectors } from '../../../machines/shell/session.machine';
import { userDocumentMachine } from '../../../machines/shell/userDocument.machine';
import { callbackActor, promiseActor, type AppPorts } from '../ports';
import type {
  ErrorReporterActorSignatures as ErrorReporterSig,
  FeatureFlagsActorSignatures as FeatureFlagsSig,
  MaintenanceActorSignatures as MaintenanceSig,
  SessionActorSignatures as SessionSig,
  UserDocumentActorSignatures as UserDocumentSig,
} from '../../../machines/shell/ports';
import type { ErrorReporterActor, SessionActor } from './appActors';

// The app-wide machines with their actors provided from the ports (ARCHITECTURE.md "Machines"): the session,
// the maintenance watcher, error-report batching, the live user document and feature flags, and the guard chain
// (which has no actors: the app sends it facts and routes).

export function provideSessionMachine({ auth, callables, queryCache, storage }: AppPorts) {
  return sessionMachine.provide({
    actors: {
      watchAuthUser: callbackActor<SessionSig['watchAuthUser']>((_, sendBack) =>
        auth.subscribeUser((user) => sendBack({ type: 'auth.userChanged', user })),
      ),
      readClaims: promiseActor<SessionSig['readClaims']>(({ forceRefresh }) => auth.getClaims(forceRefresh)),
      elevatePermissions: promiseActor<SessionSig['elevatePermissions']>(() => callables.elevatePermissions()),
      signInWithToken: promiseActor<SessionSig['signInWithToken']>(({ token }) => auth.signInWithCustomToken(token)),
      signOut: promiseActor<SessionSig['signOut']>(() => auth.signOut()),
      resyncClaims: promiseActor<SessionSig['resyncClaims']>(async () => {
        await callables.resyncCustomClaims();
      }),
      refreshToken: promiseActor<SessionSig['refreshToken']>(() => auth.refreshToken()),
      resetQueries: promiseActor<SessionSig['resetQueries']>(() => queryCache.reset()),
      readLastSignIn: promiseActor<SessionSig['readLastSignIn']>(async ({ uid }) => ({
        lastSignInMs: storage.readLastSignInMs(uid),
        checkedAtMs: Date.now(),
      })),
      storeLastSignIn: promiseActor<SessionSig['storeLastSignIn']>(async ({ uid }) => {
        await callables.storeLastSignIn();
        storage.writeLastSignInMs(uid, Date.now());
      }),
      reportError: promiseActor<SessionSig['reportError']>(async (reports) => {
        await callables.reportError(reports);
      }),
      removeMigrationClaim: promiseActor<SessionSig['removeMigrationClaim']>(async () => {
        await callables.removeMigrationClaim();
      }),
    },
  });
}

export function provideMaintenanceMachine({ liveData }: AppPorts) {
  return maintenanceMachine.provide({
    actors: {
      watchMaintenanceFlag: callbackActor<MaintenanceSig['watchMaintenanceFlag']>(({ siteType }, sendBack) =>
        liveData.subscribeMaintenanceFlag(
          siteType,
          (flag) => sendBack({ type: 'flag.changed', flag }),
          // An unreadable flag must not lock everyone out: treat it as no maintenance.
          () => sendBack({ type: 'flag.changed', flag: false }),
        ),
      ),
    },
  });
}

export function provideErrorReporterMachine({ callables }: AppPorts) {
  return errorReporterMachine.provide({
    actors: {
      sendErrorReports: promiseActor<ErrorReporterSig['sendErrorReports']>(async (reports) => {
        await callables.reportError(reports);
      }),
    },
  });
}

export { guardChainMachine };

/** The live user document follows the session's user; a listener that fails is reported (spec 000 §9). */
export function provideUserDocumentMachine(ports: AppPorts, session: SessionActor, errorReporter: ErrorReporterActor) {
  return userDocumentMachine.provide({
    actors: {
      watchSignedInUser: callbackActor<UserDocumentSig['watchSignedInUser']>((_, sendBack) => {
        let uid: string | null = null;
        const follow = (snapshot: ReturnType<SessionActor['getSnapshot']>) => {
          const next = sessionSelectors.uid(snapshot);
          if (next === uid) return;
          uid = next;
          sendBack({ type: 'user.changed', uid });
        };
        follow(session.getSnapshot());
        const subscription = session.subscribe(follow);
        return () => subscription.unsubscribe();
      }),
      watchUserDocument: callbackActor<UserDocumentSig['watchUserDocument']>(({ uid }, sendBack) =>
        ports.subscribeUserDocument(
          uid,
          (document) => sendBack({ type: 'userDocument.changed', document }),
          (error) => {
            errorReporter.send({ type: 'report.add', report: { message: 'user-document-listener', extra: { code: error.code } } });
            sendBack({ type: 'userDocument.failed', code: error.code });
          },
        ),
      ),
    },
  });
}

/**
 * The flags machine's fetch is one read of config/featureFlags: the first answer of a subscription, which then ends
 * (the adapter reads the document over REST or the SDK). Visibility is the document's, with window focus.
 */
export function provideFeatureFlagsMachine({ liveData }: AppPorts, page: PageVisibility = documentVisibility) {
  return featureFlagsMachine.provide({
    actors: {
      fetchFeatureFlags: promiseActor<FeatureFlagsSig['fetchFeatureFlags']>(
        () =>
          new Promise((resolve, reject) => {
            let settled = false;
            let stop: (() => void) | null = null;
            const settle = (finish: () => void) => {
              if (settled) return;
              settled = true;
              finish();
              stop?.();
            };
            stop = liveData.subscribeFeatureFlags(
              (document) => settle(() => resolve(document)),
              (error) => settle(() => reject(error)),
            );
            if (settled) stop();
          }),
      ),
      watchVisibility: callbackActor<FeatureFlagsSig['watchVisibility']>((_, sendBack) =>
        page.subscribe((visible) => sendBack({ type: 'page.visibilityChanged', visible })),
      ),
    },
  });
}

/** Whether the page is shown, on every change. */
export interface PageVisibility {
  subscribe(listener: (visible: boolean) => void): () => void;
}

const documentVisibility: PageVisibility = {
  subscribe(listener) {
    if (typeof document === 'undefined' || typeof window === 'undefined') return () => undefined;
    const onVisibility = () => listener(document.visibilityState !== 'hidden');
    const onFocus = () => listener(true);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', onFocus);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', onFocus);
    };
  },
};
