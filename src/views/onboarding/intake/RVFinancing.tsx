import { FormStep } from './FormStep';
import type { IntakeActor } from './intakeActor';

// The RVFinancing step (spec 002 §5: purchase price and savings (not zero), trade-in value (a number, zero allowed).)
export function RVFinancing({ actor }: { actor: IntakeActor }) {
  return <FormStep actor={actor} step="RVFinancing" />;
}
