import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { Outlet } from 'react-router-dom';
import { permittedAreas } from '../../domain/permissions';
import { HomePage } from '../../views/shell/HomePage';
import { MainShell } from '../../views/shell/MainShell';
import { useAppActors } from '../appActors';
import { useFeatureFlags } from '../featureFlags';
import { QUERY_KEYS } from '../ports';
import { useCachedQuery } from '../queries';
import { useUserDocument } from '../userDocument';

// The main shell (spec 000 §2.4) for signed-in pages: areas from the claims and product line, the broker banner
// when its flag is on and the customer has a broker, the bottom navigation behind its flag, dev tools outside
// prod.

export const VISUALIZER_PATH = '/statecharts';

function useAreas() {
  const { session } = useAppActors();
  const claims = useSelector(session, (s) => s.context.claims);
  const document = useUserDocument();
  return permittedAreas(claims ?? {}, document?.productLine ?? null);
}

export default function ShellRoute() {
  const { session, ports, config } = useAppActors();
  const flags = useFeatureFlags();
  const email = useSelector(session, (s) => s.context.user?.email ?? null);
  const isCustomer = useSelector(session, (s) => s.context.claims?.customerContactId !== undefined);
  const fetchContact = useCallback(() => ports.getCustomerContact(), [ports]);
  const contact = useCachedQuery(QUERY_KEYS.customerContact, fetchContact, flags.brokerInfoBanner && isCustomer);
  const areas = useAreas();
  return (
    <MainShell
      areas={areas}
      email={email}
      brokerBanner={flags.brokerInfoBanner ? (contact.data?.Broker_Company_Name__c ?? null) : null}
      bottomNavigation={flags.bottomNavigation}
      creditReviewCount={0}
      devToolsPath={config.isProductionLike ? null : VISUALIZER_PATH}
      onSignOut={() => session.send({ type: 'session.signOut' })}
    >
      <Outlet />
    </MainShell>
  );
}

export function HomeRoute() {
  const document = useUserDocument();
  const areas = useAreas();
  return <HomePage firstName={document?.firstName ?? null} areas={areas} />;
}
