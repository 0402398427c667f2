import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { NotifyEmitted } from '../../../machines/ports';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { isLanguage, NOTIFICATION_NAMESPACES, rememberLanguage, storedLanguage, type Language, type NotificationNamespace } from '../../i18n';
import type { KeyIn } from '../../i18n/keys';
import { useAppActors } from './appActors';
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

/**
 * Whether someone is signed in. Signed out, the guard chain's facts are known at once (the root actors send them,
 * src/app/shell/appActors.ts); signed in, SignedInFactsSync (rendered by App) reports them.
 */
export function useFactsSync(): { signedIn: boolean } {
  const { session } = useAppActors();
  const signedIn = useSelector(session, sessionSelectors.isSignedIn);
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

/** What useLanguageSync knows when the user document's language arrives. */
export interface LanguageFollowFacts {
  /** The user document's settings.ui.lang. */
  stored: Language | null;
  /** The page's language now. */
  current: string;
  /** The user signed in on this page (not a session this browser restored when the page loaded). */
  signedInHere: boolean;
  /** This browser has a language of its own (a choice, or ?lang=). */
  browserHasChoice: boolean;
  /** An agent (or CRM) session on the customer's account: the agent's language is the agent's. */
  isAgent: boolean;
}

/**
 * The language the page switches to for the signed-in user, or null to stay (spec 000 §1): the
 * choice stored on the user is followed on every device they sign in on, so a sign-in on this page takes it over the
 * browser's language; a session restored at page load keeps the browser's own choice (an address with ?lang=, a
 * choice made here) and follows the stored one only when the browser has none. An agent keeps their own language.
 */
export function languageToFollow({ stored, current, signedInHere, browserHasChoice, isAgent }: LanguageFollowFacts): Language | null {
  if (isAgent || stored === null || stored === current) return null;
  return signedInHere || !browserHasChoice ? stored : null;
}

/**
 * Follows the language stored on the user (languageToFollow), once per signed-in user: the page switches and this
 * browser keeps it. A choice made later on this page (the credit pages' toggle, the settings page) stays even if it
 * could not be stored.
 */
export function useLanguageSync(): void {
  const { i18n } = useTranslation();
  const { session } = useAppActors();
  const uid = useSelector(session, sessionSelectors.uid);
  const signedOut = useSelector(session, sessionSelectors.isSignedOut);
  const isAgent = useSelector(session, sessionSelectors.isAgent);
  const document = useUserDocument();
  const lang = document?.uiLang ?? null;
  // Whether this page has seen the session signed out: a user after that signed in here.
  const sawSignedOut = useRef(false);
  if (signedOut) sawSignedOut.current = true;
  const followedFor = useRef<string | null>(null);
  useEffect(() => {
    if (uid === null) {
      followedFor.current = null;
      return;
    }
    // Until the user's own document is read (null before it exists) there is nothing to follow yet.
    if (!document || document.uid !== uid || followedFor.current === uid) return;
    followedFor.current = uid;
    const next = languageToFollow({
      stored: isLanguage(lang) ? lang : null,
      current: i18n.language,
      signedInHere: sawSignedOut.current,
      browserHasChoice: storedLanguage() !== null,
      isAgent,
    });
    if (next === null) return;
    rememberLanguage(next);
    void i18n.changeLanguage(next);
  }, [uid, document, lang, isAgent, i18n]);
}
