import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback } from 'react';
import { Outlet } from 'react-router-dom';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { devToolsPath } from '../../domain/routes';
import { brokerBannerCompany } from '../../domain/layout';
import { permittedAreas, worksOnCustomerAccount } from '../../domain/permissions';
import { CoachBanner } from '../../views/agent/CoachBanner';
import { MainShell } from '../../views/shell/MainShell';
import { useNeedsDecisionCount } from '../disputes/badge';
import { useShellLoanTeam } from '../hub/LoanTeamHost';
import { useAppActors } from './appActors';
import { useAllowsClientActions, useFeatureFlags } from './featureFlags';
import { QUERY_KEYS } from '../ports';
import { GENERAL_ERROR_TOAST, useCachedQuery } from './queries';
import { useUserDocument } from './userDocument';
import { DEV_TOOLS_IN_BUILD, loadOverridesMarkerHost } from '../devTools/gate';

// The developer overrides' marker: only in builds with the developer tools (a build-time constant).
const OverridesMarkerHost = loadOverridesMarkerHost ? lazy(loadOverridesMarkerHost) : null;

/** The marker while the session carries the overridesActive claim, outside prod and restore. */
function useOverridesMarker() {
  const { session, config } = useAppActors();
  const active = useSelector(session, (snapshot) => sessionSelectors.claims(snapshot)?.overridesActive === true);
  if (!OverridesMarkerHost || config.isProductionLike || !active) return null;
  return (
    <Suspense fallback={null}>
      <OverridesMarkerHost />
    </Suspense>
  );
}

// The main shell (spec 000 §2.4) for signed-in pages: areas from the claims and product line, the broker banner
// when its flag is on and the customer has a broker, the bottom navigation behind its flag, dev tools outside
// prod. The header's Credit link and the bottom navigation's credit tab carry the count of dispute items that
// still need a decision (spec 001 §2, §4). The header's your-loan-team dialog (spec 002 §2) is hosted here, for a
// session on a customer's account (the loan team is that customer's).

function useAreas() {
  const { session } = useAppActors();
  const claims = useSelector(session, sessionSelectors.claims);
  const document = useUserDocument();
  return permittedAreas(claims ?? {}, document?.productLine ?? null);
}

/** spec 000 §6: an agent (or a CRM session) on a customer's account sees the coach banner. */
function useCoachBanner() {
  const { session } = useAppActors();
  const isAgent = useSelector(session, sessionSelectors.isAgent);
  const allowClientActions = useAllowsClientActions();
  const email = useSelector(session, sessionSelectors.email);
  const document = useUserDocument();
  if (!isAgent) return null;
  const name = [document?.firstName, document?.lastName].filter(Boolean).join(' ');
  return <CoachBanner customer={name || email} allowClientActions={allowClientActions} />;
}

function Shell({ brokerBanner }: { brokerBanner: string | null }) {
  const { session, config } = useAppActors();
  const flags = useFeatureFlags();
  const email = useSelector(session, sessionSelectors.email);
  const areas = useAreas();
  const coachBanner = useCoachBanner();
  const creditReviewCount = useNeedsDecisionCount();
  const overridesMarker = useOverridesMarker();
  const onCustomerAccount = useSelector(session, (snapshot) => worksOnCustomerAccount(sessionSelectors.claims(snapshot) ?? {}));
  const loanTeam = useShellLoanTeam();
  return (
    <MainShell
      areas={areas}
      email={email}
      brokerBanner={brokerBanner}
      coachBanner={coachBanner}
      bottomNavigation={flags.bottomNavigation}
      alternateLogo={flags.alternateLogo}
      poweredBy={flags.partnerMode}
      creditReviewCount={creditReviewCount}
      devToolsPath={DEV_TOOLS_IN_BUILD && !config.isProductionLike ? devToolsPath('actions') : null}
      overridesMarker={overridesMarker}
      onOpenLoanTeam={onCustomerAccount ? loanTeam.open : undefined}
      onSignOut={() => session.send({ type: 'session.signOut' })}
    >
      <Outlet />
      {onCustomerAccount ? loanTeam.dialog : null}
    </MainShell>
  );
}

/** The broker banner needs the customer's contact (cached read, spec 000 §7), so only when its flag is on. */
function ShellWithBrokerBanner() {
  const { session, ports, config } = useAppActors();
  const isCustomer = useSelector(session, sessionSelectors.hasCustomerContact);
  const fetchContact = useCallback(() => ports.getCustomerContact(), [ports]);
  // The banner has no failure state of its own: a failed read shows the default error toast (spec 000 §8).
  const contact = useCachedQuery(QUERY_KEYS.customerContact, fetchContact, isCustomer, GENERAL_ERROR_TOAST);
  // spec 000 §6: the banner (and the taller header) for a company-affiliated customer only.
  const brokerBanner = brokerBannerCompany({ flagOn: true, brokerCompanyName: contact.data?.Broker_Company_Name__c, lenderName: config.lenderName });
  return <Shell brokerBanner={brokerBanner} />;
}

export default function ShellRoute() {
  const flags = useFeatureFlags();
  return flags.brokerInfoBanner ? <ShellWithBrokerBanner /> : <Shell brokerBanner={null} />;
}
