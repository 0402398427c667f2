import { Button, Checkbox, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useCallback, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal';
import { IntakeAlert } from './IntakeAlert';
import { BankWidgetFrame } from './BankWidgetFrame';
import type { IntakeActor } from './intakeActor';
import { StepButtons } from './StepButtons';

// The BankAccounts step (spec 002 §4): connect accounts through the bank-link widget (a sandboxed frame in a
// dialog), or tick the opt-out, which is saved to the contact (Link_Bank_Acct_Opt_Out__c). Next is enabled once
// accounts are linked or the opt-out is ticked: the machine says when it takes Next. The free line is offered no
// widget (spec 000 §6): the machine's bank.premiumOnly tag shows the premium plan's explanation and the opt-out.

export function BankAccounts({ actor }: { actor: IntakeActor }) {
  const { t } = useTranslation('intake');
  const linkedAccountCount = useSelector(actor, (s) => s.context.linkedAccountCount);
  const optOut = useSelector(actor, (s) => s.context.bankOptOut);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const premiumOnly = useSelector(actor, (s) => s.hasTag('bank.premiumOnly'));
  const widgetUrl = useSelector(actor, (s) => (s.hasTag('bank.widget') ? s.context.widgetUrl : null));
  const errorKey = useSelector(actor, (s) => s.context.errorKey);
  const canConnect = useSelector(actor, (s) => s.can({ type: 'bank.connect' }));
  const canChangeOptOut = useSelector(actor, (s) => s.can({ type: 'bank.optOutChange', optOut: !s.context.bankOptOut }));
  const canGoOn = useSelector(actor, (s) => s.can({ type: 'step.next' }));
  const onLinked = useCallback(() => actor.send({ type: 'bank.linked' }), [actor]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'step.next' });
  };

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-labelledby="intake-step-title">
        <Stack gap="md">
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
                onClick={() => actor.send({ type: 'bank.connect' })}
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
            onChange={(event) => actor.send({ type: 'bank.optOutChange', optOut: event.currentTarget.checked })}
          />
          {errorKey ? <IntakeAlert messageKey={errorKey} /> : null}
          <StepButtons actor={actor} nextEnabled={canGoOn || busy} />
        </Stack>
      </form>
      <AppModal opened={widgetUrl !== null} onClose={() => actor.send({ type: 'dialog.close' })} title={t('bank.widgetTitle')} size="lg">
        {widgetUrl !== null ? <BankWidgetFrame url={widgetUrl} title={t('bank.widgetTitle')} onLinked={onLinked} /> : null}
      </AppModal>
    </>
  );
}
