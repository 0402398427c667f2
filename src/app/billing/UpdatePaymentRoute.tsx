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
import { PublicLayout } from '../../views/components/PublicLayout';
import { QUERY_KEYS } from '../ports';
import { useAppActors } from '../shell/appActors';
import { useFeatureFlags } from '../shell/featureFlags';
import { useCachedQuery } from '../shell/queries';
import { providePaymentPipelineMachine } from './machines';
import { useBillingNotify } from './notify';
import { PaymentFormHost } from './PaymentFormHost';
import { usePaymentFailedActions } from './paymentFailedActions';

// /update-payment (spec 000 §2.3 step 2: where the guard chain sends a customer whose subscription status is outside
// the acceptable set; spec 002 §2 "Payment-failed page"). The page starts the payment pipeline at once (the card
// provider's script and what is due load while the customer reads), and "Pay now" shows its form. A completed
// payment makes the subscription Current on the server (users/{uid}, the CRM contact); the session's user document
// is live, so the guard chain sees the new status and sends the customer on to where they were going (the hub by
// default) — "Go to my account" does the same at once.

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
  useBillingNotify(pipeline);
  const paymentData = useSelector(pipeline, paymentPipelineSelectors.paymentData);
  const outcome = useSelector(pipeline, paymentPipelineSelectors.outcome);
  const [formOpen, setFormOpen] = useState(false);
  const actions = usePaymentFailedActions();

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
      onSignOut={() => session.send({ type: 'session.signOut' })}
    />
  );
}

export default function UpdatePaymentRoute() {
  const { t } = useTranslation('billing');
  const { ports, session } = useAppActors();
  const hasContact = useSelector(session, sessionSelectors.hasCustomerContact);
  const fetchContact = useCallback((): Promise<CustomerContact> => ports.getCustomerContact(), [ports]);
  const contact = useCachedQuery(QUERY_KEYS.customerContact, fetchContact, hasContact);
  const waiting = hasContact && contact.isPending;
  const paymentContact = useMemo(() => paymentContactOf(contact.data), [contact.data]);
  return (
    <PublicLayout width="wide">
      {waiting ? (
        <Stack gap="lg">
          <Title order={1}>{t('failed.title')}</Title>
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text>{t('failed.loading')}</Text>
          </Group>
        </Stack>
      ) : (
        // Without the contact (a failed read) the pipeline says the profile data is missing when the card is sent.
        <UpdatePaymentHost contact={paymentContact} />
      )}
    </PublicLayout>
  );
}
