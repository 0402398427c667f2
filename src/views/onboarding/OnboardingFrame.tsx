import { Button, Stack, Stepper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// spec 000 §2.3 gates 3-6: the onboarding steps in order (contract, authorizations, goal, intake), with the step
// the customer is on, its title, and a way to sign out of a half-finished onboarding.

export const ONBOARDING_STEPS = ['contract', 'authorizations', 'selectGoal', 'intake'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export interface OnboardingFrameProps {
  step: OnboardingStep;
  children: ReactNode;
  /** Absent where there is no account yet (quick sign-up's contract-complete). */
  onSignOut?: () => void;
}

export function OnboardingFrame({ step, children, onSignOut }: OnboardingFrameProps) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="lg">
      <Stepper active={ONBOARDING_STEPS.indexOf(step)} size="sm" orientation="horizontal" allowNextStepsSelect={false}>
        {ONBOARDING_STEPS.map((name) => (
          <Stepper.Step key={name} label={t(`onboarding.steps.${name}.label`)} />
        ))}
      </Stepper>
      <Title order={1}>{t(`onboarding.steps.${step}.title`)}</Title>
      {children}
      {onSignOut ? (
        <Button variant="subtle" onClick={onSignOut} style={{ alignSelf: 'flex-start' }}>
          {t('actions.signOut')}
        </Button>
      ) : null}
    </Stack>
  );
}
