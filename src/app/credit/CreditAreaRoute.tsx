import { Outlet } from 'react-router-dom';
import { hasCreditAccess } from '../../domain/permissions';
import { BILLING_UPGRADE_PATH } from '../../domain/routes';
import { CreditUpgradeBanner } from '../../views/credit/CreditUpgradeBanner';
import { useAppActors } from '../shell/appActors';
import { useUserDocument } from '../shell/userDocument';

// The credit area's pages (spec 000 §2.4 credit/*): for the free product line each of them is replaced by the
// upgrade banner (spec 001 §1; the server refuses its credit reads too), for every other line the page itself.

export default function CreditAreaRoute() {
  const { config } = useAppActors();
  const document = useUserDocument();
  // The guard chain read the product line before this page opened; until the document is here, nothing shows.
  if (document === undefined) return null;
  if (!hasCreditAccess(document?.productLine ?? null)) {
    return <CreditUpgradeBanner upgradePath={BILLING_UPGRADE_PATH} phone={config.supportPhone} />;
  }
  return <Outlet />;
}
