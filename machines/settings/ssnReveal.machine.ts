import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import { digitsOnly, formatSsn } from '../../src/domain/personalFields';
import type { Actor } from '../../src/domain/permissions';
import { callable, provided, type CallableSig } from '../actors';
import type { NotifyEmitted } from '../ports';
import type { ReauthenticateSig } from './ports';
import { reauthenticationGuards, reauthenticationStates, type ReauthErrorParams } from './reauthentication';
import { refusalNotice } from './refusals';
import { machineSpec, spec } from '../spec';

// The Social Security number's show toggle on the personal-info page (spec 000 §2.5, §5): masked as ***-**-1234
// from the last four digits the contact carries; Show asks the server for the full number (getSocialSecurityNumber,
// the customer's own: a coach is refused before any call, as the server refuses them) and shows it 3-2-4; Hide masks
// it again and drops the full number from memory. A failure leaves it masked with errors.general-error. The server
// shows the full number only to a recent sign-in (src/domain/recentSignIn.ts): an older one is asked for the password
// again (errors.settings.recent-sign-in-required), re-authenticated with the identity provider, and the number asked
// for once more; Cancel leaves it masked.

/** The machine's actors: getSocialSecurityNumber (src/contract), and the password prompt's re-authentication. */
export interface SsnRevealActors {
  getSocialSecurityNumber: CallableSig<'getSocialSecurityNumber'>;
  reauthenticate: ReauthenticateSig;
}

export interface SsnRevealInput {
  actor: Actor;
  /** The last four digits the contact carries, null when the contact has no SSN. */
  lastFour: string | null;
}

export interface SsnRevealContext {
  actor: Actor;
  lastFour: string | null;
  /** The full 9 digits, only while shown. */
  ssn: string | null;
  /** Why the password prompt refused the last try (a wrong password, too many tries, ...). */
  reauthErrorKey: ErrorKey | null;
}

export type SsnRevealEvent =
  | { type: 'ssn.show' }
  | { type: 'ssn.hide' }
  | { type: 'reauth.submit'; password: string }
  | { type: 'reauth.cancel' };
export type SsnRevealEmitted = NotifyEmitted<ErrorKey>;
export type SsnRevealTag = 'masked' | 'revealed' | 'busy' | 'reauth';

export const ssnRevealMachine = setup({
  types: {
    context: {} as SsnRevealContext,
    events: {} as SsnRevealEvent,
    input: {} as SsnRevealInput,
    emitted: {} as SsnRevealEmitted,
    tags: {} as SsnRevealTag,
  },
  actors: {
    getSocialSecurityNumber: callable('getSocialSecurityNumber'),
    reauthenticate: provided<ReauthenticateSig>('reauthenticate'),
  },
  guards: {
    // getSocialSecurityNumber is the customer's own (the contract's customerOnly permission).
    isNotCustomer: ({ context }) => context.actor.isAgent,
    hasSsn: ({ context }) => context.lastFour !== null,
    ...reauthenticationGuards,
  },
  actions: {
    assignSsn: assign((_, params: { ssn: string }) => {
      const ssn = digitsOnly(params.ssn).slice(0, 9);
      return { ssn, lastFour: ssn.slice(-4) };
    }),
    dropSsn: assign({ ssn: null }),
    assignReauthError: assign((_, params: ReauthErrorParams) => ({ reauthErrorKey: params.key })),
    clearReauthError: assign({ reauthErrorKey: null }),
    notifyNotPermitted: emit({ type: 'notify', level: 'warning', key: ERROR_KEYS.coachNotPermitted } as const),
    notifyError: emit(refusalNotice(ERROR_KEYS.generalError)),
  },
}).createMachine({
  id: 'ssnReveal',
  meta: machineSpec(['000 §2.5']),
  context: ({ input }) => ({ actor: input.actor, lastFour: input.lastFour, ssn: null, reauthErrorKey: null }),
  initial: 'masked',
  states: {
    masked: {
      meta: spec('000 §2.5'),
      tags: ['masked'],
      on: {
        'ssn.show': [{ guard: 'isNotCustomer', actions: 'notifyNotPermitted' }, { guard: 'hasSsn', target: 'revealing' }],
      },
    },
    revealing: {
      meta: spec('000 §2.5'),
      tags: ['masked', 'busy'],
      invoke: {
        id: 'getSocialSecurityNumber',
        src: 'getSocialSecurityNumber',
        input: null,
        onDone: { target: 'revealed', actions: { type: 'assignSsn', params: ({ event }) => ({ ssn: event.output.ssn }) } },
        onError: [
          { guard: { type: 'needsRecentSignIn', params: ({ event }) => ({ error: event.error }) }, target: 'reauthenticating' },
          { target: 'masked', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
      on: { 'ssn.hide': 'masked' },
    },
    reauthenticating: {
      // The sign-in is too old for the full number: the password prompt (errors.settings.recent-sign-in-required).
      meta: spec('000 §2.5'),
      tags: ['masked', 'reauth'],
      entry: 'clearReauthError',
      initial: 'asking',
      // Signed in again just now: the number is asked for once more.
      states: reauthenticationStates('#ssnReveal.revealing'),
      on: {
        'reauth.cancel': 'masked',
        'ssn.hide': 'masked',
      },
    },
    revealed: {
      meta: spec('000 §2.5'),
      tags: ['revealed'],
      exit: 'dropSsn',
      on: { 'ssn.hide': 'masked' },
    },
  },
});

export type SsnRevealSnapshot = SnapshotFrom<typeof ssnRevealMachine>;

/** What the SSN field reads. */
export const ssnRevealSelectors = {
  /** ***-**-1234 while masked, 123-45-6789 while shown, null when the contact has no SSN. */
  display: (s: SsnRevealSnapshot): string | null => {
    if (s.context.ssn !== null && s.hasTag('revealed')) return formatSsn(s.context.ssn);
    return s.context.lastFour === null ? null : `***-**-${s.context.lastFour}`;
  },
  revealed: (s: SsnRevealSnapshot): boolean => s.hasTag('revealed'),
  busy: (s: SsnRevealSnapshot): boolean => s.hasTag('busy'),
  /** The password prompt is open (the sign-in is too old for the full number). */
  reauthenticating: (s: SsnRevealSnapshot): boolean => s.hasTag('reauth'),
  /** The prompt's message: errors.field-validation.password-required, auth.errors.wrong-password, ... */
  reauthErrorKey: (s: SsnRevealSnapshot): ErrorKey | null => s.context.reauthErrorKey,
  /** The toggle shows when there is a number to show. */
  canReveal: (s: SsnRevealSnapshot): boolean => s.context.lastFour !== null,
};
