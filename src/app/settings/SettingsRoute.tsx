import { useActorRef } from '@xstate/react';
import { lazy, Suspense, useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { createActor } from 'xstate';
import { canUpdateAuth, withCoachConsoleFlag } from '../../domain/permissions';
import { isFreeLine } from '../../domain/productLine';
import { settingsPath, type SettingsPage } from '../../domain/routes';
import { rememberLanguage, type Language } from '../../i18n';
import { inspect } from '../../inspect';
import { CommunicationsPage } from '../../views/settings/CommunicationsPage';
import { LoanGoalPage } from '../../views/settings/LoanGoalPage';
import { ReauthenticationDialog } from '../../views/settings/ReauthenticationDialog';
import { SecurityPage } from '../../views/settings/SecurityPage';
import { SettingsLayout } from '../../views/settings/SettingsLayout';
import { useAppActors } from '../shell/appActors';
import { useFeatureFlags } from '../shell/featureFlags';
import { showToast } from '../shell/NotificationsHost';
import { TOAST_COLORS, useNotify } from '../shell/notify';
import { useSessionFacts, type SessionFacts } from '../shell/sessionFacts';
import { useRouteMachine } from '../shell/routeMachine';
import { useUserDocument } from '../shell/userDocument';
import { readSettingsLocation } from './location';
import { provideCommunicationTogglesMachine, provideGoalEditMachine, providePasswordChangeMachine } from './machines';
import { PersonalInfoHost } from './PersonalInfoHost';
import { useReleaseSettingsActor, useSettingsActor } from './SettingsActorProvider';

// /settings/* (spec 000 §2.5): the address decides which page shows, inside the settings layout (a sidebar on wide
// screens, a dropdown on small ones, sign-out with its confirmation). /settings → /settings/loan-goal (replace), and
// so does an unknown page. security/auth is the re-authentication dialog over the security page: one passwordChange
// actor serves both addresses, and the machine and the address follow each other (useRouteMachine): the machine
// asks for the dialog's address when the login is too old, and leaves it when the dialog closes; Back closes it.
// Billing (spec 001 §2) is the billing area's page (its own chunk, src/app/billing/BillingRoute.tsx) with its
// upgrade sub-route; the sidebar lists it for the non-free product lines (spec 000 §6), the free line reaches it
// through the upgrade banners and sees the upgrade banner there.

function LoanGoalHost({ facts }: { facts: SessionFacts }) {
  const { ports } = useAppActors();
  const machine = useMemo(() => provideGoalEditMachine(ports), [ports]);
  const goal = useActorRef(machine, { input: { actor: facts.actor }, inspect });
  useNotify(goal, 'settings');
  return <LoanGoalPage actor={goal} />;
}

/**
 * The language choice: applied at once (the whole app follows i18next), kept in this browser and
 * stored on the user with setUILang, so every device the customer signs in on opens in it (src/app/shell/sync.tsx
 * useLanguageSync). An agent's choice is the agent's own: the customer's stored language stays (the server ignores it
 * too).
 */
function useLanguageChoice(isAgent: boolean) {
  const { ports } = useAppActors();
  const { i18n } = useTranslation('creditTools');
  const value: Language = i18n.resolvedLanguage === 'es' ? 'es' : 'en';
  // One store after the other, so quick changes end with the last choice stored.
  const stored = useRef<Promise<void>>(Promise.resolve());
  const onChange = (next: Language) => {
    if (next === value) return;
    rememberLanguage(next);
    void i18n.changeLanguage(next);
    if (isAgent) return;
    stored.current = stored.current.then(() =>
      ports.setUILang(next).catch(() => {
        // The page is already in the new language; only the account's copy of the choice is missing.
        showToast({ color: TOAST_COLORS.warning, message: i18n.t('languageToggle.notSaved', { ns: 'creditTools', lng: next }) });
      }),
    );
  };
  return { value, onChange };
}

function CommunicationsHost({ facts }: { facts: SessionFacts }) {
  const { ports } = useAppActors();
  const machine = useMemo(() => provideCommunicationTogglesMachine(ports), [ports]);
  const { coachConsoleAllowClientActions } = useFeatureFlags();
  // Changing the choices is 'update auth' (spec 000 §6), as updateAuthorizations's communications branch checks it
  // (the accept-authorizations check flag, spec 002 §6, is the onboarding page's), with the coach console's flag
  // applied to the agent's allowClientActions.
  const actor = withCoachConsoleFlag(facts.actor, coachConsoleAllowClientActions);
  const toggles = useActorRef(machine, { input: { actor }, inspect });
  useNotify(toggles, 'settings');
  const language = useLanguageChoice(facts.actor.isAgent);
  return <CommunicationsPage actor={toggles} canUpdate={canUpdateAuth(actor)} language={language} />;
}

const NO_SECURITY_FLAGS = { weakPassword: false, passwordResetRequired: false } as const;

function SecurityHost({ facts }: { facts: SessionFacts }) {
  const { ports } = useAppActors();
  const document = useUserDocument();
  // The actor outlives the page and its dialog's address (SettingsActorProvider).
  const create = useCallback(
    () =>
      createActor(providePasswordChangeMachine(ports), {
        input: { actor: facts.actor, paths: { page: settingsPath('security'), reauthentication: settingsPath('security', 'auth') } },
        inspect,
      }),
    [ports, facts.actor],
  );
  const password = useSettingsActor(`${facts.uid}:${JSON.stringify(facts.actor)}`, create);
  useNotify(password, 'settings');
  useRouteMachine(password);
  if (password === null) return null;
  return (
    <>
      <SecurityPage actor={password} flags={document?.security ?? NO_SECURITY_FLAGS} />
      <ReauthenticationDialog actor={password} />
    </>
  );
}

function SettingsPageHost({ page, facts }: { page: SettingsPage; facts: SessionFacts }) {
  switch (page) {
    case 'loan-goal':
      return <LoanGoalHost facts={facts} />;
    case 'personal-info':
      return <PersonalInfoHost facts={facts} />;
    case 'communications':
      return <CommunicationsHost facts={facts} />;
    case 'security':
      return <SecurityHost facts={facts} />;
  }
}

const BillingRoute = lazy(() => import('../billing/BillingRoute'));

export default function SettingsRoute() {
  const params = useParams();
  const { session } = useAppActors();
  const facts = useSessionFacts();
  const where = readSettingsLocation(params['*']);
  const document = useUserDocument();
  // The password change's actor is the security page's: another page lets it go.
  useReleaseSettingsActor(where.kind !== 'page' || where.page !== 'security');
  if (where.kind === 'index' || where.kind === 'unknown') return <Navigate to={settingsPath('loan-goal')} replace />;
  // The guard chain lets only a signed-in session here; until its user is known there is nothing to show.
  if (facts.uid === null) return null;
  const signOut = () => session.send({ type: 'session.signOut' });
  if (where.kind === 'billing') {
    return (
      <SettingsLayout section="billing" showBilling onSignOut={signOut}>
        <Suspense fallback={null}>
          <BillingRoute key={JSON.stringify(facts.actor)} upgrade={where.upgrade} actor={facts.actor} />
        </Suspense>
      </SettingsLayout>
    );
  }
  // New permissions (claims read again) start the page's actors again with them; so does another page.
  const actorKey = `${where.page}:${JSON.stringify(facts.actor)}`;
  return (
    <SettingsLayout section={where.page} showBilling={!isFreeLine(document?.productLine)} onSignOut={signOut}>
      <SettingsPageHost key={actorKey} page={where.page} facts={facts} />
    </SettingsLayout>
  );
}

