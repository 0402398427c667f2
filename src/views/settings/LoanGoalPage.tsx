import { Alert, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { goalEditSelectors as select, type goalEditMachine } from '../../../machines/settings/goalEdit.machine';
import type { IntakeField, IntakeFormStep } from '../../domain/intake';
import { LoadingNotice } from '../components/LoadStates';
import { GoalTypeName } from '../onboarding/GoalTypeName';
import { IntakeFieldControl } from '../onboarding/intake/IntakeField';
import { SettingsLoadFailed } from './SettingsLoadFailed';

// settings/loan-goal (spec 000 §2.5, §3.5; spec 002 §3, §5): the goal (its type as chosen at sign-up) and its answers,
// asked as the intake asks them: the same sections, fields, option lists and money messages. Save sends what changed
// and shows the readiness score recomputed from it; Cancel puts the stored answers back. A goal of a type this build
// does not know says 'Unsupported Goal Type' and has nothing to edit.

export type GoalEditActor = ActorRefFrom<typeof goalEditMachine>;

export interface LoanGoalPageProps {
  actor: GoalEditActor;
}

function GoalField({ actor, field, disabled }: { actor: GoalEditActor; field: IntakeField; disabled: boolean }) {
  const value = useSelector(actor, select.fieldValue(field));
  const errorKey = useSelector(actor, select.fieldError(field));
  return (
    <IntakeFieldControl
      field={field}
      value={value}
      errorKey={errorKey}
      disabled={disabled}
      onChange={(next) => actor.send({ type: 'form.change', values: { [field]: next } })}
    />
  );
}

function GoalSection({ actor, step, fields, disabled }: { actor: GoalEditActor; step: IntakeFormStep; fields: readonly IntakeField[]; disabled: boolean }) {
  const { t } = useTranslation('intake');
  const titleId = `loan-goal-${step}`;
  return (
    <Box component="fieldset" aria-labelledby={titleId} m={0} p={0} style={{ border: 0, minWidth: 0 }}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {t(`steps.${step}.title`)}
          </Title>
          <Text size="sm" c="gray.7">
            {t(`steps.${step}.intro`)}
          </Text>
        </div>
        {fields.map((field) => (
          <GoalField key={field} actor={actor} field={field} disabled={disabled} />
        ))}
      </Stack>
    </Box>
  );
}

function GoalType({ type }: { type: string }) {
  const { t } = useTranslation('settings');
  return (
    <div>
      <Text size="sm" fw={600} c="gray.7">
        {t('loan-goal.goalType')}
      </Text>
      <Text fz="lg" fw={700} data-testid="goal-type">
        <GoalTypeName type={type} />
      </Text>
    </div>
  );
}

export function LoanGoalPage({ actor }: LoanGoalPageProps) {
  const { t } = useTranslation(['settings', 'common']);
  const status = useSelector(actor, select.status);
  const goalType = useSelector(actor, select.goalType);
  const sections = useSelector(actor, select.sections, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const busy = useSelector(actor, select.busy);
  const saved = useSelector(actor, select.saved);
  const displayScore = useSelector(actor, select.displayScore);
  const dirty = useSelector(actor, select.dirty);

  if (status === 'loading') {
    return (
      <LoadingNotice label={t('page.loading')} gap="sm" />
    );
  }
  if (status === 'loadFailed') {
    return (
      <SettingsLoadFailed messageKey="errors.general-error" onRetry={() => actor.send({ type: 'load.retry' })} />
    );
  }
  if (status === 'noGoal') {
    return <Text>{t('loan-goal.noGoal')}</Text>;
  }
  if (status === 'unsupported') {
    return (
      <Stack gap="sm">
        <GoalType type={goalType ?? ''} />
        <Text>{t('loan-goal.unsupported')}</Text>
      </Stack>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  };
  return (
    <Stack gap="lg">
      <Text>{t('loan-goal.intro')}</Text>
      <Paper withBorder p={{ base: 'md', xs: 'lg' }}>
        <Stack gap="xs">
          <GoalType type={goalType ?? ''} />
          <Text size="sm" c="gray.7">
            {t('loan-goal.goalTypeHelp')}
          </Text>
        </Stack>
      </Paper>
      <Box component="form" onSubmit={onSubmit} noValidate aria-label={t('loan-goal.form')} aria-busy={busy}>
        <Stack gap="xl">
          {sections.map(({ step, fields }) => (
            <GoalSection key={step} actor={actor} step={step} fields={fields} disabled={busy} />
          ))}
          {saved ? (
            <Alert color="green" variant="light" role="status" title={t('loan-goal.saved')}>
              {displayScore === null ? t('loan-goal.scorePending') : t('loan-goal.score', { score: displayScore })}
            </Alert>
          ) : null}
          {busy ? (
            <Text role="status" size="sm" c="gray.7">
              {t('page.saving')}
            </Text>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={busy}>
              {t('loan-goal.save')}
            </Button>
            <Button variant="default" onClick={() => actor.send({ type: 'form.reset' })} disabled={busy || !dirty}>
              {t('loan-goal.cancel')}
            </Button>
          </Group>
        </Stack>
      </Box>
    </Stack>
  );
}
