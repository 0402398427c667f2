// The readiness score (spec 002 §1: 0 to 100; §3 "Readiness score": a display score, the previous one, and
// components each with type, current display value, current value and goal value). The spec names the
// component types and the range; how far each component is toward its goal, and how much it weighs, is the
// product's coaching model below.
import type { GoalType, IntakeGoalProperties } from './intake';

export const READINESS_COMPONENT_TYPES = [
  'creditScore',
  'dti',
  'savings',
  'creditCardUtilization',
  'ltv',
  'documents',
  'intake',
] as const;
export type ReadinessComponentType = (typeof READINESS_COMPONENT_TYPES)[number];

export const READINESS_SCORE_MIN = 0;
export const READINESS_SCORE_MAX = 100;

export interface ReadinessComponent {
  type: ReadinessComponentType;
  /** As the gauge's details show it ('648', '31%', '$12,500', '3/5'). */
  currentDisplayValue: string;
  /** null when the data is not there yet (no credit report). */
  currentValue: number | null;
  goalValue: number;
}

/** What a credit report contributes (deduplicated across bureaus). */
export interface ReadinessCreditFacts {
  bureauScores: number[];
  monthlyDebtPayment: number;
  revolvingBalance: number;
  revolvingLimit: number;
  mortgageBalance: number;
}

export interface ReadinessInputs {
  goalType: GoalType;
  goal: IntakeGoalProperties & { savingsGoal?: number | null };
  annualIncome: number | null;
  intakeCompleted: boolean;
  credit: ReadinessCreditFacts | null;
  documentCount: number;
}

// Goals and weights per component; the targets differ by goal type.
interface GoalTargets {
  creditScore: number;
  dtiPercent: number;
  ltvPercent: number;
  /** Savings goal when the goal carries none: this share of the price (0: three months of income instead). */
  savingsShareOfPrice: number;
}
const TARGETS: Readonly<Record<GoalType, GoalTargets>> = {
  mortgage_loan: { creditScore: 640, dtiPercent: 43, ltvPercent: 97, savingsShareOfPrice: 0.1 },
  refinance: { creditScore: 620, dtiPercent: 43, ltvPercent: 80, savingsShareOfPrice: 0 },
  recreational_vehicle: { creditScore: 680, dtiPercent: 36, ltvPercent: 90, savingsShareOfPrice: 0.2 },
  financial_wellness: { creditScore: 700, dtiPercent: 36, ltvPercent: 100, savingsShareOfPrice: 0 },
};
const CREDIT_SCORE_FLOOR = 300;
/** spec 002 §9: utilisation over 30% is red. */
const UTILIZATION_GOAL_PERCENT = 30;
const DOCUMENTS_GOAL = 5;
const EMERGENCY_FUND_MONTHS = 3;

const WEIGHTS: Readonly<Record<ReadinessComponentType, number>> = {
  creditScore: 30,
  dti: 20,
  savings: 15,
  creditCardUtilization: 10,
  ltv: 10,
  documents: 5,
  intake: 10,
};

const COMPONENTS_BY_GOAL: Readonly<Record<GoalType, readonly ReadinessComponentType[]>> = {
  mortgage_loan: ['creditScore', 'dti', 'savings', 'creditCardUtilization', 'ltv', 'documents', 'intake'],
  refinance: ['creditScore', 'dti', 'creditCardUtilization', 'ltv', 'documents', 'intake'],
  recreational_vehicle: ['creditScore', 'dti', 'savings', 'creditCardUtilization', 'intake'],
  financial_wellness: ['creditScore', 'dti', 'savings', 'creditCardUtilization', 'intake'],
};

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const round1 = (value: number) => Math.round(value * 10) / 10;
const usd = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`;
const percent = (value: number) => `${Math.round(value)}%`;

/** At or under the goal is full marks; it falls to nothing at `worst`. */
function atMostProgress(value: number, goal: number, worst: number): number {
  if (value <= goal) return 1;
  return clamp01(1 - (value - goal) / Math.max(worst - goal, 1));
}

interface Scored {
  component: ReadinessComponent;
  progress: number;
}

/** A percent component where at or under the goal is full marks (DTI, utilisation, LTV). */
function percentAtMost(type: ReadinessComponentType, value: number, goal: number): Scored {
  return {
    component: { type, currentDisplayValue: percent(value), currentValue: value, goalValue: goal },
    progress: atMostProgress(value, goal, 100),
  };
}

/** DTI in percent; 100 when there is no income (spec 001 §9). */
export function debtToIncomePercent(monthlyDebtPayment: number, annualIncome: number | null): number {
  if (!annualIncome || annualIncome <= 0) return 100;
  return (monthlyDebtPayment / (annualIncome / 12)) * 100;
}

export function savingsGoalFor(inputs: ReadinessInputs): number {
  const explicit = inputs.goal.savingsGoal;
  if (typeof explicit === 'number' && explicit > 0) return explicit;
  const share = TARGETS[inputs.goalType].savingsShareOfPrice;
  const price = inputs.goal.purchasePrice ?? 0;
  if (share > 0 && price > 0) return Math.round(price * share);
  return Math.round(((inputs.annualIncome ?? 0) / 12) * EMERGENCY_FUND_MONTHS);
}

function score(type: ReadinessComponentType, inputs: ReadinessInputs): Scored {
  const { credit, goalType } = inputs;
  switch (type) {
    case 'creditScore': {
      const goal = TARGETS[goalType].creditScore;
      if (!credit || credit.bureauScores.length === 0) {
        return { component: { type, currentDisplayValue: '-', currentValue: null, goalValue: goal }, progress: 0 };
      }
      const value = Math.round(credit.bureauScores.reduce((sum, s) => sum + s, 0) / credit.bureauScores.length);
      return {
        component: { type, currentDisplayValue: String(value), currentValue: value, goalValue: goal },
        progress: clamp01((value - CREDIT_SCORE_FLOOR) / (goal - CREDIT_SCORE_FLOOR)),
      };
    }
    case 'dti': {
      const goal = TARGETS[goalType].dtiPercent;
      const value = round1(debtToIncomePercent(credit?.monthlyDebtPayment ?? 0, inputs.annualIncome));
      return percentAtMost(type, value, goal);
    }
    case 'savings': {
      const goal = savingsGoalFor(inputs);
      const value = inputs.goal.currentSavings ?? 0;
      return {
        component: { type, currentDisplayValue: usd(value), currentValue: value, goalValue: goal },
        progress: goal <= 0 ? 1 : clamp01(value / goal),
      };
    }
    case 'creditCardUtilization': {
      const goal = UTILIZATION_GOAL_PERCENT;
      if (!credit || credit.revolvingLimit <= 0) {
        const none = credit ? 0 : null;
        return {
          component: { type, currentDisplayValue: none === null ? '-' : percent(0), currentValue: none, goalValue: goal },
          progress: credit ? 1 : 0,
        };
      }
      const value = round1((credit.revolvingBalance / credit.revolvingLimit) * 100);
      return percentAtMost(type, value, goal);
    }
    case 'ltv': {
      const goal = TARGETS[goalType].ltvPercent;
      const value = round1(loanToValuePercent(inputs));
      return percentAtMost(type, value, goal);
    }
    case 'documents': {
      const value = inputs.documentCount;
      return {
        component: { type, currentDisplayValue: `${Math.min(value, DOCUMENTS_GOAL)}/${DOCUMENTS_GOAL}`, currentValue: value, goalValue: DOCUMENTS_GOAL },
        progress: clamp01(value / DOCUMENTS_GOAL),
      };
    }
    case 'intake': {
      const value = inputs.intakeCompleted ? 100 : 0;
      return {
        component: { type, currentDisplayValue: percent(value), currentValue: value, goalValue: 100 },
        progress: value / 100,
      };
    }
  }
}

/** Purchase: what the savings do not cover, over the price. Refinance: the mortgage balance over the home value. */
export function loanToValuePercent(inputs: ReadinessInputs): number {
  const { goal, goalType, credit } = inputs;
  if (goalType === 'refinance') {
    const value = goal.currentHomePrice ?? 0;
    return value > 0 ? ((credit?.mortgageBalance ?? 0) / value) * 100 : 100;
  }
  const price = goal.purchasePrice ?? 0;
  if (price <= 0) return 100;
  const borrowed = Math.max(price - (goal.currentSavings ?? 0) - (goal.tradeInValue ?? 0), 0);
  return (borrowed / price) * 100;
}

/** The display score from 0 to 100 and its components, for the goal's components. */
export function readinessScore(inputs: ReadinessInputs): { displayScore: number; components: ReadinessComponent[] } {
  const scored = COMPONENTS_BY_GOAL[inputs.goalType].map((type) => ({ type, ...score(type, inputs) }));
  const totalWeight = scored.reduce((sum, item) => sum + WEIGHTS[item.type], 0);
  const weighted = scored.reduce((sum, item) => sum + WEIGHTS[item.type] * item.progress, 0);
  const displayScore = Math.round((weighted / totalWeight) * READINESS_SCORE_MAX);
  return {
    displayScore: Math.min(READINESS_SCORE_MAX, Math.max(READINESS_SCORE_MIN, displayScore)),
    components: scored.map((item) => item.component),
  };
}
