import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { quickSignUpSelectors, type quickSignUpMachine } from '../../../machines/onboarding/quickSignUp.machine';

// The quick sign-up page (spec 002 §2, §4, §8, §9), reached with a query id: loading; a link older than 3 days
// shows the 403 page; an account already made goes to sign-in (the route's job); a signed contract shows the
// sign-up form with the email predefined; otherwise the contract signing prompt; no email shows the not-found
// page; no contract link shows an error with the contact options.

export type QuickSignUpActor = ActorRefFrom<typeof quickSignUpMachine>;

// The support dialog (call, copy phone, contact form) loads when it is first opened.
const SupportDialog = lazy(() => import('../support/SupportDialog').then((m) => ({ default: m.SupportDialog })));

export interface QuickSignUpPageProps {
  actor: QuickSignUpActor;
  /** The sign-up form with the contact's email predefined. */
  renderSignUp: (email: string) => ReactNode;
  /** Opens the contract signing link in a new window. */
  onOpenContract: (link: string) => void;
}

function ContactOptions({ email }: { email: string | null }) {
  const { t } = useTranslation('onboarding');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>{t('quickSignUp.contactUs')}</Button>
      {opened ? (
        <Suspense fallback={null}>
          <SupportDialog opened={opened} onClose={() => setOpened(false)} email={email} />
        </Suspense>
      ) : null}
    </>
  );
}

function Notice({ title, body, children }: { title: string; body: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap="md" ta="center">
      <Title order={1}>{title}</Title>
      <Text>{body}</Text>
      {children}
    </Stack>
  );
}

export function QuickSignUpPage({ actor, renderSignUp, onOpenContract }: QuickSignUpPageProps) {
  const { t } = useTranslation(['onboarding', 'common']);
  const page = useSelector(actor, quickSignUpSelectors.page);
  const email = useSelector(actor, quickSignUpSelectors.email);
  const link = useSelector(actor, quickSignUpSelectors.contractSignLink);

  if (page === 'expired') {
    return (
      <Notice title={t('quickSignUp.expired.title')} body={t('quickSignUp.expired.body')}>
        <ContactOptions email={email} />
      </Notice>
    );
  }
  if (page === 'notFound') {
    return (
      <Notice title={t('quickSignUp.notFound.title')} body={t('quickSignUp.notFound.body')}>
        <ContactOptions email={null} />
      </Notice>
    );
  }
  if (page === 'contact') {
    return (
      <Notice title={t('quickSignUp.noContractLink.title')} body={t('quickSignUp.noContractLink.body')}>
        <ContactOptions email={email} />
      </Notice>
    );
  }
  if (page === 'failed') {
    return (
      <Notice title={t('common:loadView.errorTitle')} body={t('common:loadView.errorBody')}>
        <Group justify="center">
          <Button onClick={() => actor.send({ type: 'load.retry' })}>{t('common:actions.tryAgain')}</Button>
          <ContactOptions email={null} />
        </Group>
      </Notice>
    );
  }
  if (page === 'prompt' && link !== null) {
    return (
      <Notice title={t('quickSignUp.prompt.title')} body={t('quickSignUp.prompt.body', { email: email ?? '' })}>
        <Button onClick={() => onOpenContract(link)}>{t('quickSignUp.prompt.sign')}</Button>
        <Text size="sm" c="dimmed">
          {t('quickSignUp.prompt.newWindow')}
        </Text>
      </Notice>
    );
  }
  if (page === 'signUp' && email !== null) return renderSignUp(email);
  return (
    <Stack align="center" py="xl" role="status" aria-live="polite">
      <Loader aria-hidden />
      <Text>{t('common:loadView.loading')}</Text>
    </Stack>
  );
}
