import { createContext, useContext } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { inspect } from '../../inspect';
import type { AppConfig } from '../config';
import { crmLinkInParams, withoutCrmLinkInParams } from '../../domain/externalSignIn';
import type { CrmLinkInActor } from '../agent/crmLinkIn';
import type { AppPorts } from '../ports';
import { subscribeMissingTranslations } from '../../i18n/missingKeys';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { SIGNED_OUT_FACTS } from './guardFacts';
import {
  guardChainMachine,
  provideErrorReporterMachine,
  provideMaintenanceMachine,
  provideSessionMachine,
} from './machines';

// The root actors (ARCHITECTURE.md: src/app holds the root actor): created once per page, before React renders,
// with statechart coverage through `inspect`. Routes reach them and the ports through this context.

export type SessionActor = ActorRefFrom<ReturnType<typeof provideSessionMachine>>;
export type MaintenanceActor = ActorRefFrom<ReturnType<typeof provideMaintenanceMachine>>;
export type ErrorReporterActor = ActorRefFrom<ReturnType<typeof provideErrorReporterMachine>>;
export type GuardChainActor = ActorRefFrom<typeof guardChainMachine>;

export interface AppActors {
  config: AppConfig;
  ports: AppPorts;
  session: SessionActor;
  maintenance: MaintenanceActor;
  errorReporter: ErrorReporterActor;
  guardChain: GuardChainActor;
  /** The CRM link-in the page was opened with, if any (spec 000 §2.2); its machine loads in its own chunk. */
  crmLinkIn: Promise<CrmLinkInActor> | null;
}

export function createAppActors(config: AppConfig, ports: AppPorts, openedPath: string): AppActors {
  // A CRM link-in leaves the address before anything reads it (src/app/agent/crmLinkIn.tsx).
  const link = crmLinkInParams(openedPath);
  const path = link ? withoutCrmLinkInParams(openedPath) : openedPath;
  if (link) window.history.replaceState(window.history.state, '', `${path}${window.location.hash}`);
  const session = createActor(provideSessionMachine(ports), { input: { siteTenantId: config.tenantId }, inspect });
  const maintenance = createActor(provideMaintenanceMachine(ports), { input: { siteType: config.siteType, path }, inspect });
  const errorReporter = createActor(provideErrorReporterMachine(ports), { inspect });
  const guardChain = createActor(guardChainMachine, { input: { path }, inspect });
  errorReporter.start();
  guardChain.start();
  maintenance.start();
  // spec 000 §2.3: a signed-out visitor's facts go to the guard chain as soon as the session knows, as an event
  // between the actors (ARCHITECTURE.md "Data"), so the guard chain has decided by the first render when the
  // session has, and the page shows without a "Loading" render first (docs/benchmarks.md §1).
  let signedOut = false;
  session.subscribe((snapshot) => {
    const now = sessionSelectors.isSignedOut(snapshot);
    if (now && !signedOut) guardChain.send({ type: 'facts.changed', facts: SIGNED_OUT_FACTS });
    signedOut = now;
  });
  session.start();
  // spec 000 §4.1: a callable that finds no contact id in the claims sends the session to resync them.
  ports.subscribeContactIdMissing((code) => session.send({ type: 'claims.contactIdMissing', code }));
  // spec 000 §8: missing translations are reported, once each, while the reporter runs.
  const stopMissingTranslations = subscribeMissingTranslations(({ language, namespace, key }) =>
    errorReporter.send({ type: 'report.add', report: { message: 'missing-translation', extra: { language, namespace, key } } }),
  );
  errorReporter.subscribe({ complete: stopMissingTranslations, error: stopMissingTranslations });
  // The session waits from the first render (spec 000 §4.1) while the link-in's machine loads; the machine then
  // holds the session itself until it is done. The sign-in page never downloads it (its start-up budget, docs/benchmarks.md).
  let crmLinkIn: Promise<CrmLinkInActor> | null = null;
  if (link) {
    session.send({ type: 'externalSignIn.start' });
    crmLinkIn = import('../agent/crmLinkIn').then(({ startCrmLinkIn }) => startCrmLinkIn(link, config, ports, session));
    crmLinkIn.catch(() => session.send({ type: 'externalSignIn.finish' }));
  }
  return { config, ports, session, maintenance, errorReporter, guardChain, crmLinkIn };
}

export const AppActorsContext = createContext<AppActors | null>(null);

export function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('useAppActors needs AppActorsContext (src/app/App.tsx)');
  return actors;
}
