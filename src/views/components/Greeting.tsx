import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { greetingForHour } from '../../domain/greeting';

// spec 000 §4.3: greeting by hour (before 12 morning, before 17 afternoon, else evening).

export interface GreetingProps {
  /** Local hour of day; defaults to now. */
  hour?: number;
  name?: string | null;
  order?: 1 | 2 | 3;
}

export function Greeting({ hour = new Date().getHours(), name, order = 1 }: GreetingProps) {
  const { t } = useTranslation('common');
  const greeting = t(`greeting.${greetingForHour(hour)}`);
  return <Title order={order}>{name ? t('greeting.withName', { greeting, name }) : greeting}</Title>;
}
