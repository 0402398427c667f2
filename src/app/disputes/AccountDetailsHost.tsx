import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { InvestigationItemData } from '../../../machines/disputes/ports';
import { inspect } from '../../inspect';
import { AccountDetailsDialog } from '../../views/disputes/AccountDetailsDialog';
import { useAppActors } from '../shell/appActors';
import { useNotify } from '../shell/notify';
import { useSessionFacts } from '../shell/sessionFacts';
import { provideDisputeChallengeMachine } from './machines';

// account-details-{name} (spec 001 §2): the item's details dialog with its disputeChallenge actor (start, resume
// while paused, cancel; spec 001 §4 "Dispute item flow"), one per item shown.

export interface AccountDetailsHostProps {
  item: InvestigationItemData;
  /** The customer's dispute clock (yyyy-MM-dd). */
  asOf: string;
  isPaused: boolean;
  onClose: () => void;
}

export function AccountDetailsHost({ item, asOf, isPaused, onClose }: AccountDetailsHostProps) {
  const { ports } = useAppActors();
  const facts = useSessionFacts();
  const machine = useMemo(() => provideDisputeChallengeMachine(ports), [ports]);
  const challenge = useActorRef(machine, { input: { item, isPaused, today: asOf, actor: facts.actor, subscriptionOk: facts.subscriptionOk }, inspect });
  useNotify(challenge, 'disputes');
  return <AccountDetailsDialog challenge={challenge} asOf={asOf} onClose={onClose} />;
}
