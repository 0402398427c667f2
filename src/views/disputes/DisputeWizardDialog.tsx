import { Alert, Badge, Box, Button, Checkbox, Group, List, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { DISPUTE_WIZARD_KEYS, disputeWizardSelectors as select, type DisputeDraft, type disputeWizardMachine } from '../../../machines/disputes/disputeWizard.machine';
import { WALKTHROUGH_MODAL, walkthroughSelectors, type walkthroughDialogMachine } from '../../../machines/disputes/walkthrough.machine';
import type { InvestigationItem } from '../../contract/disputes';
import { DISPUTE_WIZARD_FULL_SCREEN_PX } from '../../domain/constants';
import { ERROR_KEYS } from '../../domain/errors';
import {
  DO_NOT_CHALLENGE,
  groupByCategory,
  reasonsFor,
  secondaryReasonsFor,
  type DisputeCategory,
  type DisputeReason,
  type SecondaryReason,
} from '../../domain/disputes';
import type { ErrorsKey } from '../../i18n/keys';
import { AppModal } from '../components/AppModal';
import { MessageAlert } from '../components/MessageAlert';
import { TableScroll } from '../credit/report/TableScroll';
import { useCreditFormat } from './disputeText';

// spec 001 §2, §4 "Wizard", §5 "Dispute wizard": the review of the items waiting for a decision, a full dialog (full
// screen under 1000 px) bound to the disputeWizard machine: the intro, one step per non-empty category (each item
// with a checkbox and a reason; select all and apply one reason to the selection; the secondary reasons shown and
// editable), the summary, submit. Its dialogs (secondary reasons, waiver, confirm close, info) are the machine's
// states; the walkthrough video is the walkthrough modal state of the navigation state (spec 002 §2) that the page
// connects to the address, its player the walkthrough machine the open dialog runs; the view only shows them and sends what the customer does. After a Next with an item
// lacking a reason, 'please select all' shows inline and the first such item scrolls into view with focus.

export type DisputeWizardActor = ActorRefFrom<typeof disputeWizardMachine>;
/** The walkthrough video's dialog (machines/disputes/walkthrough.machine.ts), connected to the address by the page. */
export type WalkthroughActor = ActorRefFrom<typeof walkthroughDialogMachine>;

export interface DisputeWizardDialogProps {
  wizard: DisputeWizardActor;
  /** The walkthrough video button and dialog; null without the walkthroughVideos flag. */
  walkthrough: WalkthroughActor | null;
}

/** spec 001 §9: the dispute wizard is full screen under 1000 px. */
const FULL_SCREEN_QUERY = `(max-width: ${DISPUTE_WIZARD_FULL_SCREEN_PX - 0.02}px)`;

export const WALKTHROUGH_VIDEO = {
  src: '/videos/disputes-walkthrough.webm',
  captions: { en: '/videos/disputes-walkthrough.en.vtt', es: '/videos/disputes-walkthrough.es.vtt' },
} as const;

// ------------------------------------------------------------------------------------------------ intro

function IntroStep({ items }: { items: readonly InvestigationItem[] }) {
  const { t, i18n } = useTranslation('disputes');
  const categories = groupByCategory(items).map((group) => t(`categories.${group.category}`));
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(categories);
  return (
    <Stack gap="sm">
      <Title order={3} tabIndex={-1}>{t('wizard.intro.title')}</Title>
      <Text>{t('wizard.intro.body')}</Text>
      <Text fw={600}>{items.length > 0 ? t('wizard.intro.count', { count: items.length, categories: list }) : t('header.nothingToReview')}</Text>
      {items.some((item) => item.isSpecialAccount) ? <Text>{t('wizard.intro.special')}</Text> : null}
    </Stack>
  );
}

// ------------------------------------------------------------------------------------------------ a category step

interface ItemRowProps {
  item: InvestigationItem;
  draft: DisputeDraft | undefined;
  selected: boolean;
  missing: boolean;
  reasons: readonly DisputeReason[];
  send: DisputeWizardActor['send'];
  disabled: boolean;
}

const ItemRow = memo(function ItemRow({ item, draft, selected, missing, reasons, send, disabled }: ItemRowProps) {
  const { t } = useTranslation('disputes');
  const format = useCreditFormat();
  const reason = draft?.reason ?? null;
  const secondary = draft?.secondary ?? [];
  const offersSecondary = secondaryReasonsFor(reason).length > 0;
  const options = useMemo(
    () => [
      { value: '', label: t('wizard.step.reasonPlaceholder'), disabled: true },
      ...reasons.map((entry) => ({ value: entry, label: t(`reasons.${entry}`) })),
    ],
    [reasons, t],
  );
  return (
    <Table.Tr data-item-id={item.id} data-missing={missing || undefined} bg={missing ? 'red.0' : selected ? 'purple.0' : undefined}>
      <Table.Td>
        <Checkbox
          checked={selected}
          onChange={() => send({ type: 'item.toggle', itemId: item.id })}
          aria-label={t('wizard.step.selectItem', { name: item.name })}
          disabled={disabled}
        />
      </Table.Td>
      <Table.Th scope="row" fw={400}>
        <Stack gap={2}>
          <Text fw={600}>{item.name}</Text>
          <Text size="sm">{t('row.balance', { amount: format.money(item.accountBalance.amount) })}</Text>
          {item.isSpecialAccount ? (
            <Group gap={4}>
              <Badge variant="light" color="orange" tt="none" styles={{ label: { color: '#8a3c00' } }}>
                {t('wizard.step.special')}
              </Badge>
              {draft?.waiverAccepted && reason !== DO_NOT_CHALLENGE ? (
                <Badge variant="light" color="gray" tt="none">
                  {t('wizard.step.waiverAccepted')}
                </Badge>
              ) : null}
            </Group>
          ) : null}
          {offersSecondary && secondary.length > 0 ? (
            <Group gap="xs" wrap="wrap">
              <Text size="sm">{t('wizard.step.secondary', { choices: secondary.map((choice) => t(`secondaryReasons.${choice}`)).join(', ') })}</Text>
              <Button
                variant="subtle"
                size="compact-xs"
                onClick={() => send({ type: 'secondary.edit', itemId: item.id })}
                aria-label={t('wizard.step.editSecondaryFor', { name: item.name })}
                disabled={disabled}
              >
                {t('wizard.step.editSecondary')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Table.Th>
      <Table.Td miw={200}>
        <NativeSelect
          id={`dispute-reason-${item.id}`}
          aria-label={t('wizard.step.reasonFor', { name: item.name })}
          value={reason ?? ''}
          data={options}
          onChange={(event) => send({ type: 'reason.select', itemId: item.id, reason: event.currentTarget.value as DisputeReason })}
          error={missing ? t('wizard.step.missing') : undefined}
          // Mantine's error red (shade 6) reads at 3.3:1 on the highlighted row; shade 9 passes WCAG 1.4.3.
          styles={{ error: { color: 'var(--mantine-color-red-9)' } }}
          disabled={disabled}
        />
      </Table.Td>
    </Table.Tr>
  );
});

function SelectionControl({ category, selectedCount, send, disabled }: { category: DisputeCategory; selectedCount: number; send: DisputeWizardActor['send']; disabled: boolean }) {
  const { t } = useTranslation('disputes');
  const [reason, setReason] = useState<DisputeReason | ''>('');
  const data = useMemo(
    () => [{ value: '', label: t('wizard.step.reasonPlaceholder'), disabled: true }, ...reasonsFor(category).map((entry) => ({ value: entry, label: t(`reasons.${entry}`) }))],
    [category, t],
  );
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <NativeSelect label={t('wizard.step.applyReason')} value={reason} data={data} onChange={(event) => setReason(event.currentTarget.value as DisputeReason)} disabled={disabled} />
      <Button
        variant="light"
        disabled={disabled || selectedCount === 0 || reason === ''}
        onClick={() => {
          if (reason !== '') send({ type: 'selection.apply', reason });
        }}
      >
        {selectedCount === 0 ? t('wizard.step.apply') : t('wizard.step.applyCount', { count: selectedCount })}
      </Button>
    </Group>
  );
}

function CategoryStep({ wizard, category, busy }: { wizard: DisputeWizardActor; category: DisputeCategory; busy: boolean }) {
  const { t } = useTranslation('disputes');
  const items = useSelector(wizard, select.items);
  const drafts = useSelector(wizard, select.drafts);
  const selectedIds = useSelector(wizard, select.selectedIds);
  const missingItemId = useSelector(wizard, select.missingItemId);
  const stepItems = useMemo(() => items.filter((item) => item.type === category), [items, category]);
  const reasons = reasonsFor(category);
  const allSelected = stepItems.length > 0 && stepItems.every((item) => selectedIds.includes(item.id));
  const someSelected = !allSelected && stepItems.some((item) => selectedIds.includes(item.id));
  const send = wizard.send;
  const title = t(`categories.${category}`);

  // The first item without a reason: into view, with focus on its reason (spec 001 §5 'please select all'), on
  // every Next that finds one (the same item again after a second Next included).
  useEffect(() => {
    const subscription = wizard.on('notify', (event) => {
      if (event.key !== DISPUTE_WIZARD_KEYS.pleaseSelectAll) return;
      const missing = wizard.getSnapshot().context.missingItemId;
      const select = missing === null ? null : document.getElementById(`dispute-reason-${missing}`);
      select?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      select?.focus({ preventScroll: true });
    });
    return () => subscription.unsubscribe();
  }, [wizard]);

  return (
    <Stack gap="md">
      <Title order={3} tabIndex={-1}>{t('wizard.step.title', { category: title })}</Title>
      <Text>{t('wizard.step.help')}</Text>
      {missingItemId !== null ? (
        <Alert color="red" variant="light" role="alert">
          {t('wizard.step.pleaseSelectAll')}
        </Alert>
      ) : null}
      <SelectionControl key={category} category={category} selectedCount={selectedIds.length} send={send} disabled={busy} />
      <TableScroll label={t('wizard.step.caption', { category: title })}>
        <Table verticalSpacing="sm">
          <Table.Caption>{t('wizard.step.caption', { category: title })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={48}>
                <Checkbox
                  checked={allSelected}
                  indeterminate={someSelected}
                  onChange={() => send({ type: 'items.toggleAll' })}
                  aria-label={t('wizard.step.selectAll')}
                  disabled={busy}
                />
              </Table.Th>
              <Table.Th scope="col">{t('wizard.step.item')}</Table.Th>
              <Table.Th scope="col">{t('wizard.step.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stepItems.map((item) => (
              <ItemRow
                key={item.id}
                item={item}
                draft={drafts[item.id]}
                selected={selectedIds.includes(item.id)}
                missing={missingItemId === item.id}
                reasons={reasons}
                send={send}
                disabled={busy}
              />
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Stack>
  );
}

// ------------------------------------------------------------------------------------------------ summary

function SummaryStep({ wizard }: { wizard: DisputeWizardActor }) {
  const { t } = useTranslation('disputes');
  const items = useSelector(wizard, select.items);
  const drafts = useSelector(wizard, select.drafts);
  const rows = useMemo(
    () =>
      groupByCategory(items).flatMap(({ category, items: inCategory }) => {
        const counts = new Map<DisputeReason, number>();
        for (const item of inCategory) {
          const reason = drafts[item.id]?.reason;
          if (reason) counts.set(reason, (counts.get(reason) ?? 0) + 1);
        }
        return reasonsFor(category)
          .filter((reason) => counts.has(reason))
          .map((reason) => ({ category, reason, count: counts.get(reason) ?? 0 }));
      }),
    [items, drafts],
  );
  const disputed = rows.filter((row) => row.reason !== DO_NOT_CHALLENGE).reduce((sum, row) => sum + row.count, 0);
  return (
    <Stack gap="md">
      <Title order={3} tabIndex={-1}>{t('wizard.summary.title')}</Title>
      <Text>{t('wizard.summary.body')}</Text>
      {rows.length > 0 ? (
        <TableScroll label={t('wizard.summary.caption')}>
          <Table withTableBorder>
            <Table.Caption>{t('wizard.summary.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('wizard.summary.category')}</Table.Th>
                <Table.Th scope="col">{t('wizard.summary.reason')}</Table.Th>
                <Table.Th scope="col">{t('wizard.summary.items')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.category}-${row.reason}`}>
                  <Table.Td>{t(`categories.${row.category}`)}</Table.Td>
                  <Table.Td>{t(`reasons.${row.reason}`)}</Table.Td>
                  <Table.Td>{row.count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      ) : null}
      <Text fw={600}>{disputed > 0 ? t('wizard.summary.total', { count: disputed }) : rows.length > 0 ? t('wizard.summary.none') : t('header.nothingToReview')}</Text>
      <Box component="section" aria-labelledby="wizard-next-title">
        <Title order={4} id="wizard-next-title" mb={4}>
          {t('wizard.summary.nextTitle')}
        </Title>
        <List spacing={4}>
          <List.Item>{t('wizard.summary.next1')}</List.Item>
          <List.Item>{t('wizard.summary.next2')}</List.Item>
          <List.Item>{t('wizard.summary.next3')}</List.Item>
        </List>
      </Box>
    </Stack>
  );
}

// ------------------------------------------------------------------------------------------------ dialogs

function SecondaryReasonsDialog({ wizard }: { wizard: DisputeWizardActor }) {
  const { t } = useTranslation('disputes');
  const secondary = useSelector(wizard, select.secondary);
  const canSave = useSelector(wizard, select.canSaveSecondary);
  const options = secondaryReasonsFor(secondary?.reason ?? null);
  const choices = secondary?.choices ?? [];
  return (
    <AppModal opened={secondary !== null} onClose={() => wizard.send({ type: 'secondary.cancel' })} title={t('wizard.secondaryDialog.title')} zIndex={320}>
      {secondary !== null ? (
        <Stack gap="md">
          <Text>{t('wizard.secondaryDialog.body', { reason: t(`reasons.${secondary.reason}`) })}</Text>
          <Checkbox.Group label={t('wizard.secondaryDialog.legend')} value={choices} description={choices.length === 0 ? t('wizard.secondaryDialog.required') : undefined}>
            <Stack gap="xs" mt="xs">
              {options.map((option: SecondaryReason) => (
                <Checkbox key={option} value={option} label={t(`secondaryReasons.${option}`)} onChange={() => wizard.send({ type: 'secondary.toggle', option })} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => wizard.send({ type: 'secondary.cancel' })}>
              {t('wizard.secondaryDialog.cancel')}
            </Button>
            <Button onClick={() => wizard.send({ type: 'secondary.save' })} disabled={!canSave || choices.length === 0}>
              {t('wizard.secondaryDialog.save')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </AppModal>
  );
}

function WaiverDialog({ wizard }: { wizard: DisputeWizardActor }) {
  const { t } = useTranslation('disputes');
  const waiver = useSelector(wizard, select.waiver);
  const items = useSelector(wizard, select.items);
  const names = items.filter((item) => waiver?.itemIds.includes(item.id)).map((item) => item.name);
  return (
    <AppModal opened={waiver !== null} onClose={() => wizard.send({ type: 'waiver.decline' })} title={t('wizard.waiverDialog.title')} zIndex={320}>
      <Stack gap="md">
        {names.length > 0 ? (
          <List spacing={2}>
            {names.map((name) => (
              <List.Item key={name}>
                <Text fw={600}>{name}</Text>
              </List.Item>
            ))}
          </List>
        ) : null}
        <Text>{t('wizard.waiverDialog.body')}</Text>
        <Text>{t('wizard.waiverDialog.body2')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => wizard.send({ type: 'waiver.decline' })}>
            {t('wizard.waiverDialog.decline')}
          </Button>
          <Button color="red.9" onClick={() => wizard.send({ type: 'waiver.accept' })}>
            {t('wizard.waiverDialog.accept')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

function ConfirmCloseDialog({ wizard }: { wizard: DisputeWizardActor }) {
  const { t } = useTranslation('disputes');
  const opened = useSelector(wizard, select.confirmingClose);
  return (
    <AppModal opened={opened} onClose={() => wizard.send({ type: 'close.cancel' })} title={t('wizard.confirmClose.title')} zIndex={320}>
      <Stack gap="md">
        <Text>{t('wizard.confirmClose.body')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => wizard.send({ type: 'close.cancel' })} data-autofocus>
            {t('wizard.confirmClose.stay')}
          </Button>
          <Button color="red.9" onClick={() => wizard.send({ type: 'close.confirm' })}>
            {t('wizard.confirmClose.leave')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

function InfoDialog({ wizard }: { wizard: DisputeWizardActor }) {
  const { t } = useTranslation('disputes');
  const opened = useSelector(wizard, select.infoOpen);
  return (
    <AppModal opened={opened} onClose={() => wizard.send({ type: 'info.close' })} title={t('wizard.infoDialog.title')} zIndex={320}>
      <Stack gap="sm">
        <Text>{t('wizard.infoDialog.body1')}</Text>
        <Text>{t('wizard.infoDialog.body2')}</Text>
        <Text>{t('wizard.infoDialog.body3')}</Text>
      </Stack>
    </AppModal>
  );
}

function VideoDialog({ walkthrough }: { walkthrough: WalkthroughActor }) {
  const { t, i18n } = useTranslation('disputes');
  const opened = useSelector(walkthrough, walkthroughSelectors.open);
  // The open dialog's player; while the dialog closes it is gone, and the player is drawn as it starts.
  const player = useSelector(walkthrough, walkthroughSelectors.player);
  const overlay = useSelector(player, (snapshot) => (snapshot === undefined ? true : walkthroughSelectors.overlay(snapshot)));
  const failed = useSelector(player, (snapshot) => (snapshot === undefined ? false : walkthroughSelectors.failed(snapshot)));
  const video = useRef<HTMLVideoElement>(null);
  const retry = useRef<HTMLButtonElement>(null);
  // The player (and the focus in it) is gone when the video fails: the focus goes to Try again.
  useEffect(() => {
    if (failed) retry.current?.focus();
  }, [failed]);
  const [played, setPlayed] = useState(false);
  const language = i18n.language === 'es' ? 'es' : 'en';
  const play = () => {
    setPlayed(true);
    player?.send({ type: 'video.play' });
    const element = video.current;
    if (element === null) return;
    element.currentTime = 0;
    // Browsers may refuse to play (no user gesture counted); the native controls then remain.
    void Promise.resolve(element.play()).catch(() => undefined);
  };
  return (
    <AppModal opened={opened} onClose={() => walkthrough.send({ type: 'dialog.close' })} title={t('wizard.videoDialog.title')} size="lg" zIndex={320}>
      {failed ? (
        // spec 001 §8: global.error-loading-video in place of the player; Try again mounts a fresh player.
        <Stack gap="sm" align="flex-start">
          <MessageAlert messageKey={ERROR_KEYS.errorLoadingVideo} />
          <Button ref={retry} onClick={() => player?.send({ type: 'video.retry' })}>
            {t('actions.tryAgain')}
          </Button>
        </Stack>
      ) : (
        <Box pos="relative">
          <video
            ref={video}
            src={WALKTHROUGH_VIDEO.src}
            controls={!overlay}
            playsInline
            preload="metadata"
            style={{ width: '100%', display: 'block', borderRadius: 8 }}
            onPlay={() => {
              if (overlay) player?.send({ type: 'video.play' });
            }}
            onEnded={() => player?.send({ type: 'video.ended' })}
            onError={() => player?.send({ type: 'video.failed' })}
          >
            <track kind="captions" src={WALKTHROUGH_VIDEO.captions[language]} srcLang={language} label={t('wizard.videoDialog.captions')} default />
          </video>
          {overlay ? (
            <Box
              pos="absolute"
              inset={0}
              display="flex"
              style={{ alignItems: 'center', justifyContent: 'center', background: 'rgba(33, 16, 56, 0.55)', borderRadius: 8 }}
              data-testid="video-overlay"
            >
              <Button size="lg" onClick={play} data-autofocus>
                {played ? t('wizard.videoDialog.playAgain') : t('wizard.videoDialog.play')}
              </Button>
            </Box>
          ) : null}
        </Box>
      )}
    </AppModal>
  );
}

// ------------------------------------------------------------------------------------------------ the wizard

export function DisputeWizardDialog({ wizard, walkthrough }: DisputeWizardDialogProps) {
  const { t } = useTranslation('disputes');
  const fullScreen = useMediaQuery(FULL_SCREEN_QUERY) ?? false;
  const active = useSelector(wizard, (snapshot) => snapshot.status === 'active');
  const steps = useSelector(wizard, select.steps);
  const stepIndex = useSelector(wizard, select.stepIndex);
  const items = useSelector(wizard, select.items);
  const errorKey = useSelector(wizard, select.errorKey);
  const shown = useSelector(wizard, select.step);
  const category = useSelector(wizard, select.category);
  const intro = shown === 'intro';
  const summary = shown === 'summary';
  const saving = useSelector(wizard, select.saving);
  const submitting = useSelector(wizard, select.submitting);
  const busy = useSelector(wizard, select.busy);
  const wizardNested = useSelector(
    wizard,
    (snapshot) => snapshot.hasTag('dialog.secondary') || snapshot.hasTag('dialog.waiver') || snapshot.hasTag('dialog.confirmClose') || snapshot.hasTag('dialog.info'),
  );
  const videoOpen = useSelector(walkthrough ?? undefined, (snapshot) => (snapshot === undefined ? false : walkthroughSelectors.open(snapshot)));
  const nested = wizardNested || videoOpen;
  const total = steps.length + 2;
  const step = Math.min(Math.max(stepIndex + 2, 1), total);
  const close = useCallback(() => wizard.send({ type: 'wizard.close' }), [wizard]);
  const body = useRef<HTMLDivElement>(null);

  // A new step starts at its top, read from its heading.
  useEffect(() => {
    body.current?.querySelector('h3')?.focus({ preventScroll: false });
  }, [stepIndex]);

  return (
    <>
      <AppModal
        opened={active}
        onClose={close}
        title={t('wizard.title')}
        fullScreen={fullScreen}
        size="xl"
        closeOnEscape={!nested}
        trapFocus={!nested}
        closeButtonProps={{ 'aria-label': t('wizard.close') }}
        data-testid="dispute-wizard"
      >
        <Stack gap="md" ref={body} aria-busy={busy}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={600} role="status" aria-live="polite" data-testid="wizard-progress">
              {t('wizard.progress', { step, total })}
            </Text>
            <Group gap="xs">
              <Button variant="subtle" size="xs" onClick={() => wizard.send({ type: 'info.open' })} aria-haspopup="dialog">
                {t('wizard.info')}
              </Button>
              {walkthrough !== null ? (
                <Button variant="subtle" size="xs" onClick={() => walkthrough.send({ type: 'dialog.open', modal: WALKTHROUGH_MODAL })} aria-haspopup="dialog">
                  {t('wizard.video')}
                </Button>
              ) : null}
            </Group>
          </Group>
          {errorKey !== null ? <MessageAlert messageKey={errorKey as ErrorsKey} /> : null}
          {intro ? <IntroStep items={items} /> : null}
          {shown === 'category' && category !== null ? <CategoryStep wizard={wizard} category={category} busy={busy} /> : null}
          {summary ? <SummaryStep wizard={wizard} /> : null}
          {saving || submitting ? (
            <Text role="status" size="sm">
              {submitting ? t('wizard.submitting') : t('wizard.saving')}
            </Text>
          ) : null}
          <Group justify="space-between" mt="sm">
            {intro ? (
              <span />
            ) : (
              <Button variant="default" onClick={() => wizard.send({ type: 'wizard.back' })} disabled={busy}>
                {t('wizard.back')}
              </Button>
            )}
            {intro ? (
              <Button onClick={() => wizard.send({ type: 'wizard.begin' })} disabled={busy} data-autofocus>
                {t('wizard.begin')}
              </Button>
            ) : summary ? (
              <Button onClick={() => wizard.send({ type: 'wizard.submit' })} loading={submitting} disabled={busy && !submitting}>
                {t('wizard.submit')}
              </Button>
            ) : (
              <Button onClick={() => wizard.send({ type: 'wizard.next' })} loading={saving} disabled={busy && !saving}>
                {t('wizard.next')}
              </Button>
            )}
          </Group>
        </Stack>
      </AppModal>
      <SecondaryReasonsDialog wizard={wizard} />
      <WaiverDialog wizard={wizard} />
      <ConfirmCloseDialog wizard={wizard} />
      <InfoDialog wizard={wizard} />
      {walkthrough !== null ? <VideoDialog walkthrough={walkthrough} /> : null}
    </>
  );
}
