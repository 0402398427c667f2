import { useTranslation } from 'react-i18next';
import { isSupportedGoalType, type GoalType } from '../../domain/intake';

// A goal type's name (spec 002 §1, §4): a type this build does not know renders 'Unsupported Goal Type'.

export function goalTypeKey(type: string): `goals.${GoalType}.name` | 'goals.unsupported' {
  return isSupportedGoalType(type) ? `goals.${type}.name` : 'goals.unsupported';
}

export function GoalTypeName({ type }: { type: string }) {
  const { t } = useTranslation('onboarding');
  return <>{t(goalTypeKey(type))}</>;
}
