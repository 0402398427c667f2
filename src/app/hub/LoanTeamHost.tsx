import { useSelector } from '@xstate/react';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { LoanTeamDialog } from '../../views/hub/LoanTeamDialog';
import type { HubLoadable } from '../../views/hub/hubTypes';
import type { BrokerReferralData } from '../../../machines/hub/ports';
import { useAppActors } from '../shell/appActors';
import { useCachedQuery } from '../shell/queries';

// The your-loan-team dialog bound to getReferralPageData (spec 002 §7) for the session's contact, read when the dialog
// first opens and cached like the other reads (spec 000 §7).

export function LoanTeamHost({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { ports, session } = useAppActors();
  const contactId = useSelector(session, sessionSelectors.claims)?.customerContactId ?? null;
  const referral = useCachedQuery(
    ['referralPageData', contactId],
    async () => (contactId === null ? null : (await ports.hub()).getReferralPageData(contactId)),
    opened,
  );
  const loadable: HubLoadable<BrokerReferralData | null> =
    referral.data !== undefined ? { status: 'shown', data: referral.data } : referral.isError ? { status: 'failed', onRetry: referral.refetch } : { status: 'loading' };
  return <LoanTeamDialog opened={opened} onClose={onClose} referral={loadable} />;
}
