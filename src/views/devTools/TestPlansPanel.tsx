import { Alert, Badge, Button, Group, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { TEST_STEP_STALE_MS, TEST_STEP_TIMED_OUT } from '../../domain/testPlans';
import { LoadingNotice } from '../components/LoadStates';
import { useServerError } from './serverError';
import { testPlanRunnerSelectors as select, type testPlanRunnerMachine, type TestPlanStepView } from '../../../machines/devTools/testPlanRunner.machine';

// The Test plans section (spec 001 §3 "Test plan"): pick a plan, start it, then walk its steps —
// each with its title, instructions, priority or days, and its status (idle / in progress / error); Complete step
// runs it on the server, Retry step after an error. A step left in progress (still running, from an earlier visit
// or another tab) says it is running while the runner reads the test state again; Retry shows only once it errored
// or went stale. Developers only: anyone else reads why.

export type TestPlanRunnerActor = ActorRefFrom<typeof testPlanRunnerMachine>;

/** Filled badges with white text, each at least 5.4:1 (WCAG 1.4.3). */
const STATUS_COLORS: Record<TestPlanStepView['status'], string> = {
  idle: '#1864ab',
  'in-progress': '#9a3412',
  error: '#c92a2a',
  done: '#1e6b34',
  upcoming: '#343a40',
};

function StepCard({ step, total, runner }: { step: TestPlanStepView; total: number; runner: TestPlanRunnerActor }) {
  const { t } = useTranslation('devTools');
  const busy = useSelector(runner, select.busy);
  const error = useSelector(runner, select.error);
  const errorKey = useSelector(runner, select.errorKey);
  const running = useSelector(runner, select.stepRunning);
  const serverError = useServerError();
  const current = step.status === 'idle' || step.status === 'in-progress' || step.status === 'error';
  return (
    <Paper
      withBorder
      p="md"
      component="li"
      aria-current={current ? 'step' : undefined}
      style={current ? { borderColor: 'var(--mantine-color-purple-7)', borderWidth: 2 } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4">
            {t('testPlans.stepHeading', { number: step.index + 1, total, title: step.title })}
          </Title>
          <Badge color={STATUS_COLORS[step.status]} variant="filled">
            {t(`testPlans.status.${step.status}`)}
          </Badge>
        </Group>
        {step.instructions ? <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{step.instructions}</Text> : null}
        {step.priority ? <Text size="sm">{t('testPlans.priority', { priority: t(`priorities.${step.priority}`) })}</Text> : null}
        {step.days !== undefined ? <Text size="sm">{t('testPlans.days', { days: step.days })}</Text> : null}
        {step.status === 'error' && error ? (
          <Alert color="red" variant="light">
            {error === TEST_STEP_TIMED_OUT
              ? t('testPlans.stepTimedOut', { minutes: TEST_STEP_STALE_MS / 60_000 })
              : t('testPlans.stepError', { error: errorKey !== null ? serverError(error, errorKey) : error })}
          </Alert>
        ) : null}
        {step.status === 'idle' ? (
          <Group>
            <Button onClick={() => runner.send({ type: 'step.complete' })} disabled={busy}>
              {t('testPlans.complete')}
            </Button>
          </Group>
        ) : null}
        {step.status === 'in-progress' && running ? (
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{t('testPlans.stepRunning', { minutes: TEST_STEP_STALE_MS / 60_000 })}</Text>
          </Group>
        ) : null}
        {step.status === 'error' ? (
          <Group>
            <Button onClick={() => runner.send({ type: 'step.retry' })}>{t('testPlans.retry')}</Button>
          </Group>
        ) : null}
        {step.status === 'in-progress' && busy ? <Loader size="sm" aria-hidden /> : null}
      </Stack>
    </Paper>
  );
}

export function TestPlansPanel({ runner }: { runner: TestPlanRunnerActor }) {
  const { t } = useTranslation('devTools');
  const notDeveloper = useSelector(runner, select.notDeveloper);
  const loading = useSelector(runner, select.loading);
  const loadFailed = useSelector(runner, select.loadFailed);
  const picking = useSelector(runner, select.picking);
  const walking = useSelector(runner, select.walking);
  const finished = useSelector(runner, select.finished);
  const busy = useSelector(runner, select.busy);
  const plans = useSelector(runner, select.plans);
  const selectedId = useSelector(runner, select.selectedId);
  const plan = useSelector(runner, select.plan);
  const steps = useSelector(runner, select.steps);

  if (notDeveloper) {
    return (
      <Alert color="blue" variant="light">
        {t('testPlans.needsDeveloper')}
      </Alert>
    );
  }
  if (loading) {
    return (
      <LoadingNotice label={t('testPlans.loading')} gap="sm" />
    );
  }
  if (loadFailed) {
    return (
      <Alert color="red" variant="light" title={t('testPlans.loadFailed')}>
        <Button variant="default" onClick={() => runner.send({ type: 'plans.retry' })}>
          {t('testPlans.retryLoad')}
        </Button>
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      {picking ? (
        plans.length === 0 ? (
          <Text>{t('testPlans.none')}</Text>
        ) : (
          <Stack gap="sm">
            <Radio.Group label={t('testPlans.pickLabel')} value={selectedId} onChange={(testPlanId) => runner.send({ type: 'plan.select', testPlanId })}>
              <Stack gap="sm" mt="xs">
                {plans.map((entry) => (
                  <Radio
                    key={entry.id}
                    value={entry.id}
                    label={`${entry.name}${entry.deprecated ? ` ${t('testPlans.deprecated')}` : ''}`}
                    description={
                      <>
                        <Text size="sm" component="span" c="dark.7" display="block">
                          {entry.description}
                        </Text>
                        <Text size="sm" component="span" c="dark.7" display="block">
                          {t('testPlans.steps', { count: entry.steps.length })}
                          {entry.tags.length > 0 ? ` · ${t('testPlans.tags', { tags: entry.tags.join(', ') })}` : ''}
                        </Text>
                      </>
                    }
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Group>
              <Button onClick={() => runner.send({ type: 'plan.start' })} disabled={selectedId === null || busy} loading={busy}>
                {busy ? t('testPlans.starting') : t('testPlans.start')}
              </Button>
            </Group>
          </Stack>
        )
      ) : null}

      {walking && plan ? (
        <Stack gap="sm">
          <Title order={2} size="h3">
            {plan.name}
          </Title>
          <Text>{plan.description}</Text>
          <Stack component="ol" gap="sm" aria-label={t('testPlans.stepsLabel', { name: plan.name })} p={0} m={0} style={{ listStyle: 'none' }} aria-busy={busy}>
            {steps.map((step) => (
              <StepCard key={step.index} step={step} total={steps.length} runner={runner} />
            ))}
          </Stack>
          <Group>
            <Button variant="default" onClick={() => runner.send({ type: 'plan.change' })} disabled={busy}>
              {t('testPlans.change')}
            </Button>
          </Group>
        </Stack>
      ) : null}

      {finished ? (
        <Stack gap="sm">
          <Alert color="green" variant="light" role="status">
            {t('testPlans.finished')}
          </Alert>
          <Group>
            <Button variant="default" onClick={() => runner.send({ type: 'plan.change' })}>
              {t('testPlans.change')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
