import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { NotifyEmitted } from '../../../machines/ports';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { isLanguage, NOTIFICATION_NAMESPACES, rememberLanguage, storedLanguage, type NotificationNamespace } from '../../i18n';
import type { KeyIn } from '../../i18n/keys';
import { useAppActors } from './appActors';
import { SIGNED_OUT_FACTS } from './guardFacts';
import { showNotifyToast } from './notify';
import { useUserDocument } from './userDocument';

// What connects the root actors to the page: the route (guard chain, maintenance), the facts the guard chain
// decides on, the viewer's claims (maintenance bypass), toasts the machines emit, and uncaught errors (reported in
// batches, spec 000 §9). None of these decide anything; they only carry events to the machines and back.

export function useRouteSync(): string {
  const { guardChain, maintenance } = useAppActors();
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;
  useEffect(() => {
    guardChain.send({ type: 'route.changed', path });
    maintenance.send({ type: 'route.changed', path });
  }, [guardChain, maintenance, path]);
  return path;
}

/** Signed out: the guard chain's facts are known at once. Signed in: SignedInFactsSync (rendered by App) reports them. */
export function useFactsSync(): { signedIn: boolean } {
  const { session, guardChain } = useAppActors();
  const signedOut = useSelector(session, sessionSelectors.isSignedOut);
  const signedIn = useSelector(session, sessionSelectors.isSignedIn);
  useEffect(() => {
    if (signedOut) guardChain.send({ type: 'facts.changed', facts: SIGNED_OUT_FACTS });
  }, [signedOut, guardChain]);
  return { signedIn };
}

export function useViewerSync(): void {
  const { session, maintenance } = useAppActors();
  const claims = useSelector(session, sessionSelectors.claims);
  useEffect(() => {
    maintenance.send({ type: 'viewer.changed', claims: claims ?? {} });
  }, [claims, maintenance]);
}

export function useNotifications(): void {
  const { session, maintenance } = useAppActors();
  const { t } = useTranslation(NOTIFICATION_NAMESPACES);
  useEffect(() => {
    const show = (event: NotifyEmitted<KeyIn<NotificationNamespace>>) => showNotifyToast(event, t, NOTIFICATION_NAMESPACES);
    const subscriptions = [session.on('notify', show), maintenance.on('notify', show)];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [session, maintenance, t]);
}

export function useErrorReporting(): void {
  const { errorReporter } = useAppActors();
  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      errorReporter.send({ type: 'report.add', report: { message: event.message || 'error', extra: { source: event.filename } } });
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      const reason: unknown = event.reason;
      const message = reason instanceof Error ? reason.message : String(reason);
      errorReporter.send({ type: 'report.add', report: { message: message || 'unhandled rejection' } });
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [errorReporter]);
}

/** The user's language choice is stored on the user (spec 000 §1): applied when this browser has none of its own. */
export function useLanguageSync(): void {
  const { i18n } = useTranslation();
  const document = useUserDocument();
  const lang = document?.uiLang ?? null;
  useEffect(() => {
    if (isLanguage(lang) && storedLanguage() === null && i18n.language !== lang) {
      rememberLanguage(lang);
      void i18n.changeLanguage(lang);
    }
  }, [lang, i18n]);
}
