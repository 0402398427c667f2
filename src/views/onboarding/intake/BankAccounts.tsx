import { Button, Checkbox, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal';
import { intakeSelectors, type IntakeBankAccountsActor } from '../../../../machines/onboarding/intake.machine';
import { intakeBankAccountsSelectors } from '../../../../machines/onboarding/intakeBankAccounts.machine';
import { IntakeAlert } from './IntakeAlert';
import { IntakeStepForm } from './IntakeStepForm';
import { BankWidgetFrame } from './BankWidgetFrame';
import type { IntakeActor } from './intakeActor';
import { StepButtons } from './StepButtons';

// The BankAccounts step (spec 002 §4), driven by the step's own machine (intakeBankAccounts): connect accounts
// through the bank-link widget (a sandboxed frame in a dialog), or tick the opt-out, which is saved to the contact
// (Link_Bank_Acct_Opt_Out__c). Next is enabled once accounts are linked or the opt-out is ticked: the step's machine
// says when it takes Next. The free line is offered no widget (spec 000 §6): the step's bank.premiumOnly tag shows
// the premium plan's explanation and the opt-out.

export function BankAccounts({ actor }: { actor: IntakeActor }) {
  const step = useSelector(actor, intakeSelectors.bankAccounts);
  return step ? <BankAccountsStep actor={actor} step={step} /> : null;
}

function BankAccountsStep({ actor, step }: { actor: IntakeActor; step: IntakeBankAccountsActor }) {
  const { t } = useTranslation('intake');
  const linkedAccountCount = useSelector(step, intakeBankAccountsSelectors.linkedAccountCount);
  const optOut = useSelector(step, intakeBankAccountsSelectors.optOut);
  const busy = useSelector(step, intakeBankAccountsSelectors.busy);
  const premiumOnly = useSelector(step, intakeBankAccountsSelectors.premiumOnly);
  const widgetUrl = useSelector(step, intakeBankAccountsSelectors.widgetUrl);
  const errorKey = useSelector(step, intakeBankAccountsSelectors.errorKey);
  const canConnect = useSelector(step, intakeBankAccountsSelectors.canConnect);
  const canChangeOptOut = useSelector(step, intakeBankAccountsSelectors.canChangeOptOut);
  const canGoOn = useSelector(step, intakeBankAccountsSelectors.canGoOn);
  const canGoBack = useSelector(step, intakeBankAccountsSelectors.canGoBack);
  const isLast = useSelector(actor, intakeSelectors.isLastStep);
  const onLinked = useCallback(() => step.send({ type: 'bank.linked' }), [step]);

  return (
    <>
      <IntakeStepForm onSubmit={() => step.send({ type: 'step.next' })}>
        {premiumOnly ? (
          <Text>{t('bank.premiumOnly')}</Text>
        ) : (
          <>
            <Text>{t('bank.intro')}</Text>
            <Text fw={600} role="status">
              {linkedAccountCount > 0 ? t('bank.linked', { count: linkedAccountCount }) : t('bank.noneLinked')}
            </Text>
            <Button
              variant={linkedAccountCount > 0 ? 'default' : 'filled'}
              onClick={() => step.send({ type: 'bank.connect' })}
              disabled={!canConnect}
              style={{ alignSelf: 'flex-start' }}
            >
              {linkedAccountCount > 0 ? t('bank.connectMore') : t('bank.connect')}
            </Button>
          </>
        )}
        <Checkbox
          label={t('bank.optOut')}
          checked={optOut}
          disabled={!canChangeOptOut}
          onChange={(event) => step.send({ type: 'bank.optOutChange', optOut: event.currentTarget.checked })}
        />
        {errorKey ? <IntakeAlert messageKey={errorKey} /> : null}
        <StepButtons
          canGoBack={canGoBack}
          onBack={() => step.send({ type: 'step.back' })}
          busy={busy}
          isLast={isLast}
          nextEnabled={canGoOn || busy}
        />
      </IntakeStepForm>
      <AppModal opened={widgetUrl !== null} onClose={() => step.send({ type: 'dialog.close' })} title={t('bank.widgetTitle')} size="lg">
        {widgetUrl !== null ? <BankWidgetFrame url={widgetUrl} title={t('bank.widgetTitle')} onLinked={onLinked} /> : null}
      </AppModal>
    </>
  );
}
