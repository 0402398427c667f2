import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MoneyWidgetName } from '../../../domain/bankWidgets';
import { BankWidgetPanel, type BankWidgetActor } from './BankWidgetPanel';

// /money/{name}Widget (spec 002 §2): one of the bank-link provider's widgets over the linked accounts.

export interface BankWidgetPageProps {
  actor: BankWidgetActor;
  widget: MoneyWidgetName;
  backPath: string;
}

export function BankWidgetPage({ actor, widget, backPath }: BankWidgetPageProps) {
  const { t } = useTranslation('money');
  const name = t(`widgets.titles.${widget}`);
  return (
    <Stack gap="md" component="section" aria-labelledby="bank-widget-title">
      <Anchor component={Link} to={backPath} size="sm">
        {t('widgets.back')}
      </Anchor>
      <Title order={1} id="bank-widget-title">
        {name}
      </Title>
      <BankWidgetPanel actor={actor} title={t('widgets.frameTitle', { widget: name })} />
    </Stack>
  );
}
