import { FormStep } from './FormStep';
import type { IntakeActor } from './intakeActor';

// The UserBackground step (spec 002 §5: pay frequency, employment, education, veteran status with the recent-active answer, citizenship.)
export function UserBackground({ actor }: { actor: IntakeActor }) {
  return <FormStep actor={actor} step="UserBackground" />;
}
