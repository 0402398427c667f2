// What the home hub's machines need from the outside world (ARCHITECTURE.md "Machines"): shapes mirror src/contract/hub.ts
// (machines may not import the contract; the adapter parses with it and TypeScript checks it against these).
import type { ActionStatus, ActionType } from '../../src/domain/actions';
import type { CallbackActorSignature, PortError, PromiseActorSignature, Unsubscribe } from '../ports';

/** spec 002 §3 Action, as the hub shows it. */
export interface HubActionData {
  id: string;
  name: string;
  type: ActionType;
  status: ActionStatus;
  completedAt: string | null;
  updating: boolean;
  viewed: boolean;
  properties: {
    documents?: string[];
    documentCountRequired?: number;
    message?: string;
    recurrence?: 'quarterly';
    nextDueAt?: string;
    topic?: 'savings';
  };
}

/** getActions' answer (spec 002 §3 "Action list response"). */
export interface HubActionListData {
  activeActions: HubActionData[];
  completedActions: HubActionData[];
  history: HubActionData[];
  totalActive: number;
  totalComplete: number;
  metrics: { totalComplete: number; completedLast30Days: number; completedByYou: number; lastCompletedAt: string | null };
}

/** spec 002 §3 "Agent message". */
export interface AgentMessageData {
  name: string;
  subject: string;
  body: string;
  from: string;
  createdAt: string;
  viewed: boolean;
}

export interface ActionCompletionActorSignatures {
  /** calculateActions (spec 001 §7): the action rules applied to the customer's data now. */
  calculateActions: PromiseActorSignature<void, void>;
  /** The actions' live stamp: `actions.changed` each time the server changed the customer's actions. */
  watchActions: CallbackActorSignature<{ userId: string }, { type: 'actions.changed' }>;
  loadActions: PromiseActorSignature<void, HubActionListData>;
  updateAction: PromiseActorSignature<{ actionId: string; status: 'completed_by_user' }, void>;
  markActionsViewed: PromiseActorSignature<{ ids: string[] }, void>;
}

/** The welcome flow's agent message (spec 002 §4 "Welcome flow after login"). */
export interface AgentMessageActorSignatures {
  loadAgentMessage: PromiseActorSignature<void, AgentMessageData | null>;
  markAgentMessageViewed: PromiseActorSignature<{ name: string }, void>;
}

export interface SavingsUpdateActorSignatures {
  /** updateSavings (a goal update, then the score recomputed with isFirstScore false): the new score. */
  updateSavings: PromiseActorSignature<{ currentSavings: number }, { displayScore: number }>;
}

/** The hub's reads and writes (src/app/ports.ts AppPorts.hub; the Firebase adapter implements it). */
export interface HubPort {
  /** getActions with the browser's clock offset, so "completed today" is the customer's today. */
  getActions(): Promise<HubActionListData>;
  /** calculateActions (spec 001 §7 "score and action refresh"): the action rules run on the customer's data. */
  calculateActions(): Promise<void>;
  /**
   * actions/{userId}, live: `listener` each time the server changed the customer's actions after the subscription
   * started (not for the first read, nor for changes of the list's order alone).
   */
  subscribeActionChanges(userId: string, listener: () => void, onError: (error: PortError) => void): Unsubscribe;
  completeAction(actionId: string): Promise<void>;
  markActionsViewed(ids: string[]): Promise<void>;
  getAgentMessage(): Promise<AgentMessageData | null>;
  markAgentMessageViewed(name: string): Promise<void>;
  getReadinessScoreDetails(): Promise<ReadinessScoreDetails | null>;
  getReadinessScoreHistory(): Promise<ReadinessScoreHistoryPoint[]>;
  updateSavings(request: { goalId: string; currentSavings: number }): Promise<{ displayScore: number }>;
  /** getReferralPageData: the customer's broker or loan officer (the your-loan-team dialog), null when none. */
  getReferralPageData(contactId: string): Promise<BrokerReferralData | null>;
}

/** spec 002 §3 "Broker referral data": any part the CRM lacks is null. */
export interface BrokerReferralData {
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  phone: string | null;
  email: string | null;
  nmlsId: string | null;
}

/** The score with its previous one and its components (spec 002 §3 "Readiness score"). */
export interface ReadinessScoreDetails {
  displayScore: number;
  previousDisplayScore: number | null;
  components: { type: string; currentDisplayValue: string; currentValue: number | null; goalValue: number }[];
  createdAt: string;
}

export interface ReadinessScoreHistoryPoint {
  displayScore: number;
  createdAt: string;
}
