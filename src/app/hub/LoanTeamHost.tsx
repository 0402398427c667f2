import { useSelector } from '@xstate/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { LoanTeamDialog } from '../../views/hub/LoanTeamDialog';
import type { HubLoadable } from '../../views/hub/hubTypes';
import type { BrokerReferralData } from '../../../machines/hub/ports';
import { useAppActors } from '../shell/appActors';
import { useCachedQuery } from '../shell/queries';

// The your-loan-team dialog bound to getReferralPageData (spec 002 §7) for the session's contact, read when the dialog
// first opens and cached like the other reads (spec 000 §7). It belongs to the header (spec 000 §2.4, spec 002 §2),
// so the shell hosts it on every signed-in page; it is a modal state carried in the navigation state (spec 002 §2,
// the hub's `loanTeam`), so the browser's Back closes it and the hub's call actions open the same dialog.

/** The navigation state that opens the dialog on the page it is pushed on. */
export const LOAN_TEAM_NAVIGATION_STATE = { hubModal: 'loanTeam' } as const;

export function isLoanTeamState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'hubModal' in state && state.hubModal === LOAN_TEAM_NAVIGATION_STATE.hubModal;
}

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
 * closes it), closing replaces it with none; the page, its query and its hash stay as they were.
 */
export function useShellLoanTeam() {
  const location = useLocation();
  const navigate = useNavigate();
  const here = { pathname: location.pathname, search: location.search, hash: location.hash };
  const open = () => navigate(here, { state: LOAN_TEAM_NAVIGATION_STATE });
  const close = () => navigate(here, { replace: true, state: null });
  return { open, dialog: <LoanTeamHost opened={isLoanTeamState(location.state)} onClose={close} /> };
}
