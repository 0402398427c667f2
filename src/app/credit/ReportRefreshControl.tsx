import { useMediaQuery } from '@mantine/hooks';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { reportRefreshSelectors, type ReportRefreshEmitted } from '../../../machines/credit/reportRefresh.machine';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import type { CustomerContact } from '../../contract/contact';
import { BREAKPOINTS_PX } from '../../domain/constants';
import type { ReportRefreshFacts } from '../../domain/reportRefresh';
import { inspect } from '../../inspect';
import { ReportRefreshButton, type RefreshControlState } from '../../views/credit/refresh/ReportRefreshButton';
import { QUERY_KEYS } from '../ports';
import { useAppActors } from '../shell/appActors';
import { useFeatureFlags } from '../shell/featureFlags';
import { showNotifyToast } from '../shell/notify';
import { useCachedQuery } from '../shell/queries';
import { invalidateAfterOrder, provideReportRefreshMachine } from './machines';

// spec 001 §2, §4 "Report ordering", §5: the report's Refresh control. Its reportRefresh actor belongs to this
// control (one per report page); the facts are the customer's contact (Credit_Pull_Date__c, KBA_Status__c, a cached
// read), the claims and the KBA flag, told to the machine whenever they change. The machine's toasts show here; a
// pulled report invalidates the credit reads and the contact; an order that needs the identity check goes to /kba.

const NAMESPACES: readonly ('creditTools' | 'errors')[] = ['creditTools', 'errors'];

/** The customer's calendar day, yyyy-MM-dd (the refresh rule compares plain days, spec 001 §5). */
function localDay(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function useExplainLayout(): 'tooltip' | 'dialog' {
  const small = useMediaQuery(`(max-width: ${BREAKPOINTS_PX.sm - 1}px)`) ?? false;
  return small ? 'dialog' : 'tooltip';
}

function RefreshMachineControl({ facts, kbaFlag }: { facts: ReportRefreshFacts; kbaFlag: boolean }) {
  const { ports } = useAppActors();
  const navigate = useNavigate();
  const { t } = useTranslation(NAMESPACES);
  const machine = useMemo(() => provideReportRefreshMachine(ports), [ports]);
  const actor = useActorRef(machine, { input: { facts, today: localDay(), kbaFlag }, inspect });
  useEffect(() => {
    actor.send({ type: 'facts.changed', facts, today: localDay(), kbaFlag });
  }, [actor, facts, kbaFlag]);
  useEffect(() => {
    const subscriptions = [
      actor.on('notify', (event: Extract<ReportRefreshEmitted, { type: 'notify' }>) => showNotifyToast(event, t, NAMESPACES)),
      actor.on('report.ordered', () => void invalidateAfterOrder(ports)),
      actor.on('navigate', ({ to, replace }) => void navigate(to, { replace: replace ?? false })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, navigate, ports, t]);
  const status = useSelector(actor, reportRefreshSelectors.status);
  const until = useSelector(actor, reportRefreshSelectors.disabledUntil);
  const needsKba = useSelector(actor, reportRefreshSelectors.needsKba);
  const state: RefreshControlState = status === 'disabled' ? { kind: 'disabled', until } : { kind: status };
  return (
    <ReportRefreshButton
      state={state}
      needsKba={needsKba}
      explain={useExplainLayout()}
      onRefresh={() => actor.send({ type: 'refresh.order' })}
    />
  );
}

export function ReportRefreshControl() {
  const { ports, session } = useAppActors();
  const flags = useFeatureFlags();
  const isAgent = useSelector(session, sessionSelectors.isAgent);
  const allowClientActions = useSelector(session, sessionSelectors.allowsClientActions);
  const hasContact = useSelector(session, sessionSelectors.hasCustomerContact);
  const fetchContact = useCallback((): Promise<CustomerContact> => ports.getCustomerContact(), [ports]);
  const contact = useCachedQuery(QUERY_KEYS.customerContact, fetchContact, hasContact);
  const explain = useExplainLayout();
  const pullDate = contact.data?.Credit_Pull_Date__c ?? null;
  const kbaStatus = contact.data?.KBA_Status__c ?? null;
  const facts = useMemo(
    (): ReportRefreshFacts => ({ creditPullDate: pullDate, kbaStatus, isAgent, allowClientActions }),
    [pullDate, kbaStatus, isAgent, allowClientActions],
  );
  // Without the contact nothing can be decided: the report still reads, so the control stays out of the way.
  if (contact.isError && contact.data === undefined) return null;
  if (contact.data === undefined) return <ReportRefreshButton state={{ kind: 'checking' }} needsKba={false} explain={explain} onRefresh={() => undefined} />;
  return <RefreshMachineControl facts={facts} kbaFlag={flags.kba} />;
}
