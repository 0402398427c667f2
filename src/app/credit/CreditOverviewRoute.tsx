import { useMemo } from 'react';
import { creditFactors } from '../../domain/creditFactors';
import { CreditOverviewPage, type CreditOverviewState } from '../../views/credit/overview/CreditOverviewPage';
import { useAppActors } from '../shell/appActors';
import { useCachedQuery } from '../shell/queries';
import { creditQueries } from './reportQueries';

// The credit overview at /credit (spec 002 §2): the credit display (a cached read) turned into the score, the five
// cards and the helping and hurting factors by src/domain/creditFactors.ts, as of the customer's calendar day.

/** The customer's calendar day, yyyy-MM-dd: the factors' windows (90 days, 24 months) count plain days. */
function localDay(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export default function CreditOverviewRoute() {
  const { ports } = useAppActors();
  const queries = useMemo(() => creditQueries(ports), [ports]);
  const display = useCachedQuery(queries.display.queryKey, queries.display.queryFn, true);
  const { data, isError, refetch } = display;
  const factors = useMemo(() => (data === undefined ? null : creditFactors(data, localDay(new Date()))), [data]);
  let state: CreditOverviewState;
  if (factors !== null) state = { status: 'shown', factors };
  else if (isError) state = { status: 'failed', onRetry: refetch };
  else state = { status: 'loading' };
  return <CreditOverviewPage state={state} />;
}
