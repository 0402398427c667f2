import { FormStep } from './FormStep';
import type { IntakeActor } from './intakeActor';

// The FinancialStatus step (spec 002 §5: housing, income, savings, and the home's value unless renting.)
export function FinancialStatus({ actor }: { actor: IntakeActor }) {
  return <FormStep actor={actor} step="FinancialStatus" />;
}
