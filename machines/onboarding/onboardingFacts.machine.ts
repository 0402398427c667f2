import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import type { GuardFacts } from '../../src/domain/guardChain';
import { firstIncompleteStep, intakeSteps, isBankAccountsStepDone, isSupportedGoalType } from '../../src/domain/intake';
import { eitherWay, provided, providedCallback } from '../actors';
import type { CachedRead, OnboardingFactsActorSignatures, OnboardingReadEvent, UserInfoData } from './ports';
import { machineSpec, spec } from '../spec';

// The guard chain's onboarding facts (spec 000 §2.3 gates 3-6) for a signed-in customer who has not finished
// onboarding, read through the query cache (spec 000 §9: cached, retried by the cache) so that each onboarding step
// that changes a read moves the customer on (src/app/onboarding/machines.ts):
// - contract signed: getContractLink answers a link, or contract polling gave up and went on (spec 001 §4: for
//   the rest of the visit the contract gate does not send that customer back);
// - authorizations accepted: users/{uid}.customer.agreedToPIIAt is set, or the accepted records just came back;
// - goal: getUserInfo has a goal this build knows;
// - intake: the first incomplete step (spec 002 §4, §5); the bank step needs the opt-out and the linked accounts.
// A gate's read starts only once the gates before it pass, and no facts are reported until every fact needed is
// known, so a reload never bounces the customer through earlier pages. A failed contract or goal read is not a gate
// that is not done (that would send the customer back to sign again, or to pick a goal, which replaces the goal and
// its answers): it is reported as failed, and the guard chain shows an error with Try again (`facts.refetch`).

type Sig = OnboardingFactsActorSignatures;

/** Gates 3-6 as the guard chain reads them. */
export type OnboardingFacts = Pick<GuardFacts, 'contractSigned' | 'authorizationsAccepted' | 'hasGoal' | 'firstIncompleteIntakeStep'>;

export interface OnboardingFactsReport {
  /** null while the facts are not all known (or not needed). */
  facts: OnboardingFacts | null;
  /** A read the facts need failed. */
  failed: boolean;
}

export interface OnboardingFactsContext {
  /** The signed-in customer, null when nobody is. */
  uid: string | null;
  /** Whether the facts are needed: signed in, past gate 2, onboarding not complete (src/app/shell/guardFacts.ts). */
  needed: boolean;
  /** The live user document says the authorizations were accepted. */
  documentAccepted: boolean;
  /** Customers whose contract gate contract polling waived in this visit (spec 001 §4). */
  waivedUids: readonly string[];
  contractLink: CachedRead<{ link: string | null }>;
  authorizations: CachedRead<{ agreedToPII: boolean }>;
  userInfo: CachedRead<UserInfoData>;
  customerContact: CachedRead<{ bankOptOut: boolean }>;
  connectedInstitutions: CachedRead<{ linkedAccountCount: number }>;
  report: OnboardingFactsReport;
  /** Try again rounds finished: each reports the facts afresh, even when they are the same. */
  refetches: number;
}

export type OnboardingFactsEvent =
  | { type: 'customer.changed'; uid: string | null; needed: boolean; authorizationsAccepted: boolean }
  | { type: 'contract.waived' }
  | { type: 'facts.refetch' }
  | OnboardingReadEvent;

const FIRST_STEP = '1';
const NO_READ = { data: null, failed: false } as const;
const NOT_KNOWN: OnboardingFactsReport = { facts: null, failed: false };

const isContractWaived = (context: OnboardingFactsContext) =>
  context.uid !== null && context.waivedUids.includes(context.uid);
const isContractSigned = (context: OnboardingFactsContext) =>
  isContractWaived(context) || (context.contractLink.data?.link ?? null) !== null;
const isAuthorizationsAccepted = (context: OnboardingFactsContext) =>
  context.documentAccepted || context.authorizations.data?.agreedToPII === true;
/** The goal is asked for once the contract and authorizations gates pass. */
const needsUserInfo = (context: OnboardingFactsContext) =>
  context.needed && isContractSigned(context) && isAuthorizationsAccepted(context);

/** The goal's type when this build knows it (an unknown one is sent to pick a goal it knows). */
function supportedGoal(context: OnboardingFactsContext) {
  const goal = context.userInfo.data?.goal ?? null;
  return goal !== null && isSupportedGoalType(goal.type) ? { goal, type: goal.type } : null;
}

/** The bank step's facts matter only when every intake step before it is done. */
function needsBankFacts(context: OnboardingFactsContext): boolean {
  const known = supportedGoal(context);
  if (!needsUserInfo(context) || known === null) return false;
  const page = firstIncompleteStep(known.type, known.goal, context.userInfo.data?.personalInfo ?? null, {
    bankAccountsDone: false,
  });
  return page !== null && intakeSteps(known.type)[page - 1] === 'BankAccounts';
}

/** The facts of the reads so far: the gates in order, stopping at the first whose read is not known. */
export function onboardingFactsReport(context: OnboardingFactsContext): OnboardingFactsReport {
  if (!context.needed) return NOT_KNOWN;
  const waived = isContractWaived(context);
  const contractSigned = isContractSigned(context);
  const authorizationsAccepted = isAuthorizationsAccepted(context);
  const failed = (!waived && context.contractLink.failed) || (needsUserInfo(context) && context.userInfo.failed);
  if (failed) return { facts: null, failed: true };
  if (!waived && context.contractLink.data === null) return NOT_KNOWN;
  const notStarted = { contractSigned, authorizationsAccepted, hasGoal: false, firstIncompleteIntakeStep: FIRST_STEP };
  if (!contractSigned || !authorizationsAccepted) return { facts: notStarted, failed: false };
  if (context.userInfo.data === null) return NOT_KNOWN;
  // A goal this build does not know (a withdrawn or newer type) has no intake to complete here: the goal gate sends
  // the customer to pick one it knows (the goal page names the old one 'Unsupported Goal Type'; picking replaces
  // it), instead of a dead end on the intake's first page.
  const known = supportedGoal(context);
  if (known === null) return { facts: notStarted, failed: false };
  const { customerContact, connectedInstitutions } = context;
  // Unknown linked accounts leave the bank step to do: the step reads them again itself and loses nothing.
  const bankKnown =
    !needsBankFacts(context) ||
    ((customerContact.data !== null || customerContact.failed) &&
      (connectedInstitutions.data !== null || connectedInstitutions.failed));
  if (!bankKnown) return NOT_KNOWN;
  const bankAccountsDone = isBankAccountsStepDone(
    connectedInstitutions.data?.linkedAccountCount ?? 0,
    customerContact.data?.bankOptOut === true,
  );
  const page = firstIncompleteStep(known.type, known.goal, context.userInfo.data.personalInfo, { bankAccountsDone });
  return {
    facts: { contractSigned, authorizationsAccepted, hasGoal: true, firstIncompleteIntakeStep: page === null ? null : String(page) },
    failed: false,
  };
}

const sameReport = (a: OnboardingFactsReport, b: OnboardingFactsReport) =>
  a.failed === b.failed && JSON.stringify(a.facts) === JSON.stringify(b.facts);

/** Which read an event brings, by its context field. */
const READ_FIELDS = {
  'read.contractLink': 'contractLink',
  'read.authorizations': 'authorizations',
  'read.userInfo': 'userInfo',
  'read.customerContact': 'customerContact',
  'read.connectedInstitutions': 'connectedInstitutions',
} as const satisfies Record<OnboardingReadEvent['type'], keyof OnboardingFactsContext>;

export const onboardingFactsMachine = setup({
  types: {
    context: {} as OnboardingFactsContext,
    events: {} as OnboardingFactsEvent,
    tags: {} as 'loading' | 'known' | 'error' | 'busy',
  },
  actors: {
    watchContractLink: providedCallback<Sig['watchContractLink']>('watchContractLink'),
    watchAuthorizations: providedCallback<Sig['watchAuthorizations']>('watchAuthorizations'),
    watchUserInfo: providedCallback<Sig['watchUserInfo']>('watchUserInfo'),
    watchCustomerContact: providedCallback<Sig['watchCustomerContact']>('watchCustomerContact'),
    watchConnectedInstitutions: providedCallback<Sig['watchConnectedInstitutions']>('watchConnectedInstitutions'),
    refetchFailedReads: provided<Sig['refetchFailedReads']>('refetchFailedReads'),
  },
  guards: {
    isNeeded: ({ context }) => context.needed,
    isNotNeeded: ({ context }) => !context.needed,
    isContractWaived: ({ context }) => isContractWaived(context),
    isContractNotWaived: ({ context }) => !isContractWaived(context),
    needsUserInfo: ({ context }) => needsUserInfo(context),
    lacksUserInfoNeed: ({ context }) => !needsUserInfo(context),
    needsBankFacts: ({ context }) => needsBankFacts(context),
    lacksBankFactsNeed: ({ context }) => !needsBankFacts(context),
    hasFailed: ({ context }) => context.report.failed,
    isKnown: ({ context }) => context.report.facts !== null,
    isUnknown: ({ context }) => context.report.facts === null && !context.report.failed,
  },
  actions: {
    assignCustomer: assign(({ event }) => {
      assertEvent(event, 'customer.changed');
      return { uid: event.uid, needed: event.needed, documentAccepted: event.authorizationsAccepted };
    }),
    assignWaiver: assign(({ context }) => ({
      waivedUids:
        context.uid === null || context.waivedUids.includes(context.uid) ? context.waivedUids : [...context.waivedUids, context.uid],
    })),
    assignRead: assign(({ event }) => {
      assertEvent(event, Object.keys(READ_FIELDS) as OnboardingReadEvent['type'][]);
      return { [READ_FIELDS[event.type]]: event.read };
    }),
    // A read no longer watched is forgotten: it may be out of date when it is watched again (after a sign-out or a
    // claims resync, say), and its watcher then says afresh what the cache holds.
    forgetReads: assign((_, params: { reads: readonly (typeof READ_FIELDS)[keyof typeof READ_FIELDS][] }) =>
      Object.fromEntries(params.reads.map((read) => [read, NO_READ])),
    ),
    // A new report only when the facts changed, so the guard chain decides again only then.
    assignReport: assign(({ context }) => {
      const report = onboardingFactsReport(context);
      return { report: sameReport(report, context.report) ? context.report : report };
    }),
    countRefetch: assign(({ context }) => ({ refetches: context.refetches + 1 })),
  },
}).createMachine({
  id: 'onboardingFacts',
  meta: machineSpec(['000 §2.3', '001 §4', '002 §4']),
  context: {
    uid: null,
    needed: false,
    documentAccepted: false,
    waivedUids: [],
    contractLink: NO_READ,
    authorizations: NO_READ,
    userInfo: NO_READ,
    customerContact: NO_READ,
    connectedInstitutions: NO_READ,
    report: NOT_KNOWN,
    refetches: 0,
  },
  type: 'parallel',
  on: {
    'customer.changed': { actions: ['assignCustomer', 'assignReport'] },
    // spec 001 §4: after the 15th empty poll the customer goes on anyway.
    'contract.waived': { actions: ['assignWaiver', 'assignReport'] },
  },
  states: {
    reads: {
      meta: spec('000 §2.3'),
      initial: 'idle',
      states: {
        idle: {
          meta: spec('000 §2.3'),
          always: { guard: 'isNeeded', target: 'active' },
        },
        active: {
          meta: spec('000 §2.3'),
          type: 'parallel',
          always: { guard: 'isNotNeeded', target: 'idle' },
          states: {
            contract: {
              // Gate 3.
              meta: spec('000 §2.3'),
              initial: 'watching',
              states: {
                watching: {
                  meta: spec('000 §2.3'),
                  always: { guard: 'isContractWaived', target: 'waived' },
                  invoke: { id: 'watchContractLink', src: 'watchContractLink' },
                  on: { 'read.contractLink': { actions: ['assignRead', 'assignReport'] } },
                  exit: { type: 'forgetReads', params: { reads: ['contractLink'] } },
                },
                waived: {
                  // Another customer signed in (this one's gate was not waived).
                  meta: spec('000 §2.3'),
                  always: { guard: 'isContractNotWaived', target: 'watching' },
                },
              },
            },
            authorizations: {
              // Gate 4: only observed; the authorizations step puts the accepted records in the cache.
              meta: spec('000 §2.3'),
              invoke: { id: 'watchAuthorizations', src: 'watchAuthorizations' },
              on: { 'read.authorizations': { actions: ['assignRead', 'assignReport'] } },
              exit: { type: 'forgetReads', params: { reads: ['authorizations'] } },
            },
            goal: {
              // Gates 5 and 6: the goal and the intake answers.
              meta: spec('000 §2.3'),
              initial: 'waiting',
              states: {
                waiting: { meta: spec('000 §2.3'), always: { guard: 'needsUserInfo', target: 'watching' } },
                watching: {
                  meta: spec('000 §2.3'),
                  always: { guard: 'lacksUserInfoNeed', target: 'waiting' },
                  invoke: { id: 'watchUserInfo', src: 'watchUserInfo' },
                  on: { 'read.userInfo': { actions: ['assignRead', 'assignReport'] } },
                  exit: { type: 'forgetReads', params: { reads: ['userInfo'] } },
                },
              },
            },
            bank: {
              // Gate 6's bank step, once every intake step before it is done.
              meta: spec('000 §2.3'),
              initial: 'waiting',
              states: {
                waiting: { meta: spec('000 §2.3'), always: { guard: 'needsBankFacts', target: 'watching' } },
                watching: {
                  meta: spec('000 §2.3'),
                  always: { guard: 'lacksBankFactsNeed', target: 'waiting' },
                  invoke: [
                    { id: 'watchCustomerContact', src: 'watchCustomerContact' },
                    { id: 'watchConnectedInstitutions', src: 'watchConnectedInstitutions' },
                  ],
                  on: {
                    'read.customerContact': { actions: ['assignRead', 'assignReport'] },
                    'read.connectedInstitutions': { actions: ['assignRead', 'assignReport'] },
                  },
                  exit: { type: 'forgetReads', params: { reads: ['customerContact', 'connectedInstitutions'] } },
                },
              },
            },
          },
        },
      },
    },
    report: {
      meta: spec('000 §2.3'),
      initial: 'unknown',
      states: {
        unknown: {
          meta: spec('000 §2.3'),
          tags: ['loading'],
          always: [
            { guard: 'hasFailed', target: 'failed' },
            { guard: 'isKnown', target: 'known' },
          ],
        },
        known: {
          meta: spec('000 §2.3'),
          tags: ['known'],
          always: [
            { guard: 'hasFailed', target: 'failed' },
            { guard: 'isUnknown', target: 'unknown' },
          ],
        },
        failed: {
          meta: spec('000 §2.3'),
          tags: ['error'],
          always: [
            { guard: 'isKnown', target: 'known' },
            { guard: 'isUnknown', target: 'unknown' },
          ],
          initial: 'shown',
          states: {
            shown: {
              // The guard chain's Try again.
              meta: spec('000 §2.3'),
              on: { 'facts.refetch': 'refetching' },
            },
            refetching: {
              meta: spec('000 §2.3'),
              tags: ['busy'],
              invoke: {
                id: 'refetchFailedReads',
                src: 'refetchFailedReads',
                ...eitherWay({ target: 'shown', actions: 'countRefetch' }),
              },
            },
          },
        },
      },
    },
  },
});

type OnboardingFactsSnapshot = SnapshotFrom<typeof onboardingFactsMachine>;

/** What the app reports to the guard chain. */
export const onboardingFactsSelectors = {
  /** The facts and whether a read failed; a new object only when they change. */
  report: (snapshot: OnboardingFactsSnapshot) => snapshot.context.report,
  /** Try again rounds finished (each reports afresh). */
  refetches: (snapshot: OnboardingFactsSnapshot) => snapshot.context.refetches,
};
