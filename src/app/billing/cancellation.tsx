import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { cancellationRequestSelectors, type CancellationView } from '../../../machines/billing/cancellationRequest.machine';
import type { PaymentData } from '../../../machines/billing/ports';
import type { Actor } from '../../domain/permissions';
import { inspect } from '../../inspect';
import { useAppActors } from '../shell/appActors';
import { useNotify } from '../shell/notify';
import { provideCancellationRequestMachine } from './machines';

// The billing page's cancellation request (spec 001 §2 Billing, §4, §9) as the page shows it: hidden unless the
// mailing state is CA, the button, the button waiting, or the processed message. The machine decides from what was
// known when it started (the contact's state, the payment data's cancellation), so the page starts it once both
// are read (and again when either changes: `key`). A failed request is also reported (the app's error reporter).

export interface CancellationBindingProps {
  actor: Actor;
  mailingStateCode: string | null;
  status: PaymentData['cancellation'];
  /** Reloads the payment data (after 'already-complete'). */
  refresh: () => void;
  children: (cancellation: { view: CancellationView; request: () => void }) => ReactNode;
}

export function CancellationBinding({ actor, mailingStateCode, status, refresh, children }: CancellationBindingProps) {
  const { ports, errorReporter } = useAppActors();
  const machine = useMemo(() => provideCancellationRequestMachine(ports, refresh), [ports, refresh]);
  const cancellation = useActorRef(machine, { input: { actor, mailingStateCode, status }, inspect });
  useNotify(cancellation, 'billing');
  // A failed request (not in-progress / already-complete) goes to the app's error reporting (spec 000 §9).
  useEffect(() => {
    const subscription = cancellation.on('report', ({ report }) => errorReporter.send({ type: 'report.add', report }));
    return () => subscription.unsubscribe();
  }, [cancellation, errorReporter]);
  const view = useSelector(cancellation, cancellationRequestSelectors.view);
  return children({ view, request: () => cancellation.send({ type: 'cancellation.request' }) });
}
