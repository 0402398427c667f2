import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { signInSelectors, type signInMachine } from '../../../machines/account/signIn.machine';
import { Greeting } from '../components/Greeting';
import { AppModal } from '../components/AppModal';
import { AccountFormPage } from './AccountFormPage';
import { CredentialFields } from './CredentialFields';
import { PROVIDER_NAMES, SsoButtons } from './SsoButtons';
import type { SingleSignOnProvider } from '../../domain/flags';
import { ROUTES } from '../../domain/routes';

// spec 000 §4.3 and §8: sign-in with email and password, the greeting by hour, every sign-in message, the
// forgot-password link (reset-link request dialog), the welcome migration modal (spec 000 §4.1), and the single
// sign-on buttons the flags allow (one per provider: its popup, or its redirect when the popup cannot open).

export type SignInActor = ActorRefFrom<typeof signInMachine>;

export interface SignInPageProps {
  actor: SignInActor;
  /** The reset-link request form shown in the forgot-password dialog (it owns its own actor). */
  renderResetLinkRequest: (props: { email: string; onClose: () => void }) => ReactNode;
  /** Local hour of day for the greeting; defaults to now. */
  hour?: number;
  /** The single sign-on buttons to show (src/domain/flags.ts singleSignOnProviders); none by default. */
  ssoProviders?: readonly SingleSignOnProvider[];
  /** A header of the page's own in place of the public one (spec 000 §2.2: /v1-sign-in). */
  header?: ReactNode;
}

// The page's message (Mantine's Alert) shows only after a failed sign-in: its code loads when the form is sent (or
// when a message first shows), not with the sign-in page's start-up code (docs/benchmarks.md §1).
const loadMessageAlert = () => import('../components/MessageAlert');
const MessageAlert = lazy(() => loadMessageAlert().then((m) => ({ default: m.MessageAlert })));

export function SignInPage({ actor, renderResetLinkRequest, hour, ssoProviders = [], header }: SignInPageProps) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const email = useSelector(actor, signInSelectors.email);
  const password = useSelector(actor, signInSelectors.password);
  const fieldErrors = useSelector(actor, signInSelectors.fieldErrors);
  const errorKey = useSelector(actor, signInSelectors.errorKey);
  const errorCode = useSelector(actor, signInSelectors.errorCode);
  const providerIds = useSelector(actor, signInSelectors.providerIds);
  const busy = useSelector(actor, signInSelectors.busy);
  const welcomeOpen = useSelector(actor, signInSelectors.welcomeOpen);
  const migrationReason = useSelector(actor, signInSelectors.migrationReason);
  const resetLinkOpen = useSelector(actor, signInSelectors.resetLinkOpen);

  const emailError = fieldErrors.email ? t(fieldErrors.email, { ns: 'errors' }) : null;
  const passwordError = fieldErrors.password ? t(fieldErrors.password, { ns: 'errors' }) : null;
  const providers = providerIds.map((id) => PROVIDER_NAMES[id] ?? id).join(` ${t('common:and')} `);

  const closeDialog = () => actor.send({ type: 'dialog.close' });

  return (
    <AccountFormPage
      header={header}
      heading={<Greeting hour={hour} />}
      subtitle={t('signIn.subtitle')}
      alert={
        errorKey ? (
          <Suspense fallback={null}>
            <MessageAlert messageKey={errorKey} values={{ code: errorCode ?? 'unknown', provider: providers }} />
          </Suspense>
        ) : null
      }
      formLabel={t('signIn.formLabel')}
      submitLabel={t('signIn.submit')}
      busy={busy}
      onSubmit={() => {
        // The answer may be a message: its code loads while the credentials are checked.
        void loadMessageAlert().catch(() => undefined);
        actor.send({ type: 'form.submit' });
      }}
      switchTo={{ to: ROUTES.signUp, prompt: t('signIn.noAccount'), label: t('signIn.signUpLink') }}
      dialogs={
        <>
          <AppModal opened={welcomeOpen} onClose={closeDialog} title={t('welcome.title')}>
            <Stack>
              <Text>{migrationReason === 'newViaApi' ? t('welcome.newViaApi') : t('welcome.migration')}</Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={closeDialog}>
                  {t('common:actions.close')}
                </Button>
                <Button data-track="sign-in.welcome-set-password" onClick={() => actor.send({ type: 'resetLink.open' })}>
                  {t('welcome.setPassword')}
                </Button>
              </Group>
            </Stack>
          </AppModal>
          <AppModal opened={resetLinkOpen} onClose={closeDialog} title={t('resetLink.title')}>
            {resetLinkOpen ? renderResetLinkRequest({ email, onClose: closeDialog }) : null}
          </AppModal>
        </>
      }
    >
      <CredentialFields
        email={email}
        password={password}
        emailError={emailError}
        passwordError={passwordError}
        passwordAutoComplete="current-password"
        onChange={(field, value) => actor.send({ type: 'field.change', field, value })}
      />
      <Group justify="flex-end">
        <Anchor component="button" type="button" size="sm" data-track="sign-in.forgot-password" onClick={() => actor.send({ type: 'resetLink.open' })}>
          {t('signIn.forgotPassword')}
        </Anchor>
      </Group>
      <SsoButtons providers={ssoProviders} disabled={busy} track="sign-in.sso" onStart={(providerId) => actor.send({ type: 'sso.start', providerId })} />
    </AccountFormPage>
  );
}
