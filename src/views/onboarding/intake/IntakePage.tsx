import { Button, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { intakeSelectors } from '../../../../machines/onboarding/intake.machine';
import type { IntakeStep } from '../../../domain/intake';
import { ROUTES } from '../../../domain/routes';
import { LoadingNotice } from '../../components/LoadStates';
import { IntakeAlert } from './IntakeAlert';
import { BankAccounts } from './BankAccounts';
import { Disputes } from './Disputes';
import type { WalkthroughActor } from '../../disputes/DisputeWizardDialog';
import { FinancialStatus } from './FinancialStatus';
import { FinishingScreen } from './FinishingScreen';
import { HouseDetails } from './HouseDetails';
import type { IntakeActor } from './intakeActor';
import { MortgageDetails } from './MortgageDetails';
import { RefinanceDetails } from './RefinanceDetails';
import { ResumeDialog } from './ResumeDialog';
import { RVFinancing } from './RVFinancing';
import { RVType } from './RVType';
import { UserBackground } from './UserBackground';

// The intake (spec 002 §4 "Intake"), inside the onboarding frame: one screen per step of the goal, in the machine's
// order, with the step's number; the resume dialog; loading and its failure; 'Unsupported Goal Type' (spec 002
// §1); and completion.

export type { IntakeActor } from './intakeActor';

const STEP_VIEWS: Readonly<Record<IntakeStep, ComponentType<{ actor: IntakeActor; walkthrough?: WalkthroughActor | null }>>> = {
  HouseDetails,
  MortgageDetails,
  RefinanceDetails,
  FinancialStatus,
  RVType,
  RVFinancing,
  Disputes,
  BankAccounts,
  UserBackground,
};

export interface IntakePageProps {
  actor: IntakeActor;
  /** The dispute wizard's walkthrough video (Disputes step); null without the walkthroughVideos flag. */
  walkthrough?: WalkthroughActor | null;
}

export function IntakePage({ actor, walkthrough = null }: IntakePageProps) {
  const { t } = useTranslation('intake');
  const loading = useSelector(actor, intakeSelectors.loading);
  const loadFailed = useSelector(actor, intakeSelectors.loadFailed);
  const unsupported = useSelector(actor, intakeSelectors.unsupportedGoal);
  const finishing = useSelector(actor, intakeSelectors.finishing);
  const step = useSelector(actor, intakeSelectors.step);
  const stepNumber = useSelector(actor, intakeSelectors.stepNumber);
  const stepCount = useSelector(actor, intakeSelectors.stepCount);
  const errorKey = useSelector(actor, intakeSelectors.errorKey);

  let content: ReactNode = null;
  if (loading) {
    content = (
      <LoadingNotice label={t('loading')} gap="sm" />
    );
  } else if (loadFailed) {
    content = (
      <Stack gap="md">
        <IntakeAlert messageKey={errorKey ?? 'errors.general-error'} />
        <Button onClick={() => actor.send({ type: 'load.retry' })} style={{ alignSelf: 'flex-start' }}>
          {t('actions.tryAgain')}
        </Button>
      </Stack>
    );
  } else if (unsupported) {
    // 'Unsupported Goal Type' (spec 002 §1), and the way on: picking a goal this app knows replaces it (createGoal).
    content = (
      <Stack gap="md">
        <Title order={2}>{t('unsupportedGoal')}</Title>
        <Button component={Link} to={ROUTES.selectGoal} style={{ alignSelf: 'flex-start' }}>
          {t('chooseAnotherGoal')}
        </Button>
      </Stack>
    );
  } else if (finishing) {
    content = <FinishingScreen actor={actor} />;
  } else if (step !== null) {
    const StepView = STEP_VIEWS[step];
    content = (
      <Stack gap="lg">
        <div>
          <Text c="dimmed" size="sm">
            {t('progress', { current: stepNumber, total: stepCount })}
          </Text>
          <Title order={2} id="intake-step-title">
            {t(`steps.${step}.title`)}
          </Title>
          <Text c="dimmed">{t(`steps.${step}.intro`)}</Text>
        </div>
        {/* Each step is its own form: a new step starts fresh (focus, typed text). */}
        <StepView key={`${step}-${stepNumber}`} actor={actor} walkthrough={walkthrough} />
        <ResumeDialog actor={actor} />
      </Stack>
    );
  }

  return content;
}
