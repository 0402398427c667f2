import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { BREAKPOINTS_PX } from '../../domain/constants';
import { reportRefreshEligibility } from '../../domain/reportRefresh';
import { ReportRefreshButton, type RefreshControlState } from '../../views/credit/refresh/ReportRefreshButton';
import { QUERY_KEYS } from '../ports';
import { useAppActors } from '../shell/appActors';
import { useCachedQuery } from '../shell/queries';

// spec 001 §2, §5: the report's refresh control. The facts are the customer's contact (Credit_Pull_Date__c,
// KBA_Status__c, a cached read) and the claims.

const today = () => new Date().toISOString().slice(0, 10);

export function ReportRefreshControl() {
  const { ports, session } = useAppActors();
  const isAgent = useSelector(session, sessionSelectors.isAgent);
  const allowClientActions = useSelector(session, sessionSelectors.allowsClientActions);
  const fetchContact = useCallback(() => ports.getCustomerContact(), [ports]);
  const contact = useCachedQuery(QUERY_KEYS.customerContact, fetchContact, true);
  const small = useMediaQuery(`(max-width: ${BREAKPOINTS_PX.sm}px)`) ?? false;
  let state: RefreshControlState = { kind: 'loading' };
  if (contact.data) {
    const eligibility = reportRefreshEligibility(
      {
        creditPullDate: contact.data.Credit_Pull_Date__c,
        kbaStatus: contact.data.KBA_Status__c,
        isAgent,
        allowClientActions,
      },
      today(),
    );
    state = eligibility.kind === 'disabled' ? { kind: 'disabled', until: eligibility.date } : eligibility;
  }
  return <ReportRefreshButton state={state} explain={small ? 'dialog' : 'tooltip'} onRefresh={() => undefined} />;
}
