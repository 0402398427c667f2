import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { InvestigationItemData } from '../../../machines/disputes/ports';
import { inspect } from '../../inspect';
import { DisputeWizardDialog, type WalkthroughActor } from '../../views/disputes/DisputeWizardDialog';
import { useAppActors } from '../shell/appActors';
import { useNotify } from '../shell/notify';
import { useSessionFacts } from '../shell/sessionFacts';
import { provideDisputeWizardMachine } from './machines';

// The dashboard's dispute wizard (spec 001 §4 "Wizard", §5): one disputeWizard actor for as long as the dialog is
// open, over the items as the dashboard read them (the machine keeps the reviewable ones). `begin`: straight to the
// first category (Review disputes); otherwise the intro (Get started). Ends with the machine's output.

export interface DisputeWizardHostProps {
  items: InvestigationItemData[];
  begin: boolean;
  onClosed: (submitted: boolean) => void;
  /** The walkthrough video (the page's, kept in the navigation state); null without its flag. */
  walkthrough: WalkthroughActor | null;
}

export function DisputeWizardHost({ items, begin, onClosed, walkthrough }: DisputeWizardHostProps) {
  const { ports } = useAppActors();
  const facts = useSessionFacts();
  const machine = useMemo(() => provideDisputeWizardMachine(ports), [ports]);
  // The input is read once, when the wizard opens.
  const wizard = useActorRef(machine, { input: { items, actor: facts.actor, subscriptionOk: facts.subscriptionOk, source: 'dashboard' }, inspect });
  useNotify(wizard, 'disputes');
  const closedRef = useRef(onClosed);
  closedRef.current = onClosed;
  useEffect(() => {
    if (begin) wizard.send({ type: 'wizard.begin' });
    const subscription = wizard.subscribe((snapshot) => {
      if (snapshot.status === 'done') closedRef.current(snapshot.output?.submitted === true);
    });
    return () => subscription.unsubscribe();
  }, [wizard, begin]);
  return <DisputeWizardDialog wizard={wizard} walkthrough={walkthrough} />;
}
