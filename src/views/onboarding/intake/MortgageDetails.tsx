import { FormStep } from './FormStep';
import type { IntakeActor } from './intakeActor';

// The MortgageDetails step (spec 002 §5: housing, income, purchase price, savings, and the current home's value unless renting.)
export function MortgageDetails({ actor }: { actor: IntakeActor }) {
  return <FormStep actor={actor} step="MortgageDetails" />;
}
