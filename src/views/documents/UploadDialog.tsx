import '@mantine/dropzone/styles.css';
import { Box, Button, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileWithPath } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { documentUploadSelectors as select, type documentUploadMachine, type DocumentUploadSnapshot } from '../../../machines/documents/documentUpload.machine';
import { BREAKPOINTS_PX } from '../../domain/constants';
import { sizeInKb } from '../../domain/documents';
import { AppModal } from '../components/AppModal';
import { CropStep } from './CropStep';
import type { FileFacts } from './documentData';
import { DocumentForm } from './DocumentForm';

// The upload flow's dialog (spec 001 §4 "Upload", §5; spec 002 §4 "Document upload from the hub", §5), bound to a
// documentUpload actor: drop or pick a file (the dropzone takes a click, Enter or Space too), the crop of a photo, the
// document form, the progress (paused while offline), the server's check, and the outcomes (refused with its reason,
// a failed upload to try again, a file kept from earlier to upload again). The connection dialog (no connection /
// poor connection, Continue hidden offline) and the create-error dialog are the machine's states shown on top. The
// size limit is the machine's (it shows the 5 s toast), so the dropzone sets none. Full screen on phones.

export type DocumentUploadActor = ActorRefFrom<typeof documentUploadMachine>;

export interface UploadDialogProps {
  upload: DocumentUploadActor;
}

/** Full screen below the phone breakpoint (spec 000 §9: 600 px). */
const FULL_SCREEN_QUERY = `(max-width: ${BREAKPOINTS_PX.xs - 0.02}px)`;

/** What the dropzone offers in the picker, by type and by extension (browsers often give HEIC files no type). */
const ACCEPT = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
};

type Phase =
  | 'resume'
  | 'discarding'
  | 'pick'
  | 'reading'
  | 'converting'
  | 'crop'
  | 'form'
  | 'preparing'
  | 'createFailed'
  | 'upload'
  | 'processing'
  | 'uploadFailed'
  | 'refused'
  | 'cancelling'
  | 'ended';

function phaseOf(snapshot: DocumentUploadSnapshot): Phase {
  if (snapshot.status !== 'active') return 'ended';
  const flow = (state: string) => snapshot.matches({ open: { flow: state } } as Parameters<DocumentUploadSnapshot['matches']>[0]);
  if (snapshot.hasTag('step.resume')) return 'resume';
  if (flow('discarding')) return 'discarding';
  if (snapshot.hasTag('step.pick')) return 'pick';
  if (flow('reading')) return 'reading';
  if (flow('converting')) return 'converting';
  if (snapshot.hasTag('step.crop')) return 'crop';
  if (snapshot.hasTag('step.form')) return 'form';
  if (snapshot.hasTag('step.upload')) return 'upload';
  if (snapshot.hasTag('step.processing') || flow('finishing')) return 'processing';
  if (snapshot.hasTag('error.upload')) return 'uploadFailed';
  if (snapshot.hasTag('error.refused')) return 'refused';
  if (flow('cancelling')) return 'cancelling';
  if (snapshot.hasTag('dialog.createError')) return 'createFailed';
  // stashing, creating (waiting for the connection, or asking for the prepared upload), and its failure's dialog.
  return 'preparing';
}

function FileLine({ file }: { file: FileFacts }) {
  const { t } = useTranslation('documents');
  return (
    <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="upload-file">
      {t('upload.file', { name: file.name, kb: sizeInKb(file.size) })}
    </Text>
  );
}

function Working({ children }: { children: ReactNode }) {
  return (
    <Group role="status" gap="sm" wrap="nowrap">
      <Loader size="sm" aria-hidden />
      <Text>{children}</Text>
    </Group>
  );
}

/** A step's heading: focused when the step shows, so keyboard and screen reader users start there. */
function StepTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={3} size="h4" tabIndex={-1} data-step-title>
      {children}
    </Title>
  );
}

function PickStep({ upload }: { upload: DocumentUploadActor }) {
  const { t } = useTranslation('documents');
  const [rejected, setRejected] = useState(false);
  const openPicker = useRef<() => void>(null);
  const hintId = useId();
  const choose = (files: FileWithPath[]) => {
    const file = files[0];
    if (file === undefined) return;
    setRejected(false);
    upload.send({ type: 'file.chosen', file });
  };
  // The drop area takes a drop or a click; keyboard and screen reader users get the same picker from the button
  // (one control to reach, not a focusable area wrapping the file input).
  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={choose}
        onReject={() => setRejected(true)}
        accept={ACCEPT}
        multiple={false}
        activateOnKeyboard={false}
        openRef={openPicker}
        inputProps={{ 'aria-label': t('upload.pick.label'), 'aria-describedby': hintId }}
        p="xl"
      >
        <Stack align="center" gap={4} mih={140} justify="center" style={{ pointerEvents: 'none', textAlign: 'center' }}>
          <Text fw={600} size="lg">
            {t('upload.pick.prompt')}
          </Text>
          <Text size="sm" id={hintId}>
            {t('upload.pick.accepted')}
          </Text>
        </Stack>
      </Dropzone>
      <Group justify="center">
        <Button onClick={() => openPicker.current?.()} aria-describedby={hintId} data-autofocus>
          {t('upload.pick.choose')}
        </Button>
      </Group>
      {rejected ? (
        <Text role="alert" c="red.9" fw={600}>
          {t('upload.pick.rejected')}
        </Text>
      ) : null}
    </Stack>
  );
}

function FormStep({ upload }: { upload: DocumentUploadActor }) {
  const { t } = useTranslation('documents');
  const file = useSelector(upload, select.file);
  const values = useSelector(upload, select.form);
  const errors = useSelector(upload, (snapshot) => snapshot.context.formErrors);
  const showErrors = useSelector(upload, (snapshot) => snapshot.context.showErrors);
  const today = useSelector(upload, (snapshot) => snapshot.context.today);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        upload.send({ type: 'form.submit' });
      }}
    >
      <Stack gap="md">
        <StepTitle>{t('upload.form.title')}</StepTitle>
        {file !== null ? <FileLine file={file} /> : null}
        <DocumentForm
          idPrefix="upload"
          values={values}
          errors={errors}
          showErrors={showErrors}
          today={today}
          onChange={(next) => upload.send({ type: 'form.change', values: next })}
        />
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Button variant="subtle" onClick={() => upload.send({ type: 'file.clear' })}>
            {t('upload.form.another')}
          </Button>
          <Button type="submit">{t('upload.form.submit')}</Button>
        </Group>
      </Stack>
    </Box>
  );
}

function ProgressStep({ upload, phase }: { upload: DocumentUploadActor; phase: 'preparing' | 'createFailed' | 'upload' | 'processing' }) {
  const { t } = useTranslation('documents');
  const file = useSelector(upload, select.file);
  const progress = useSelector(upload, select.progress);
  const paused = useSelector(upload, select.paused);
  const waiting = useSelector(upload, (snapshot) => snapshot.hasTag('waiting.connection'));
  const bytes = useSelector(upload, (snapshot) => ({ done: snapshot.context.bytesTransferred, total: snapshot.context.totalBytes }), (a, b) => a.done === b.done && a.total === b.total);
  const canCancel = useSelector(upload, (snapshot) => snapshot.can({ type: 'upload.cancel' }));
  return (
    <Stack gap="md">
      <StepTitle>{t('upload.progress.label')}</StepTitle>
      {file !== null ? <FileLine file={file} /> : null}
      <Progress.Root size="lg">
        <Progress.Section value={progress} aria-label={t('upload.progress.label')} color={paused ? 'gray.7' : undefined} striped={paused} />
      </Progress.Root>
      <Group justify="space-between" gap="xs">
        <Text fw={600} data-testid="upload-percent">
          {t('upload.progress.percent', { percent: progress })}
        </Text>
        {bytes.total > 0 ? <Text size="sm">{t('upload.progress.bytes', { done: sizeInKb(bytes.done), total: sizeInKb(bytes.total) })}</Text> : null}
      </Group>
      {phase === 'preparing' ? <Working>{waiting ? t('upload.progress.waiting') : t('upload.progress.preparing')}</Working> : null}
      {phase === 'upload' && paused ? (
        <Text role="status" fw={600} data-testid="upload-paused">
          {t('upload.progress.paused')}
        </Text>
      ) : null}
      {phase === 'processing' ? <Working>{t('upload.processing')}</Working> : null}
      {canCancel ? (
        <Group justify="flex-end">
          <Button variant="default" onClick={() => upload.send({ type: 'upload.cancel' })}>
            {t('upload.progress.cancel')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function UploadFailedStep({ upload }: { upload: DocumentUploadActor }) {
  const { t } = useTranslation(['documents', 'common']);
  const file = useSelector(upload, select.file);
  return (
    <Stack gap="md">
      <StepTitle>{t('upload.failed.title')}</StepTitle>
      {file !== null ? <FileLine file={file} /> : null}
      <Text role="alert">{t('upload.failed.body')}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => upload.send({ type: 'upload.cancel' })}>
          {t('common:actions.cancel')}
        </Button>
        <Button onClick={() => upload.send({ type: 'upload.retry' })}>{t('common:actions.tryAgain')}</Button>
      </Group>
    </Stack>
  );
}

function RefusedStep({ upload }: { upload: DocumentUploadActor }) {
  const { t } = useTranslation(['documents', 'common']);
  const refusal = useSelector(upload, select.refusal);
  const file = useSelector(upload, select.file);
  return (
    <Stack gap="md">
      <StepTitle>{t('upload.refused.title')}</StepTitle>
      {file !== null ? <FileLine file={file} /> : null}
      {refusal !== null ? (
        <Text role="alert" fw={600} c="red.9">
          {t(`refusal.${refusal}`)}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => upload.send({ type: 'upload.close' })}>
          {t('common:actions.close')}
        </Button>
        <Button onClick={() => upload.send({ type: 'file.clear' })}>{t('upload.refused.another')}</Button>
      </Group>
    </Stack>
  );
}

function ResumeStep({ upload, busy }: { upload: DocumentUploadActor; busy: boolean }) {
  const { t } = useTranslation('documents');
  const file = useSelector(upload, select.file);
  return (
    <Stack gap="md">
      <StepTitle>{t('upload.resume.title')}</StepTitle>
      <Text>{t('upload.resume.body')}</Text>
      {file !== null ? <FileLine file={file} /> : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => upload.send({ type: 'upload.discard' })} loading={busy} disabled={busy}>
          {t('upload.resume.discard')}
        </Button>
        <Button onClick={() => upload.send({ type: 'upload.restart' })} disabled={busy} data-autofocus>
          {t('upload.resume.restart')}
        </Button>
      </Group>
    </Stack>
  );
}

/** spec 001 §4: no connection, poor connection, or back online; Continue hidden offline; Cancel. */
function ConnectionDialog({ upload }: { upload: DocumentUploadActor }) {
  const { t } = useTranslation('documents');
  const opened = useSelector(upload, select.connectionDialog);
  const connection = useSelector(upload, select.connection);
  const offline = useSelector(upload, (snapshot) => snapshot.hasTag('connection.offline'));
  const canContinue = useSelector(upload, (snapshot) => snapshot.can({ type: 'connection.continue' }));
  const dismiss = () => {
    if (canContinue) upload.send({ type: 'connection.continue' });
  };
  return (
    <AppModal
      opened={opened}
      onClose={dismiss}
      title={t(`connection.${connection}.title`)}
      withCloseButton={canContinue}
      closeOnEscape={canContinue}
      closeOnClickOutside={false}
      zIndex={320}
      data-testid="connection-dialog"
    >
      <Stack gap="md">
        <Text role="status">{t(`connection.${connection}.body`)}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => upload.send({ type: 'upload.cancel' })}>
            {t('connection.cancel')}
          </Button>
          {!offline ? (
            <Button onClick={dismiss} disabled={!canContinue} data-autofocus>
              {t('connection.continue')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </AppModal>
  );
}

/** createDocumentUpload failed: errors.create-document-error, Try again or Cancel. */
function CreateErrorDialog({ upload }: { upload: DocumentUploadActor }) {
  const { t } = useTranslation(['documents', 'errors', 'common']);
  const errorKey = useSelector(upload, select.errorKey);
  const cancel = () => upload.send({ type: 'upload.cancel' });
  return (
    <AppModal opened={errorKey !== null} onClose={cancel} title={t('upload.createError.title')} closeOnClickOutside={false} zIndex={320}>
      <Stack gap="md">
        {errorKey !== null ? <Text role="alert">{t(errorKey, { ns: 'errors' })}</Text> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={() => upload.send({ type: 'upload.retry' })} data-autofocus>
            {t('common:actions.tryAgain')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

export function UploadDialog({ upload }: UploadDialogProps) {
  const { t } = useTranslation('documents');
  const fullScreen = useMediaQuery(FULL_SCREEN_QUERY) ?? false;
  const phase = useSelector(upload, phaseOf);
  const opened = phase !== 'ended';
  const replaces = useSelector(upload, select.replaces);
  const original = useSelector(upload, select.original);
  const busy = useSelector(upload, select.busy);
  const canClose = useSelector(upload, (snapshot) => snapshot.can({ type: 'upload.close' }));
  const nested = useSelector(upload, (snapshot) => snapshot.hasTag('dialog.connection') || snapshot.hasTag('dialog.createError'));
  const body = useRef<HTMLDivElement>(null);

  // A new step starts at its heading when the control that had focus went with the previous step (focus would be
  // left on the page's body, outside the dialog); a control still shown keeps it.
  useEffect(() => {
    const active = document.activeElement;
    if (active !== null && active !== document.body && active.isConnected) return;
    body.current?.querySelector<HTMLElement>('[data-step-title], [data-autofocus]')?.focus({ preventScroll: false });
  }, [phase]);

  const close = () => {
    if (canClose) upload.send({ type: 'upload.close' });
  };
  return (
    <>
      <AppModal
        opened={opened}
        onClose={close}
        title={replaces !== null ? t('upload.replaceTitle', { name: replaces.name }) : t('upload.title')}
        fullScreen={fullScreen}
        size="lg"
        withCloseButton={canClose}
        closeOnEscape={canClose && !nested}
        closeOnClickOutside={false}
        trapFocus={!nested}
        closeButtonProps={{ 'aria-label': t('upload.close') }}
        data-testid="upload-dialog"
      >
        <Box ref={body} aria-busy={busy}>
          {phase === 'resume' || phase === 'discarding' ? <ResumeStep upload={upload} busy={phase === 'discarding'} /> : null}
          {phase === 'pick' ? <PickStep upload={upload} /> : null}
          {phase === 'reading' ? <Working>{t('upload.pick.reading')}</Working> : null}
          {phase === 'converting' ? <Working>{t('upload.pick.converting')}</Working> : null}
          {phase === 'crop' && original !== null ? (
            <CropStep
              original={original}
              busy={busy}
              onApply={(area, rotation) => upload.send({ type: 'crop.apply', area, rotation })}
              onSkip={() => upload.send({ type: 'crop.skip' })}
              onChooseAnother={() => upload.send({ type: 'file.clear' })}
            />
          ) : null}
          {phase === 'form' ? <FormStep upload={upload} /> : null}
          {phase === 'preparing' || phase === 'createFailed' || phase === 'upload' || phase === 'processing' ? <ProgressStep upload={upload} phase={phase} /> : null}
          {phase === 'uploadFailed' ? <UploadFailedStep upload={upload} /> : null}
          {phase === 'refused' ? <RefusedStep upload={upload} /> : null}
          {phase === 'cancelling' ? <Working>{t('upload.cancelling')}</Working> : null}
        </Box>
      </AppModal>
      <ConnectionDialog upload={upload} />
      <CreateErrorDialog upload={upload} />
    </>
  );
}
