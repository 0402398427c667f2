import { FormStep } from './FormStep';
import type { IntakeActor } from './intakeActor';

// The HouseDetails step (spec 002 §5: city, state, property type, loan type (the home to buy, or the one to refinance).)
export function HouseDetails({ actor }: { actor: IntakeActor }) {
  return <FormStep actor={actor} step="HouseDetails" />;
}
