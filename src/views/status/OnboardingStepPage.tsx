import { Button, Stack, Stepper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// spec 000 §2.3 gates 3-6: the onboarding steps the guard chain leads to (contract, authorizations, goal,
// intake). This page is the entry of the onboarding flow: it says which step comes next; the steps' own forms
// arrive with the onboarding issue.

export const ONBOARDING_STEPS = ['contract', 'authorizations', 'selectGoal', 'intake'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export interface OnboardingStepPageProps {
  step: OnboardingStep;
  /** The intake page number (/intake/:page). */
  stepNumber?: string;
  onSignOut: () => void;
}

export function OnboardingStepPage({ step, stepNumber, onSignOut }: OnboardingStepPageProps) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="lg">
      <Stepper active={ONBOARDING_STEPS.indexOf(step)} size="sm" orientation="horizontal" allowNextStepsSelect={false}>
        {ONBOARDING_STEPS.map((name) => (
          <Stepper.Step key={name} label={t(`onboarding.steps.${name}.label`)} />
        ))}
      </Stepper>
      <Title order={1}>{t(`onboarding.steps.${step}.title`)}</Title>
      {stepNumber ? <Text c="dimmed">{t('onboarding.stepNumber', { number: stepNumber })}</Text> : null}
      <Text>{t(`onboarding.steps.${step}.body`)}</Text>
      <Button variant="subtle" onClick={onSignOut} style={{ alignSelf: 'flex-start' }}>
        {t('actions.signOut')}
      </Button>
    </Stack>
  );
}
