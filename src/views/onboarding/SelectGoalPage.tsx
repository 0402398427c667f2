import { Button, Card, Group, Loader, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { goalSelectionSelectors, type goalSelectionMachine } from '../../../machines/onboarding/goalSelection.machine';
import { isSupportedGoalType } from '../../domain/intake';
import { AppModal } from '../components/AppModal';
import { GoalTypeName } from './GoalTypeName';
import { OnboardingFrame } from './OnboardingFrame';

// /sign-up/select-goal (spec 002 §4 "Goal creation", §8): the goals offered (the recreational vehicle goal is
// hidden while the deprecated-goals flag is on); picking one creates it; a failure opens the error-creating dialog.

export type GoalSelectionActor = ActorRefFrom<typeof goalSelectionMachine>;

export interface SelectGoalPageProps {
  actor: GoalSelectionActor;
  onSignOut: () => void;
}

export function SelectGoalPage({ actor, onSignOut }: SelectGoalPageProps) {
  const { t } = useTranslation(['onboarding', 'common']);
  const goalTypes = useSelector(actor, goalSelectionSelectors.goalTypes);
  const selected = useSelector(actor, goalSelectionSelectors.selected);
  const busy = useSelector(actor, goalSelectionSelectors.busy);
  const created = useSelector(actor, goalSelectionSelectors.created);
  const errorOpen = useSelector(actor, goalSelectionSelectors.errorOpen);
  const errorKey = useSelector(actor, goalSelectionSelectors.errorKey);
  const canSelect = useSelector(actor, goalSelectionSelectors.canSelect);
  const closeDialog = () => actor.send({ type: 'dialog.close' });

  return (
    <OnboardingFrame step="selectGoal" onSignOut={onSignOut}>
      <Text>{t('selectGoal.intro')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {goalTypes.map((type) => (
          <Card key={type} withBorder padding={0} aria-busy={busy && selected === type}>
            {/* The button's name is its visible text, the goal's name (WCAG 2.5.3); the description follows it. */}
            <UnstyledButton
              p="lg"
              pb="xs"
              w="100%"
              disabled={!canSelect}
              onClick={() => actor.send({ type: 'goal.select', goalType: type })}
              aria-describedby={`goal-${type}-description`}
            >
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} component="span">
                  <GoalTypeName type={type} />
                </Text>
                {(busy || created) && selected === type ? <Loader size="xs" aria-hidden /> : null}
              </Group>
            </UnstyledButton>
            <Text id={`goal-${type}-description`} size="sm" c="dimmed" px="lg" pb="lg">
              {isSupportedGoalType(type) ? t(`goals.${type}.description`) : null}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {created ? (
        <Text role="status" c="dimmed">
          {t('selectGoal.created')}
        </Text>
      ) : null}
      <AppModal opened={errorOpen} onClose={closeDialog} title={t('selectGoal.errorTitle')}>
        <Stack>
          <Text>{t(errorKey ?? 'intake.errors.error-creating', { ns: 'errors' })}</Text>
          <Group justify="flex-end">
            <Button onClick={closeDialog}>{t('common:actions.close')}</Button>
          </Group>
        </Stack>
      </AppModal>
    </OnboardingFrame>
  );
}
