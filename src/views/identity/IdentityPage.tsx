import { Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IDENTITY_SECTIONS, type IdentitySection, type IdentityWidgetEvent } from '../../contract/identity';
import { ERROR_KEYS } from '../../domain/errors';
import { PageTab } from '../components/PageTab';
import { WidgetPageStatus } from '../components/WidgetFrame';
import { IdentityFrame } from './IdentityFrame';

// /identity/*: the identity-protection widget's sections as tabs (alerts, monitoring, credit
// lock), and the widget in its frame on the section the address names. While the user token loads, a loader; when
// it cannot be read, spec 000 §8's 'Unable to retrieve {name}…' with Try again.

export type IdentityPageState = { status: 'loading' } | { status: 'failed'; onRetry: () => void } | { status: 'shown'; url: string };

export interface IdentityPageProps {
  section: IdentitySection;
  paths: Record<IdentitySection, string>;
  state: IdentityPageState;
  onEvent: (event: IdentityWidgetEvent) => void;
}

export function IdentityPage({ section, paths, state, onEvent }: IdentityPageProps) {
  const { t } = useTranslation(['identity', 'errors', 'common']);
  return (
    <Stack gap="md" pt="md">
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        <Text>{t('intro')}</Text>
      </Stack>
      <Group component="nav" aria-label={t('nav.label')} gap={4}>
        {IDENTITY_SECTIONS.map((tab) => (
          <PageTab key={tab} to={paths[tab]} current={tab === section} look="subtle" size="xs">
            {t(`nav.${tab}`)}
          </PageTab>
        ))}
      </Group>
      <WidgetPageStatus
        state={state}
        loadingLabel={t('loading')}
        errorText={t(ERROR_KEYS.identityWidgetFailed, { ns: 'errors', name: t('componentName') })}
      />
      {state.status === 'shown' ? <IdentityFrame url={state.url} title={t('frameTitle', { section: t(`nav.${section}`) })} onEvent={onEvent} /> : null}
    </Stack>
  );
}
