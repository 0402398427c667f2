// The premium customer's home hub (spec 002 §2 Home hub, §3 Action, Readiness score, Agent message): besides the
// action plan of seed/data/actions.ts, two more active actions (the savings notification the bank link completes, a
// call with the coach), the coach's unviewed welcome-back message, and a score history of several months ending with
// the seeded score (readinessScores/{uid}/history, as readinessScoreStore.ts keeps each computed score).
import { daysBefore, type SeedDocument } from './data/base';
import { PEOPLE } from './data/people';

/** The coach's message the welcome flow shows once (e2e/hub.spec.ts reseeds it unviewed). */
export const PREMIUM_AGENT_MESSAGE_NAME = 'AM-000142';

/** How many points each month of the history climbed, oldest first, up to the previous score (the first is the start). */
const HISTORY_STEPS = [0, 6, 4, 7, 3, 5];

export function premiumHubDocuments(uid: string, current: { displayScore: number; previousDisplayScore: number }): SeedDocument[] {
  const coach = `${PEOPLE.coach.firstName} ${PEOPLE.coach.lastName}`;
  const actions: SeedDocument[] = [
    {
      path: `actions/${uid}/items/act-link-bank-savings`,
      data: {
        name: 'Link your bank account to track your savings',
        type: 'notification',
        status: 'active',
        completedAt: null,
        updating: false,
        properties: {
          topic: 'savings',
          message: 'Linking the account you save in lets us follow your down payment as it grows, without you typing it in.',
        },
        createdAt: daysBefore(50),
      },
    },
    {
      path: `actions/${uid}/items/act-call-coach`,
      data: {
        name: 'Call your coach about your loan options',
        type: 'call_agent',
        status: 'active',
        completedAt: null,
        updating: false,
        properties: {},
        createdAt: daysBefore(49),
      },
    },
  ];
  const message: SeedDocument = {
    path: `agentMessages/${uid}/items/${PREMIUM_AGENT_MESSAGE_NAME}`,
    data: {
      subject: 'Great progress this month',
      body:
        'Your score went up again. The next big step is your pay stubs: once they are uploaded I can review your debt-to-income ratio with you. Call me when you are ready.',
      from: coach,
      createdAt: daysBefore(3),
      viewed: false,
    },
  };
  // Monthly scores rising to the previous one, then the current one (seeded 14 days ago).
  const climb = [current.previousDisplayScore];
  for (const step of HISTORY_STEPS.slice(1).reverse()) climb.unshift((climb[0] ?? 0) - step);
  const monthly = climb.map((displayScore, index) => ({ displayScore: Math.max(0, displayScore), createdAt: daysBefore(14 + (climb.length - index) * 30) }));
  const history = [...monthly, { displayScore: current.displayScore, createdAt: daysBefore(14) }].map((entry, index) => ({
    path: `readinessScores/${uid}/history/seed-${String(index).padStart(2, '0')}`,
    data: entry,
  }));
  return [...actions, message, ...history];
}
