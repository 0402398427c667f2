// Abuse controls of the callables, counted in Firestore so every instance of a function shares them:
// - every public callable (spec 000 §7, spec 002 §4) has a budget per caller address (callerAddress.ts: the address
//   Google's front end appends, never one the caller writes), and the ones that name a target (an email that gets
//   mail, a contact id that answers a lead's data) a budget per target as well, whoever asks;
// - every signed-in callable that writes, mails or calls an outside service has a budget per account, counted once
//   the call has succeeded (a refused call writes nothing, not even a counter).
// Over a budget a call is refused with 'resource-exhausted' before its handler runs, so it writes and mails nothing.
import { createHash } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import type { CallableName, CallableParsedRequest, Callables } from '../../../src/contract/callables';
import { db } from '../platform/admin';
import { COLLECTIONS } from '../platform/collections';
import { storedRateLimitSchema } from '../platform/storedDocuments';

export interface RateLimit {
  /** Calls allowed per window. */
  max: number;
  windowMs: number;
}

export type PublicCallableName = { [N in CallableName]: Callables[N]['access'] extends 'public' ? N : never }[CallableName];
export type SignedInCallableName = Exclude<CallableName, PublicCallableName>;

const MINUTE_MS = 60 * 1_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Every public callable has a budget per caller address (the type makes a new public callable without one a compile
 * error). Sized for a person, with room for a shared office address: contract-complete polls its link every few
 * seconds for up to a minute and a half (spec 001 §4); a quick sign-up link is opened a few times; CRM contact ids
 * are sequential in real CRMs, so a budget is what stops walking through them.
 */
export const PUBLIC_RATE_LIMITS: Record<PublicCallableName, RateLimit> = {
  signUp: { max: 10, windowMs: HOUR_MS },
  signUpWithProvider: { max: 10, windowMs: HOUR_MS },
  discardProviderIdentity: { max: 30, windowMs: 10 * MINUTE_MS },
  checkSignInFailureReason: { max: 30, windowMs: 10 * MINUTE_MS },
  resetPasswordByEmail: { max: 10, windowMs: HOUR_MS },
  validateResetPassword: { max: 30, windowMs: 10 * MINUTE_MS },
  recoverEmail: { max: 10, windowMs: HOUR_MS },
  confirmEmailChange: { max: 10, windowMs: HOUR_MS },
  createSalesforceToken: { max: 30, windowMs: 10 * MINUTE_MS },
  reportError: { max: 60, windowMs: 10 * MINUTE_MS },
  createContactRequest: { max: 5, windowMs: HOUR_MS },
  getContractLinkAnonymously: { max: 120, windowMs: 10 * MINUTE_MS },
  getContactAnonymously: { max: 20, windowMs: 10 * MINUTE_MS },
};

/** What a per-target budget counts: the email that receives mail, or the contact id whose lead is looked up. */
export type BudgetTarget = 'email' | 'contact';

export interface TargetBudget<N extends CallableName> {
  target: BudgetTarget;
  /** The target in the (parsed, so normalised) request. */
  of: (data: CallableParsedRequest<N>) => string;
  limit: RateLimit;
}

/**
 * Budgets per target, shared by every caller address: rotating addresses (or App Check tokens) does not buy more mail
 * to one inbox or more lookups of one contact. A target that does not exist is counted like one that does, so the
 * refusal tells nothing about it. Each is sized above what its own person needs: a lead's contract-complete polling
 * (spec 001 §4), a few sign-up tries, a few contact requests.
 */
export const PUBLIC_TARGET_RATE_LIMITS: { [N in PublicCallableName]?: TargetBudget<N> } = {
  signUp: { target: 'email', of: (data) => data.email, limit: { max: 5, windowMs: HOUR_MS } },
  createContactRequest: { target: 'email', of: (data) => data.email, limit: { max: 5, windowMs: HOUR_MS } },
  getContactAnonymously: { target: 'contact', of: (data) => data.contactId, limit: { max: 30, windowMs: 10 * MINUTE_MS } },
  getContractLinkAnonymously: { target: 'contact', of: (data) => data.contactId, limit: { max: 150, windowMs: 10 * MINUTE_MS } },
  createSalesforceToken: { target: 'contact', of: (data) => data.contactId, limit: { max: 30, windowMs: 10 * MINUTE_MS } },
};

/** Edits a person makes field by field and click by click (inline edits, the dispute wizard, checklists). */
const EDITS: RateLimit = { max: 120, windowMs: 10 * MINUTE_MS };
/** Calls a page polls (contract-complete every second for 15 tries, spec 001 §4; the score after intake, §9). */
const POLLED: RateLimit = { max: 150, windowMs: 10 * MINUTE_MS };
/** Calls that create records, mint tokens or links, or call an outside service. */
const ACTIONS: RateLimit = { max: 60, windowMs: 10 * MINUTE_MS };
/** Money, identity and account changes: a handful an hour is all a person does. */
const SENSITIVE: RateLimit = { max: 10, windowMs: HOUR_MS };
/** Calls that only read (and write nothing): no budget of their own; the permission and the session bound them. */
const READS_ONLY = null;
/**
 * The developer tools (spec 000 §6, 001 §2 "Developer tools"): no budget, because in production they are refused
 * before anything is read (a budget check reads its counter first), and outside production they are the
 * developers' own tools on demo data.
 */
const DEVELOPER_TOOLS = null;

/**
 * The budget per account of every signed-in callable (the type makes a new one without a decision a compile error),
 * counted under the account's uid; a coach or CRM user signed in as the customer counts against the customer's.
 * Reads that write nothing have none; every call that writes, mails, mints a token or calls an outside service has
 * one, the viewClient calls with side writes included (readiness score history, display tokens, dispute letters).
 */
export const PER_USER_RATE_LIMITS: Record<SignedInCallableName, RateLimit | null> = {
  removeMigrationClaim: ACTIONS,
  resyncCustomClaims: ACTIONS,
  elevatePermissions: ACTIONS,
  storeLastSignIn: EDITS,
  setUILang: EDITS,
  getCustomerContact: READS_ONLY,
  updateCustomerContact: EDITS,
  getUserInfo: READS_ONLY,
  getSocialSecurityNumber: SENSITIVE,
  changeEmail: SENSITIVE,
  clearWeakPasswordFlag: ACTIONS,
  clearPasswordReset: ACTIONS,
  updateUserInfo: EDITS,
  getContractLink: POLLED,
  getContractSigningUrl: ACTIONS,
  getAuthorizations: READS_ONLY,
  updateAuthorizations: EDITS,
  createGoal: ACTIONS,
  completeIntake: ACTIONS,
  calculateReadinessScore: POLLED,
  getReadinessScore: READS_ONLY,
  getInvestigationSummaries: POLLED,
  getWidgetUrl: ACTIONS,
  getConnectedInstitutions: READS_ONLY,
  getSavingsInfoHistory: READS_ONLY,
  getMortgages: READS_ONLY,
  getGoodStandingAccounts: READS_ONLY,
  updateCreditBalance: EDITS,
  updateAdditionalDebtPayment: EDITS,
  getCreditReport: READS_ONLY,
  listCreditReports: READS_ONLY,
  getReport: READS_ONLY,
  getInitialReport: READS_ONLY,
  getCreditScoreHistory: READS_ONLY,
  getCreditDisplayTokens: ACTIONS,
  getCreditDisplay: READS_ONLY,
  getCreditReportPdf: ACTIONS,
  orderReport: SENSITIVE,
  arrayKBA: ACTIONS,
  getInvestigationDetails: ACTIONS,
  updateInvestigationReasons: EDITS,
  challengeAllInvestigations: SENSITIVE,
  updateInvestigationsChallenged: EDITS,
  checkIfDisputesPaused: READS_ONLY,
  setIsDisputesPaused: ACTIONS,
  listDisputePdfs: ACTIONS,
  getDisputePdf: ACTIONS,
  markInvestigationsViewed: EDITS,
  updateAction: EDITS,
  getActions: READS_ONLY,
  calculateActions: POLLED,
  markActionsViewed: EDITS,
  getAgentMessage: READS_ONLY,
  markAgentMessageViewed: EDITS,
  getReadinessScoreHistory: READS_ONLY,
  updateSavings: EDITS,
  getReferralPageData: READS_ONLY,
  getDocuments: READS_ONLY,
  getChecklist: READS_ONLY,
  getDocumentUrl: ACTIONS,
  createDocumentUpload: ACTIONS,
  cancelDocumentUpload: ACTIONS,
  updateDocument: EDITS,
  deleteDocument: ACTIONS,
  devTools: DEVELOPER_TOOLS,
  setUser: DEVELOPER_TOOLS,
  getContactPaymentData: READS_ONLY,
  updateCustomerPaymentProfile: SENSITIVE,
  chargePayment: SENSITIVE,
  selfOnboardCard: SENSITIVE,
  requestCancellation: SENSITIVE,
  getSecureSFURL: ACTIONS,
  getContentHome: READS_ONLY,
  getContentCategory: READS_ONLY,
  getContentArticle: READS_ONLY,
  searchContent: READS_ONLY,
  getArrayUserToken: ACTIONS,
};

/**
 * Reset mails (spec 000 §4.4). A new mail expires the account's earlier links, so whoever knows an address could keep
 * a customer's links dying; each requester address therefore has its own small budget per account, and the account
 * a larger one across all requesters (a distributed flood of its inbox). A refused request expires nothing.
 */
export const RESET_MAILS_PER_REQUESTER_AND_ACCOUNT: RateLimit = { max: 3, windowMs: HOUR_MS };
export const RESET_MAILS_PER_EMAIL: RateLimit = { max: 10, windowMs: HOUR_MS };

/** An email change request mails two addresses (the new one, the old one): a few an hour per account. */
export const EMAIL_CHANGE_REQUESTS_PER_ACCOUNT: RateLimit = { max: 5, windowMs: HOUR_MS };

/**
 * Under a `demo-` project (the local emulators; Firebase never deploys one) every caller is this machine, so the demo
 * and the test suites, which sign up and fail sign-ins by the dozen, get a hundred times the budget. The limiter's
 * own tests fill a budget directly (a counter carries its label).
 */
const BUDGET_SCALE = (process.env.GCLOUD_PROJECT ?? '').startsWith('demo-') ? 100 : 1;

export function isPublicCallable(name: CallableName): name is PublicCallableName {
  return Object.hasOwn(PUBLIC_RATE_LIMITS, name);
}

/** One budget to count a call against. */
export interface Budget {
  /** What is counted: stored only as its hash. */
  key: string;
  limit: RateLimit;
  /** Stored in the clear with the counter (the callable's name and what it counts, 'resetMail'...). */
  label?: string;
}

/** The budgets' keys: what each counts, by kind, so two kinds never share a counter. */
export const budgetKeys = {
  address: (name: CallableName, address: string) => `${name}:address:${address}`,
  target: (name: CallableName, target: BudgetTarget, value: string) => `${name}:${target}:${value}`,
  user: (name: CallableName, uid: string) => `${name}:user:${uid}`,
  resetMailOfAccount: (uid: string) => `resetMail:${uid}`,
  resetMailOfRequester: (uid: string, address: string) => `resetMail:${uid}:address:${address}`,
};

/** The public callable's budgets for this call: its caller address's, then its target's (if it names one). */
export function publicBudgets<N extends PublicCallableName>(name: N, address: string, data: CallableParsedRequest<N>): Budget[] {
  const budgets: Budget[] = [{ key: budgetKeys.address(name, address), limit: PUBLIC_RATE_LIMITS[name], label: name }];
  const target = PUBLIC_TARGET_RATE_LIMITS[name] as TargetBudget<N> | undefined;
  if (target) {
    budgets.push({ key: budgetKeys.target(name, target.target, target.of(data)), limit: target.limit, label: `${name}:${target.target}` });
  }
  return budgets;
}

/** The signed-in callable's budget for this account, or none for a read. */
export function userBudgets(name: SignedInCallableName, uid: string): Budget[] {
  const limit = PER_USER_RATE_LIMITS[name];
  return limit ? [{ key: budgetKeys.user(name, uid), limit, label: `${name}:user` }] : [];
}

function counterRef(key: string) {
  return db().collection(COLLECTIONS.rateLimits).doc(createHash('sha256').update(key).digest('hex'));
}

/**
 * Counts one call against every budget at once and says whether it is within all of them: in one transaction, so a
 * call refused by any budget counts against none (it writes nothing). Keys are stored hashed (no addresses or
 * emails in plain text), with their label; a counter's `expiresAt` lets a Firestore TTL policy remove it after its
 * window.
 */
export async function withinRateLimits(budgets: readonly Budget[]): Promise<boolean> {
  if (budgets.length === 0) return true;
  const refs = budgets.map((budget) => counterRef(budget.key));
  return db().runTransaction(async (transaction) => {
    const now = Date.now();
    const snapshots = await transaction.getAll(...refs);
    const counters = budgets.map((budget, index) => {
      const { windowStart, count } = storedRateLimitSchema.parse(snapshots[index]?.data() ?? {});
      const fresh = now - windowStart >= budget.limit.windowMs;
      const start = fresh ? now : windowStart;
      return { budget, ref: refs[index], within: fresh || count < budget.limit.max * BUDGET_SCALE, start, count: fresh ? 1 : count + 1 };
    });
    if (!counters.every((counter) => counter.within)) return false;
    for (const { budget, ref, start, count } of counters) {
      if (!ref) continue;
      transaction.set(ref, {
        ...(budget.label ? { label: budget.label } : {}),
        windowStart: start,
        count,
        expiresAt: Timestamp.fromMillis(start + budget.limit.windowMs),
      });
    }
    return true;
  });
}

/** Counts one call against `key`'s budget and says whether it is within it (withinRateLimits with one budget). */
export function withinRateLimit(key: string, limit: RateLimit, label?: string): Promise<boolean> {
  return withinRateLimits([{ key, limit, ...(label ? { label } : {}) }]);
}

/** Whether every budget has a call left, without counting one (a read: it writes nothing). */
export async function haveCallsLeft(budgets: readonly Budget[]): Promise<boolean> {
  if (budgets.length === 0) return true;
  const now = Date.now();
  const snapshots = await db().getAll(...budgets.map((budget) => counterRef(budget.key)));
  return budgets.every((budget, index) => {
    const { windowStart, count } = storedRateLimitSchema.parse(snapshots[index]?.data() ?? {});
    return now - windowStart >= budget.limit.windowMs || count < budget.limit.max * BUDGET_SCALE;
  });
}

/** Counts one call against every budget (checked before with haveCallsLeft), in one transaction. */
export async function countCall(budgets: readonly Budget[]): Promise<void> {
  if (budgets.length === 0) return;
  const refs = budgets.map((budget) => counterRef(budget.key));
  await db().runTransaction(async (transaction) => {
    const now = Date.now();
    const snapshots = await transaction.getAll(...refs);
    budgets.forEach((budget, index) => {
      const ref = refs[index];
      if (!ref) return;
      const { windowStart, count } = storedRateLimitSchema.parse(snapshots[index]?.data() ?? {});
      const fresh = now - windowStart >= budget.limit.windowMs;
      const start = fresh ? now : windowStart;
      transaction.set(ref, {
        ...(budget.label ? { label: budget.label } : {}),
        windowStart: start,
        count: fresh ? 1 : count + 1,
        expiresAt: Timestamp.fromMillis(start + budget.limit.windowMs),
      });
    });
  });
}
