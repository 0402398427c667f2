import { Outlet, useLocation } from 'react-router-dom';
import { hasCreditAccess } from '../../domain/permissions';
import { BILLING_UPGRADE_PATH, MONEY_PATHS } from '../../domain/routes';
import { CreditUpgradeBanner } from '../../views/credit/CreditUpgradeBanner';
import { MoneyHeader } from '../../views/money/MoneyHeader';
import { TourHost } from '../hub/TourHost';
import { useAppActors } from '../shell/appActors';
import { useUserDocument } from '../shell/userDocument';

// The money area (spec 002 §2 /money/:page/*): for the free product line every money page is replaced by the
// upgrade banner (the server refuses the money calls too), for every other line the money header
// (links to the debts page and to linking accounts) above the page: the overview at the index
// (./MoneyOverviewRoute.tsx), the debts and widget pages below it. The overview's header has the guided tour
// (spec 002 §4 Tour: moneyOverview … moneyHeader), which the other money pages do not show.

export default function MoneyRoute() {
  const { config } = useAppActors();
  const document = useUserDocument();
  const { pathname } = useLocation();
  const onOverview = pathname.replace(/\/+$/, '') === MONEY_PATHS.overview;
  // The guard chain read the product line before this page opened; until the document is here, nothing shows.
  if (document === undefined) return null;
  if (!hasCreditAccess(document?.productLine ?? null)) {
    return <CreditUpgradeBanner upgradePath={BILLING_UPGRADE_PATH} phone={config.supportPhone} />;
  }
  return (
    <>
      <MoneyHeader
        debtsPath={MONEY_PATHS.debts}
        linkAccountsPath={MONEY_PATHS.linkAccounts}
        tour={onOverview ? <TourHost page="money" /> : null}
      />
      <Outlet />
    </>
  );
}
