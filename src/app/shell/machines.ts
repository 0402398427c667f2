import { errorReporterMachine } from '../../../machines/shell/errorReporter.machine';
import { guardChainMachine } from '../../../machines/shell/guardChain.machine';
import { maintenanceMachine } from '../../../machines/shell/maintenance.machine';
import { sessionMachine } from '../../../machines/shell/session.machine';
import { callbackActor, promiseActor, type AppPorts } from '../ports';
import type { ErrorReporterActorSignatures as ErrorReporterSig, MaintenanceActorSignatures as MaintenanceSig, SessionActorSignatures as SessionSig } from '../../../machines/shell/ports';

// The app-wide machines with their actors provided from the ports (ARCHITECTURE.md "Machines"): the session,
// the maintenance watcher, error-report batching and the guard chain (which has no actors: the app sends it
// facts and routes).

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
