import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PaymentContact, PaymentFlags } from '../../../machines/billing/ports';
import { paymentPipelineSelectors } from '../../../machines/billing/paymentPipeline.machine';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import type { CustomerContact } from '../../contract/contact';
import { ROUTES } from '../../domain/routes';
import { inspect } from '../../inspect';
import { PaymentFailedPage } from '../../views/billing/PaymentFailedPage';
import { PaymentPendingPage, type PaymentPendingPageProps } from '../../views/billing/PaymentPendingPage';
import { PublicLayout } from '../../views/components/PublicLayout';
import { QUERY_KEYS } from '../ports';
import { useAppActors } from '../shell/appActors';
import { useFeatureFlags } from '../shell/featureFlags';
import { useNotify } from '../shell/notify';
import { useCachedQuery } from '../shell/queries';
import { providePaymentPipelineMachine } from './machines';
import { PaymentFormHost } from './PaymentFormHost';
import { usePaymentFailedActions } from './paymentFailedActions';

// /update-payment (spec 000 §2.3 step 2: where the guard chain sends a customer whose subscription status is outside
// the acceptable set; spec 002 §2 "Payment-failed page"). The page starts the payment pipeline at once (the card
// provider's script and what is due load while the customer reads), and "Pay now" shows its form. A completed
// payment makes the subscription Current on the server (users/{uid}, the CRM contact); the session's user document
// is live, so the guard chain sees the new status and sends the customer on to where they were going (the hub by
// default) — "Go to my account" does the same at once.
// With charging off (production) the card is saved and the payment task asks our team to charge it: the page then
// says the payment is being processed (PaymentPendingPage) — right after saving, and on every later visit while the
// server reports the task as pending (getContactPaymentData's pendingPaymentTask) — instead of asking to pay again.

/** The CRM contact as the pipeline needs it (spec 001 §3 "Customer record fields read"). */
export function paymentContactOf(contact: CustomerContact | undefined): PaymentContact {
  return {
    email: contact?.Email ?? null,
    contactId: contact?.Id ?? null,
    firstName: contact?.FirstName ?? null,
    lastName: contact?.LastName ?? null,
    address: contact?.MailingStreet ?? null,
    zip: contact?.MailingPostalCode ?? null,
    country: contact?.MailingCountry ?? null,
  };
}

function UpdatePaymentHost({ contact }: { contact: PaymentContact }) {
  const { ports, config, session } = useAppActors();
  const navigate = useNavigate();
  const flags = useFeatureFlags();
  const paymentFlags: PaymentFlags = useMemo(
    () => ({
      paymentForm: flags.paymentForm,
      existingPaymentDataCheck: flags.existingPaymentDataCheck,
      paymentProfileUpdate: flags.paymentProfileUpdate,
      charging: flags.charging,
    }),
    [flags.paymentForm, flags.existingPaymentDataCheck, flags.paymentProfileUpdate, flags.charging],
  );
  const machine = useMemo(() => providePaymentPipelineMachine(ports), [ports]);
  const pipeline = useActorRef(machine, { input: { siteId: config.siteId, flags: paymentFlags, contact }, inspect });
  useNotify(pipeline, 'billing');
  const paymentData = useSelector(pipeline, paymentPipelineSelectors.paymentData);
  const outcome = useSelector(pipeline, paymentPipelineSelectors.outcome);
  const failure = useSelector(pipeline, paymentPipelineSelectors.failure);
  const savedCard = useSelector(pipeline, paymentPipelineSelectors.profileCardData);
  const [formOpen, setFormOpen] = useState(false);
  const actions = usePaymentFailedActions();
  const signOut = () => session.send({ type: 'session.signOut' });

  const pending: Pick<PaymentPendingPageProps, 'savedAt' | 'amount' | 'itemId' | 'card'> | null =
    outcome === 'saved' && paymentData !== null
      ? { savedAt: null, amount: paymentData.amountDue, itemId: paymentData.amountDueItem, card: savedCard ?? paymentData.profileCardData }
      : paymentData?.pendingPaymentTask
        ? { ...paymentData.pendingPaymentTask, savedAt: paymentData.pendingPaymentTask.createdAt, card: paymentData.profileCardData }
        : null;
  if (pending !== null) {
    return (
      <PaymentPendingPage
        {...pending}
        openingSecurePage={actions.openingSecurePage}
        secureFailed={actions.secureFailed}
        onUpdateCard={actions.onUpdateMethod}
        onSignOut={signOut}
      />
    );
  }
  // Until the payment data is read the page cannot tell a failed payment from one being processed.
  if (paymentData === null && failure === null && outcome === null) return <UpdatePaymentLoading />;

  return (
    <PaymentFailedPage
      subscriptionStatus={paymentData?.subscriptionStatus ?? null}
      amountDue={paymentData?.amountDue ?? null}
      formOpen={formOpen}
      onOpenForm={() => setFormOpen(true)}
      onCloseForm={() => setFormOpen(false)}
      form={<PaymentFormHost actor={pipeline} charging={paymentFlags.charging} />}
      outcome={outcome}
      onContinue={() => navigate(ROUTES.home, { replace: true })}
      {...actions}
      onSignOut={signOut}
    />
  );
}

function UpdatePaymentLoading() {
  const { t } = useTranslation('billing');
  return (
    // A neutral heading: until the payment data is read the page cannot say whether the payment failed.
    <Stack gap="lg">
      <Title order={1}>{t('failed.loadingTitle')}</Title>
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('failed.loading')}</Text>
      </Group>
    </Stack>
  );
}

export default function UpdatePaymentRoute() {
  const { ports, session } = useAppActors();
  const hasContact = useSelector(session, sessionSelectors.hasCustomerContact);
  const fetchContact = useCallback((): Promise<CustomerContact> => ports.getCustomerContact(), [ports]);
  const contact = useCachedQuery(QUERY_KEYS.customerContact, fetchContact, hasContact);
  const waiting = hasContact && contact.isPending;
  const paymentContact = useMemo(() => paymentContactOf(contact.data), [contact.data]);
  return (
    <PublicLayout width="wide">
      {waiting ? (
        <UpdatePaymentLoading />
      ) : (
        // Without the contact (a failed read) the pipeline says the profile data is missing when the card is sent.
        <UpdatePaymentHost contact={paymentContact} />
      )}
    </PublicLayout>
  );
}
