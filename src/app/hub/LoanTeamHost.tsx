import { useSelector } from '@xstate/react';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { LoanTeamDialog } from '../../views/hub/LoanTeamDialog';
import type { HubLoadable } from '../../views/hub/hubTypes';
import type { BrokerReferralData } from '../../../machines/hub/ports';
import { useAppActors } from '../shell/appActors';
import { useCachedQuery } from '../shell/queries';
import { LOAN_TEAM_MODAL } from '../../../machines/hub/hubModals';
import { useHubModal } from './useHubModal';

// The your-loan-team dialog bound to getReferralPageData (spec 002 §7) for the session's contact, read when the dialog
// first opens and cached like the other reads (spec 000 §7). It belongs to the header (spec 000 §2.4, spec 002 §2),
// so the shell hosts it on every signed-in page; it is a modal state carried in the navigation state (spec 002 §2,
// the hub's `loanTeam`, kept by the navigation modal machine: machines/hub/hubModals.ts), so the browser's Back closes
// it and the hub's call actions open the same dialog.

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

/**
 * The shell's loan-team dialog: `open` pushes the modal state on the current page (a new history entry, so Back
 * closes it); its Close goes back over that entry, whether the header or the hub's call action added it, or clears
 * the modal state in place when the dialog was found open without one (a link). The page, its query and #fragment
 * stay as they were.
 */
export function useShellLoanTeam() {
  const modal = useHubModal();
  return {
    open: () => modal.open(LOAN_TEAM_MODAL),
    dialog: <LoanTeamHost opened={modal.shown?.hubModal === LOAN_TEAM_MODAL.hubModal} onClose={modal.close} />,
  };
}
