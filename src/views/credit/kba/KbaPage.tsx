import { Alert, Button, Fieldset, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { KbaMessageKey, KbaStatus } from '../../../../machines/credit/kba.machine';
import { LoadFailedAlert, LoadingNotice } from '../../components/LoadStates';
import { telHref } from '../../components/phone';

// /kba (spec 001 §2 "Identity check (KBA)", §4, §8): questions about the customer's own credit file, one answer each
// as a radio group; Submit only once every question has an answer. Wrong answers bring new questions (the page says
// how many tries are left); a submit failure is an alert above Submit; a load failure offers Try again. After too
// many unmatched answers the identity vendor locks the check: the page says when another try opens and whom to
// call. Skip-to-report exists only in lower environments.

/** One question and its possible answers. */
export interface KbaQuestion {
  id: string;
  text: string;
  answers: readonly { id: string; text: string }[];
}

export interface KbaPageProps {
  status: KbaStatus;
  questions: readonly KbaQuestion[];
  /** question id → the chosen answer id */
  selections: Readonly<Record<string, string>>;
  canSubmit: boolean;
  /** The questions follow unmatched answers; `attemptsLeft` more tries remain. */
  retry: boolean;
  attemptsLeft: number | null;
  errorKey: KbaMessageKey | null;
  /** While locked: when another try opens (ISO date-time). */
  retryAt: string | null;
  canSkip: boolean;
  /** The customer-service phone, 000-000-0000. */
  phone: string;
  /** Where the locked page's Back link goes. */
  creditPath: string;
  onSelect: (questionId: string, answerId: string) => void;
  onSubmit: () => void;
  onRetry: () => void;
  onSkip: () => void;
}

/** A moment in the reader's language and time zone, e.g. 'Friday, November 27, 2026 at 3:05 PM'. */
export function formatMoment(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));
}

function Locked({ retryAt, phone, creditPath }: Pick<KbaPageProps, 'retryAt' | 'phone' | 'creditPath'>) {
  const { t, i18n } = useTranslation('kba');
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title={t('locked.title')} styles={{ title: { color: '#8a3c00' } }}>
        <Stack gap="xs">
          <Text>{t('locked.body', { date: retryAt === null ? '' : formatMoment(retryAt, i18n.resolvedLanguage ?? 'en') })}</Text>
          <Text>{t('locked.call', { phone })}</Text>
        </Stack>
      </Alert>
      <Group>
        <Button component="a" href={telHref(phone)}>
          {t('locked.callNow')}
        </Button>
        <Button component={Link} to={creditPath} variant="default">
          {t('locked.back')}
        </Button>
      </Group>
    </Stack>
  );
}

function Questions(props: KbaPageProps) {
  const { t } = useTranslation(['kba', 'common']);
  const { questions, selections, canSubmit, status, retry, attemptsLeft, errorKey, onSelect, onSubmit } = props;
  const answered = questions.filter((question) => selections[question.id] !== undefined).length;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit) onSubmit();
      }}
    >
      <Stack gap="lg">
        <Text>{retry && attemptsLeft !== null ? t('retryIntro', { count: attemptsLeft }) : t('intro')}</Text>
        {questions.map((question, index) => (
          <Fieldset key={question.id} legend={t('questionLegend', { number: index + 1, text: question.text })} disabled={status === 'submitting'}>
            <Stack gap="xs">
              {question.answers.map((answer) => (
                <Radio
                  key={answer.id}
                  name={`kba-${question.id}`}
                  value={answer.id}
                  label={answer.text}
                  checked={selections[question.id] === answer.id}
                  onChange={() => onSelect(question.id, answer.id)}
                />
              ))}
            </Stack>
          </Fieldset>
        ))}
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('answeredCount', { answered, total: questions.length })}
        </Text>
        {errorKey === 'submit-error' ? (
          <Alert color="red" variant="light" role="alert">
            {t('submit-error')}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" disabled={!canSubmit} loading={status === 'submitting'}>
            {t('submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function KbaPage(props: KbaPageProps) {
  const { t } = useTranslation(['kba', 'common']);
  const { status, canSkip, onRetry, onSkip } = props;
  let body;
  if (status === 'loadFailed') {
    body = (
      <LoadFailedAlert message={t('error-loading')} onRetry={onRetry} />
    );
  } else if (status === 'locked') {
    body = <Locked retryAt={props.retryAt} phone={props.phone} creditPath={props.creditPath} />;
  } else if (status === 'answering' || status === 'submitting') {
    body = <Questions {...props} />;
  } else {
    body = (
      <LoadingNotice label={t('loading')} gap="sm" />
    );
  }
  return (
    <Stack gap="lg">
      <Title order={1}>{t('title')}</Title>
      {body}
      {canSkip ? (
        <Group>
          <Button variant="subtle" color="gray" onClick={onSkip}>
            {t('skip')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
