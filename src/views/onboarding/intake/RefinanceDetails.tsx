import { FormStep } from './FormStep';
import type { IntakeActor } from './intakeActor';

// The RefinanceDetails step (spec 002 §5: income, the home's value, and the cash amount with a cash-out (more than 0).)
export function RefinanceDetails({ actor }: { actor: IntakeActor }) {
  return <FormStep actor={actor} step="RefinanceDetails" />;
}
