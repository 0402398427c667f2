import { useTranslation } from 'react-i18next';
import { isSupportedGoalType } from '../../domain/intake';

// A goal type's name (spec 002 §1, §4): a type this build does not know renders 'Unsupported Goal Type'.

export function goalTypeKey(type: string): string {
  return isSupportedGoalType(type) ? `goals.${type}.name` : 'goals.unsupported';
}

export function GoalTypeName({ type }: { type: string }) {
  const { t } = useTranslation('onboarding');
  return <>{t(goalTypeKey(type))}</>;
}
