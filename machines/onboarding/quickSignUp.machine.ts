import { assign, setup, type SnapshotFrom } from 'xstate';
import { quickSignUpDecision, type QuickSignUpContact, type QuickSignUpDecision } from '../../src/domain/quickSignUp';
import type { QuickSignUpActorSignatures } from './ports';
import { portErrorCode } from '../ports';
import { provided } from '../actors';
import { machineSpec, spec } from '../spec';

// spec 002 §2, §4 "Quick sign-up", §8, §9: reached with a query id. Loading; a link older than 3 days shows the
// 403 page; a contact with an email goes to sign-in with it when it already has an account, to the sign-up form
// with the email predefined when the contract is signed, otherwise to the contract signing prompt; no email (or
// no such contact) shows the not-found page; no contract link to sign shows an error with contact options.

type Sig = QuickSignUpActorSignatures;

export interface QuickSignUpInput {
  /** The query id (a contact id). */
  contactId: string | null;
  /** When the page opened (ms since epoch): the 3-day expiry is measured from the link's send time to this. */
  nowMs: number;
}

export interface QuickSignUpContext {
  contactId: string | null;
  nowMs: number;
  decision: QuickSignUpDecision | null;
  /** The contact's email for sign-in or the sign-up form. */
  email: string | null;
  /** The contract signing link for the prompt (opened in a new window). */
  contractSignLink: string | null;
}

export type QuickSignUpEvent = { type: 'load.retry' };

const NOT_FOUND_CODES = ['not-found', 'invalid-argument'];

export const quickSignUpMachine = setup({
  types: {
    context: {} as QuickSignUpContext,
    events: {} as QuickSignUpEvent,
    input: {} as QuickSignUpInput,
    tags: {} as
      | 'loading'
      | 'error'
      | 'page.expired'
      | 'redirect.signIn'
      | 'form.signUp'
      | 'prompt.contract'
      | 'page.notFound'
      | 'error.contact',
  },
  actors: {
    fetchQuickSignUpContact: provided<Sig['fetchQuickSignUpContact']>('fetchQuickSignUpContact'),
  },
  guards: {
    lacksContactId: ({ context }) => context.contactId === null || context.contactId.trim() === '',
    isDecision: ({ context }, params: { kind: QuickSignUpDecision['kind'] }) => context.decision?.kind === params.kind,
    isUnknownContact: (_, params: { code: string }) => NOT_FOUND_CODES.includes(params.code),
  },
  actions: {
    assignDecision: assign(({ context }, params: { contact: QuickSignUpContact | null }) => {
      const decision = quickSignUpDecision(params.contact, context.nowMs);
      return {
        decision,
        email: 'email' in decision ? decision.email : null,
        contractSignLink: decision.kind === 'signContract' ? decision.contractSignLink : null,
      };
    }),
  },
}).createMachine({
  id: 'quickSignUp',
  meta: machineSpec(['002 §4', '002 §2'], ['deciding']),
  context: ({ input }) => ({
    contactId: input.contactId,
    nowMs: input.nowMs,
    decision: null,
    email: null,
    contractSignLink: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: spec('002 §4'),
      tags: ['loading'],
      // Without an id there is no contact to look up (the lookup started on entry is dropped unstarted).
      always: { guard: 'lacksContactId', target: 'notFound' },
      invoke: {
        id: 'fetchQuickSignUpContact',
        src: 'fetchQuickSignUpContact',
        input: ({ context }) => ({ contactId: context.contactId ?? '' }),
        onDone: {
          target: 'deciding',
          actions: { type: 'assignDecision', params: ({ event }) => ({ contact: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isUnknownContact', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
            target: 'notFound',
          },
          { target: 'loadFailed' },
        ],
      },
    },
    deciding: {
      always: [
        { guard: { type: 'isDecision', params: { kind: 'expired' } }, target: 'expired' },
        { guard: { type: 'isDecision', params: { kind: 'signIn' } }, target: 'signIn' },
        { guard: { type: 'isDecision', params: { kind: 'signUp' } }, target: 'signUp' },
        { guard: { type: 'isDecision', params: { kind: 'signContract' } }, target: 'contractPrompt' },
        { guard: { type: 'isDecision', params: { kind: 'noContractLink' } }, target: 'noContractLink' },
        { target: 'notFound' },
      ],
    },
    loadFailed: {
      // The generic load error with Try again.
      meta: spec('002 §4'),
      tags: ['error'],
      on: { 'load.retry': 'loading' },
    },
    expired: { meta: spec('002 §4'), type: 'final', tags: ['page.expired'] },
    signIn: {
      // The view goes to /sign-in with context.email filled in.
      meta: spec('002 §4'),
      type: 'final',
      tags: ['redirect.signIn'],
    },
    signUp: {
      // The sign-up form with context.email predefined.
      meta: spec('002 §4'),
      type: 'final',
      tags: ['form.signUp'],
    },
    contractPrompt: {
      // Opens context.contractSignLink in a new window; the e-sign page comes back to contract-complete with the id.
      meta: spec('002 §4'),
      type: 'final',
      tags: ['prompt.contract'],
    },
    notFound: { meta: spec('002 §4'), type: 'final', tags: ['page.notFound'] },
    noContractLink: {
      // An error with the contact options (support dialog).
      meta: spec('002 §4'),
      type: 'final',
      tags: ['error', 'error.contact'],
    },
  },
});

type QuickSignUpSnapshot = SnapshotFrom<typeof quickSignUpMachine>;

/** The page the quick sign-up shows. */
export type QuickSignUpPageKind = 'loading' | 'failed' | 'expired' | 'signIn' | 'signUp' | 'prompt' | 'notFound' | 'contact';

/** What the quick sign-up page and its route read. */
export const quickSignUpSelectors = {
  page: (snapshot: QuickSignUpSnapshot): QuickSignUpPageKind => {
    if (snapshot.hasTag('page.expired')) return 'expired';
    if (snapshot.hasTag('redirect.signIn')) return 'signIn';
    if (snapshot.hasTag('form.signUp')) return 'signUp';
    if (snapshot.hasTag('prompt.contract')) return 'prompt';
    if (snapshot.hasTag('page.notFound')) return 'notFound';
    if (snapshot.hasTag('error.contact')) return 'contact';
    if (snapshot.hasTag('error')) return 'failed';
    return 'loading';
  },
  /** The contact's email (sign-in, the sign-up form, the contact options). */
  email: (snapshot: QuickSignUpSnapshot) => snapshot.context.email,
  contractSignLink: (snapshot: QuickSignUpSnapshot) => snapshot.context.contractSignLink,
};
