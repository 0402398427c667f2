import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { paymentPipelineSelectors, type paymentPipelineMachine } from '../../../machines/billing/paymentPipeline.machine';
import { PaymentForm } from '../../views/billing/PaymentForm';

// The payment form bound to a paymentPipeline actor (spec 001 §4): the machine keeps the typed card (in memory only),
// decides each step and ignores a second Pay while one is in flight; the form shows its selectors.

export type PaymentPipelineActor = ActorRefFrom<typeof paymentPipelineMachine>;

/** `charging`: the charging flag the actor was started with (off: the form saves the card, staff charge it). */
export function PaymentFormHost({ actor, charging }: { actor: PaymentPipelineActor; charging: boolean }) {
  const values = useSelector(actor, paymentPipelineSelectors.card);
  const fieldErrors = useSelector(actor, paymentPipelineSelectors.fieldErrors);
  const decline = useSelector(actor, paymentPipelineSelectors.decline);
  const failure = useSelector(actor, paymentPipelineSelectors.failure);
  const lockout = useSelector(actor, paymentPipelineSelectors.lockout);
  const formVisible = useSelector(actor, paymentPipelineSelectors.formVisible);
  const busy = useSelector(actor, paymentPipelineSelectors.busy);
  const canRetry = useSelector(actor, paymentPipelineSelectors.canRetry);
  const amountDue = useSelector(actor, paymentPipelineSelectors.amountDue);
  const paymentData = useSelector(actor, paymentPipelineSelectors.paymentData);
  const chargingEnabled = charging && (paymentData?.chargingEnabled ?? true);
  return (
    <PaymentForm
      values={values}
      fieldErrors={fieldErrors}
      decline={decline}
      failure={failure}
      lockout={lockout}
      preparing={!formVisible}
      busy={busy}
      canRetry={canRetry}
      amountDue={amountDue}
      chargingEnabled={chargingEnabled}
      onChange={(field, value) => actor.send({ type: 'card.change', values: { [field]: value } })}
      onSubmit={() => actor.send({ type: 'card.submit' })}
      onRetry={() => actor.send({ type: 'payment.retry' })}
    />
  );
}
