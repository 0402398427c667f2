import { Button, Group, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal';

// spec 001 §2 "Credit report and score": the report's Refresh button, whose tooltip (wide screens) or dialog (small
// screens, where nothing hovers) says which of four states it is in: refresh enabled, disabled until a date, loading,
// not permitted. The state comes from the report refresh machine (machines/credit); the button only asks for an order.

export type RefreshControlState =
  | { kind: 'enabled' }
  /** `until`: the first day (yyyy-MM-dd) a refresh is allowed; null when no date will open it (KBA failed). */
  | { kind: 'disabled'; until: string | null }
  | { kind: 'loading' }
  | { kind: 'notPermitted' }
  /** Before the four: the facts that decide between them (the customer's contact) are still being read. */
  | { kind: 'checking' };

export interface ReportRefreshButtonProps {
  state: RefreshControlState;
  /** The next order goes through the identity check first (KBA flag on, KBA not passed): the text says so. */
  needsKba: boolean;
  /** 'tooltip' on wide screens, 'dialog' on small ones. */
  explain: 'tooltip' | 'dialog';
  onRefresh: () => void;
}

/** A plain day in the reader's language, e.g. 'December 24, 2026' (the date is a calendar day, not an instant). */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

function useStateText(state: RefreshControlState, needsKba: boolean): string {
  const { t, i18n } = useTranslation('creditTools');
  switch (state.kind) {
    case 'enabled':
      return needsKba ? t('refresh.enabledKba') : t('refresh.enabled');
    case 'loading':
      return t('refresh.loading');
    case 'checking':
      return t('refresh.checking');
    case 'notPermitted':
      return t('refresh.notPermitted');
    case 'disabled':
      return state.until === null
        ? t('refresh.disabledKba')
        : t('refresh.disabledUntil', { date: formatDay(state.until, i18n.resolvedLanguage ?? 'en') });
  }
}

export function ReportRefreshButton({ state, needsKba, explain, onRefresh }: ReportRefreshButtonProps) {
  const { t } = useTranslation('creditTools');
  const text = useStateText(state, needsKba);
  const descriptionId = useId();
  const [dialogOpened, setDialogOpened] = useState(false);
  const enabled = state.kind === 'enabled';
  const onClick = () => {
    if (enabled) onRefresh();
    // On a small screen the button explains itself when it cannot act (nothing hovers there).
    else if (explain === 'dialog' && state.kind !== 'loading' && state.kind !== 'checking') setDialogOpened(true);
  };
  const button = (
    <Button
      variant="light"
      onClick={onClick}
      loading={state.kind === 'loading' || state.kind === 'checking'}
      // Focusable while it cannot act, so its tooltip still explains why (a disabled button takes no focus).
      data-disabled={state.kind === 'disabled' || state.kind === 'notPermitted' ? true : undefined}
      aria-disabled={!enabled}
      aria-describedby={descriptionId}
    >
      {t('refresh.button')}
    </Button>
  );
  return (
    <Group gap="xs" wrap="nowrap" data-refresh-state={state.kind}>
      {explain === 'tooltip' ? (
        <Tooltip label={text} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
          {button}
        </Tooltip>
      ) : (
        <>
          {button}
          <UnstyledButton
            onClick={() => setDialogOpened(true)}
            aria-label={t('refresh.info')}
            fz="sm"
            fw={700}
            c="dimmed"
            px={6}
          >
            ?
          </UnstyledButton>
        </>
      )}
      <VisuallyHidden id={descriptionId} aria-live="polite">
        {text}
      </VisuallyHidden>
      {explain === 'dialog' ? (
        <AppModal opened={dialogOpened} onClose={() => setDialogOpened(false)} title={t('refresh.info')}>
          <Text>{text}</Text>
        </AppModal>
      ) : null}
    </Group>
  );
}
