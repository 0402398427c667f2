import { FormStep } from './FormStep';
import type { IntakeActor } from './intakeActor';

// The RVType step (spec 002 §5: vehicle type, new or used, and where it is bought (county, state).)
export function RVType({ actor }: { actor: IntakeActor }) {
  return <FormStep actor={actor} step="RVType" />;
}
