import { Alert, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { signUpSelectors, type signUpMachine } from '../../../machines/account/signUp.machine';
import { normalizeEmail } from '../../domain/validation';
import { MessageAlert } from '../components/MessageAlert';
import { PasswordChecklist } from '../components/PasswordChecklist';
import { PublicLayout } from '../components/PublicLayout';
import { AppModal } from '../components/AppModal';
import { AccountFormPage } from './AccountFormPage';
import { CredentialFields } from './CredentialFields';
import { SsoButtons } from './SsoButtons';
import type { SingleSignOnProvider } from '../../domain/flags';
import { ROUTES } from '../../domain/routes';

// spec 000 §4.3 and §8: enter credentials, agree, create. The password checklist, the email-verification notice
// (then sign-in with the email kept), the sign-up messages and the onboard modal 'You're Almost There!', and sign-up
// by single sign-on: the buttons the flags allow, after the agreement (the provider gives the email).

export type SignUpActor = ActorRefFrom<typeof signUpMachine>;

export interface SignUpPageProps {
  actor: SignUpActor;
  /** Where the onboard modal's link leads (the onboarding portal). */
  onboardingUrl: string;
  /** The single sign-on buttons to show (src/domain/flags.ts singleSignOnProviders); none by default. */
  ssoProviders?: readonly SingleSignOnProvider[];
}

export function SignUpPage({ actor, onboardingUrl, ssoProviders = [] }: SignUpPageProps) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const email = useSelector(actor, signUpSelectors.email);
  const password = useSelector(actor, signUpSelectors.password);
  const agreed = useSelector(actor, signUpSelectors.agreed);
  const fieldErrors = useSelector(actor, signUpSelectors.fieldErrors);
  const errorKey = useSelector(actor, signUpSelectors.errorKey);
  const errorCode = useSelector(actor, signUpSelectors.errorCode);
  const busy = useSelector(actor, signUpSelectors.busy);
  const onboardOpen = useSelector(actor, signUpSelectors.onboardOpen);
  const verificationSent = useSelector(actor, signUpSelectors.verificationSent);

  if (verificationSent) {
    return (
      <PublicLayout>
        <Stack>
          <Title order={1}>{t('signUp.verificationTitle')}</Title>
          <Alert color="yellow" role="status" variant="light">
            {t('errors:auth.verify.verification-sent')}
          </Alert>
          <Button component={Link} to={ROUTES.signIn} state={{ email: normalizeEmail(email) }}>
            {t('signUp.continueToSignIn')}
          </Button>
        </Stack>
      </PublicLayout>
    );
  }

  const emailError = fieldErrors.email ? t(fieldErrors.email, { ns: 'errors' }) : null;
  const passwordError = fieldErrors.password ? t(fieldErrors.password, { ns: 'errors' }) : null;
  const agreementError = fieldErrors.agreed ? t(fieldErrors.agreed, { ns: 'errors' }) : null;

  const closeDialog = () => actor.send({ type: 'dialog.close' });

  return (
    <AccountFormPage
      heading={<Title order={1}>{t('signUp.title')}</Title>}
      subtitle={t('signUp.subtitle')}
      alert={errorKey ? <MessageAlert messageKey={errorKey} values={{ code: errorCode ?? 'unknown' }} /> : null}
      formLabel={t('signUp.formLabel')}
      submitLabel={t('signUp.submit')}
      busy={busy}
      onSubmit={() => actor.send({ type: 'form.submit' })}
      switchTo={{ to: ROUTES.signIn, prompt: t('signUp.haveAccount'), label: t('signUp.signInLink') }}
      dialogs={
        <AppModal opened={onboardOpen} onClose={closeDialog} title={t('signUp.onboard.title')}>
          <Stack>
            <Text>{t('signUp.onboard.body')}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={closeDialog}>
                {t('common:actions.close')}
              </Button>
              <Button component="a" href={onboardingUrl}>
                {t('signUp.onboard.link')}
              </Button>
            </Group>
          </Stack>
        </AppModal>
      }
    >
      <CredentialFields
        email={email}
        password={password}
        emailError={emailError}
        passwordError={passwordError}
        passwordAutoComplete="new-password"
        passwordDescribedBy="sign-up-password-checklist"
        onChange={(field, value) => actor.send({ type: 'field.change', field, value })}
      />
      <PasswordChecklist password={password} id="sign-up-password-checklist" />
      <Checkbox
        label={t('signUp.agree')}
        checked={agreed}
        error={agreementError}
        onChange={(event) => actor.send({ type: 'agreement.change', agreed: event.currentTarget.checked })}
      />
      <SsoButtons providers={ssoProviders} disabled={busy} track="sign-up.sso" purpose="signUp" onStart={(providerId) => actor.send({ type: 'sso.start', providerId })} />
    </AccountFormPage>
  );
}
