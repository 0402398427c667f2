import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { hasCreditAccess } from '../../domain/permissions';
import { useAppActors } from '../shell/appActors';
import { useCachedQuery } from '../shell/queries';
import { useUserDocument } from '../shell/userDocument';
import { disputeQueries, needsDecisionCount } from './queries';

// The needs-decision badge (spec 001 §2, §4): how many dispute items still need the customer's decision, from the
// cached investigations (one read for the header's Credit link, the bottom navigation's red dot and the disputes
// tab). Only a customer's account with credit access has dispute items; for anyone else, and until the items are
// read (or when they cannot be), the count is 0 and no badge shows.

export function useNeedsDecisionCount(): number {
  const { ports, session } = useAppActors();
  const isCustomer = useSelector(session, sessionSelectors.hasCustomerContact);
  const document = useUserDocument();
  const enabled = isCustomer && document !== undefined && hasCreditAccess(document?.productLine ?? null);
  const query = useMemo(() => disputeQueries(ports).investigations, [ports]);
  const investigations = useCachedQuery(query.queryKey, query.queryFn, enabled);
  return enabled ? needsDecisionCount(investigations.data) : 0;
}
