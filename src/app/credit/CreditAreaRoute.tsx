import { Outlet, useLocation } from 'react-router-dom';
import { badgeLabel } from '../../domain/disputes';
import { hasCreditAccess } from '../../domain/permissions';
import { BILLING_UPGRADE_PATH, ROUTES } from '../../domain/routes';
import { CreditAreaNav, type CreditAreaTab } from '../../views/credit/CreditAreaNav';
import { CreditUpgradeBanner } from '../../views/credit/CreditUpgradeBanner';
import { useNeedsDecisionCount } from '../disputes/badge';
import { useAppActors } from '../shell/appActors';
import { useUserDocument } from '../shell/userDocument';

// The credit area's pages (spec 000 §2.4 credit/*): for the free product line each of them is replaced by the
// upgrade banner (spec 001 §1; the server refuses its credit reads too), for every other line the page itself under
// the area's tabs (the disputes tab with the needs-decision badge, spec 001 §2).

const TAB_PATHS: Record<CreditAreaTab, string> = {
  overview: ROUTES.credit,
  report: ROUTES.creditReport,
  simulator: ROUTES.creditSimulator,
  disputes: ROUTES.creditDisputes,
};

function activeTab(pathname: string): CreditAreaTab | null {
  const path = pathname.replace(/\/+$/, '');
  if (path === ROUTES.credit) return 'overview';
  if (path === ROUTES.creditSimulator) return 'simulator';
  if (path === ROUTES.creditReport || path.startsWith(`${ROUTES.creditReport}/`)) return 'report';
  if (path === ROUTES.creditDisputes || path.startsWith(`${ROUTES.creditDisputes}/`)) return 'disputes';
  return null;
}

export default function CreditAreaRoute() {
  const { config } = useAppActors();
  const document = useUserDocument();
  const { pathname } = useLocation();
  const needsDecision = useNeedsDecisionCount();
  // The guard chain read the product line before this page opened; until the document is here, nothing shows.
  if (document === undefined) return null;
  if (!hasCreditAccess(document?.productLine ?? null)) {
    return <CreditUpgradeBanner upgradePath={BILLING_UPGRADE_PATH} phone={config.supportPhone} />;
  }
  return (
    <>
      <CreditAreaNav active={activeTab(pathname)} paths={TAB_PATHS} disputesBadge={badgeLabel(needsDecision)} />
      <Outlet />
    </>
  );
}
