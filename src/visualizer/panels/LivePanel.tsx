import { NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LiveActor } from '../live/useLiveActors';
import { stableStringify } from '../model/format';

// Live (development): the running app's actors, as the app in another tab reports them; following one shows
// its current state on the diagram as the person uses the app.

interface LivePanelProps {
  actors: readonly LiveActor[];
  followed: string | null;
  onFollow: (actor: LiveActor) => void;
}

export function LivePanel({ actors, followed, onFollow }: LivePanelProps) {
  const { t } = useTranslation('statecharts');
  return (
    <Stack gap="sm">
      <Text size="sm">{t('live.howTo')}</Text>
      {actors.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('live.none')}
        </Text>
      )}
      <Stack gap={0} role="list" aria-label={t('live.list')}>
        {actors.map((actor) => (
          <div role="listitem" key={actor.actorId}>
            <NavLink
              component="button"
              active={actor.actorId === followed}
              aria-current={actor.actorId === followed ? 'true' : undefined}
              label={`${actor.machineId} (${actor.actorId})`}
              description={stableStringify(actor.value)}
              onClick={() => onFollow(actor)}
            />
          </div>
        ))}
      </Stack>
    </Stack>
  );
}
