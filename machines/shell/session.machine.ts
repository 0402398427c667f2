import { and, assign, emit, not, setup, type SnapshotFrom } from 'xstate';
import { parseClaims, type Claims } from '../../src/domain/claims';
import { CLAIMS_RETRY_ATTEMPTS, CLAIMS_RETRY_DELAY_MS, LAST_SIGN_IN_INTERVAL_MS } from '../../src/domain/constants';
import { ERROR_KEYS, type ErrorKey } from '../../src/domain/errors';
import { portErrorCode, type AuthUser, type NotifyEmitted, type RawClaims } from '../ports';
import type { SessionActorSignatures } from './ports';
import { eitherWay, provided, providedCallback } from '../actors';
import { machineSpec, spec } from '../spec';

// spec 000 §4.1: session and claims resolution, run by the app's root actor.
// - Loading while a CRM link-in or an agent sign-in is in progress (`externalSignIn.*`).
// - A user of another tenant is signed out.
// - A partner session asks the server to elevate permissions once, then signs in again with the token.
// - A customer whose claims lack a contact id: until the email is verified there is none to wait for (the server
//   binds a lead's contact only to a verified account); once verified, the server is asked once to bind it (the
//   resync below), then the claims are retried 5 times, 1 s apart, then reported.
// - no-customer-contact-id / no-partner-contact-id errors: resync claims, refresh the token, reset queries; at most
//   once per user and set of claims, so a server that keeps answering no-contact-id cannot loop.
// - `claims.refresh` (signed in): the ID token is refreshed and the claims read again, then the cached queries reset,
//   without a page reload (after the developer overrides change the account's claims, or restore them).
// - Last sign-in stored at most once an hour, never for agent or CRM sessions.
// - Cached queries reset when the user changes.
// - A claims schema violation shows 'Authentication error: custom claims' and signs out (spec 000 §8).
// - A signed-in user whose claims ask for the welcome migration modal sees it; dismissing it removes the claim
//   and refreshes the claims (spec 000 §7 removeMigrationClaim).

type Sig = SessionActorSignatures;

/** What a claims resolution starts from: at start-up and whenever a user is resolved again. */
const UNRESOLVED = {
  claims: null,
  claimsRetries: 0,
  contactResynced: false,
  elevated: false,
  elevationToken: null,
  errorCode: null,
} as const satisfies Partial<SessionContext>;

/** What a claims read answers, as its invoke's done event carries it. */
type ClaimsReadDone = { event: { output: RawClaims } };

/**
 * A claims read's answer (spec 000 §4.1, §8): claims the schema refuses show the custom-claims error and sign out;
 * others are kept and the flow goes on to `next`. The same for every read (resolving, after a resync, on refresh).
 */
function onClaimsRead<const Next extends string>(next: Next) {
  return [
    {
      guard: { type: 'areClaimsInvalid', params: ({ event }: ClaimsReadDone) => ({ raw: event.output }) },
      target: '#session.signingOut',
      actions: ['notifyClaimsInvalid', { type: 'assignErrorCode', params: { code: 'claims-invalid' } }],
    },
    { target: next, actions: { type: 'assignClaims', params: ({ event }: ClaimsReadDone) => ({ raw: event.output }) } },
  ] as const;
}

export type ContactIdErrorCode = 'no-customer-contact-id' | 'no-partner-contact-id';

export interface SessionContext {
  /** The site's tenant (spec 000 §4.1). */
  siteTenantId: string;
  user: AuthUser | null;
  /** Whose data the query cache holds; a different user resets it. */
  queriesUid: string | null;
  claims: Claims | null;
  /** Claims re-reads so far for a missing customer contact id. */
  claimsRetries: number;
  /** The server was asked, in this resolution, to bind the contact of the verified email (spec 000 §4.1). */
  contactResynced: boolean;
  /** Permissions were elevated for this partner session (asked once). */
  elevated: boolean;
  elevationToken: string | null;
  /** Why the session ended or failed: 'tenant-mismatch', 'claims-invalid', or a port error code. */
  errorCode: string | null;
  /** The users and claims sets a no-contact-id error already resynced (contactIdResyncKey): each at most once. */
  contactIdResyncs: string[];
}

/** One user with one set of claims: a no-contact-id error resyncs each at most once per session. */
export function contactIdResyncKey(uid: string | null, claims: Claims | null): string {
  const sorted = claims ? Object.fromEntries(Object.entries(claims).sort(([a], [b]) => a.localeCompare(b))) : null;
  return JSON.stringify([uid, sorted]);
}

export type SessionEvent =
  | Sig['watchAuthUser']['sends']
  | { type: 'externalSignIn.start' }
  | { type: 'externalSignIn.finish' }
  | { type: 'claims.contactIdMissing'; code: ContactIdErrorCode }
  | { type: 'claims.refresh' }
  | { type: 'session.signOut' }
  | { type: 'session.retry' }
  | { type: 'welcome.dismiss' };

export interface SessionInput {
  siteTenantId: string;
}

/** What views ask the session: resolving, who is signed in or out, the welcome dialog, the error screen. */
export type SessionTag = 'loading' | 'signedIn' | 'signedOut' | 'dialog.welcome' | 'error';

export const MISSING_CONTACT_ID_REPORT = 'no-customer-contact-id';

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as NotifyEmitted<ErrorKey>,
    tags: {} as SessionTag,
  },
  actors: {
    watchAuthUser: providedCallback<Sig['watchAuthUser']>('watchAuthUser'),
    readClaims: provided<Sig['readClaims']>('readClaims'),
    elevatePermissions: provided<Sig['elevatePermissions']>('elevatePermissions'),
    signInWithToken: provided<Sig['signInWithToken']>('signInWithToken'),
    signOut: provided<Sig['signOut']>('signOut'),
    resyncClaims: provided<Sig['resyncClaims']>('resyncClaims'),
    refreshToken: provided<Sig['refreshToken']>('refreshToken'),
    resetQueries: provided<Sig['resetQueries']>('resetQueries'),
    readLastSignIn: provided<Sig['readLastSignIn']>('readLastSignIn'),
    storeLastSignIn: provided<Sig['storeLastSignIn']>('storeLastSignIn'),
    reportError: provided<Sig['reportError']>('reportError'),
    removeMigrationClaim: provided<Sig['removeMigrationClaim']>('removeMigrationClaim'),
  },
  guards: {
    hasUser: ({ context }) => context.user !== null,
    isSameUser: ({ context }, params: { user: AuthUser | null }) => (context.user?.uid ?? null) === (params.user?.uid ?? null),
    hasUserChanged: ({ context }) => (context.user?.uid ?? null) !== context.queriesUid,
    isTenantMismatch: ({ context }) => context.user !== null && context.user.tenantId !== context.siteTenantId,
    // spec 000 §5: claims must match the claims schema.
    areClaimsInvalid: (_, params: { raw: RawClaims }) => !parseClaims(params.raw).ok,
    // spec 000 §4.1: a partner session is elevated once.
    needsElevation: ({ context }) => context.claims?.role === 'partner' && !context.elevated,
    lacksCustomerContactId: ({ context }) =>
      context.claims !== null &&
      context.claims.role === 'customer' &&
      context.claims.isAgent !== true &&
      !context.claims.customerContactId,
    canRetryClaims: ({ context }) => context.claimsRetries < CLAIMS_RETRY_ATTEMPTS,
    // spec 000 §2.3: until the email is verified the account has no contact of its own (a lead's contact is bound
    // only to an account that proved it owns the email), and the server answers it nothing that needs one.
    isEmailVerified: ({ context }) => context.user?.emailVerified === true,
    hasAskedForContact: ({ context }) => context.contactResynced,
    hasResyncedTheseClaims: ({ context }) =>
      context.contactIdResyncs.includes(contactIdResyncKey(context.user?.uid ?? null, context.claims)),
    // Agents and CRM sessions are not the customer signing in (spec 000 §4.1).
    isLastSignInExempt: ({ context }) => context.claims?.isAgent === true || context.claims?.isSalesforceSession === true,
    isLastSignInDue: (_, params: { lastSignInMs: number | null; checkedAtMs: number }) =>
      params.lastSignInMs === null || params.checkedAtMs - params.lastSignInMs >= LAST_SIGN_IN_INTERVAL_MS,
    showsMigrationModal: ({ context }) => context.claims?.showMigrationModal === true,
  },
  actions: {
    assignUser: assign((_, params: { user: AuthUser | null }) => ({ user: params.user })),
    assignFirstUser: assign((_, params: { user: AuthUser | null }) => ({
      user: params.user,
      queriesUid: params.user?.uid ?? null,
    })),
    assignQueriesUser: assign(({ context }) => ({ queriesUid: context.user?.uid ?? null })),
    startResolution: assign(UNRESOLVED),
    assignClaims: assign((_, params: { raw: RawClaims }) => {
      const parsed = parseClaims(params.raw);
      return { claims: parsed.ok ? parsed.claims : null };
    }),
    countClaimsRetry: assign(({ context }) => ({ claimsRetries: context.claimsRetries + 1 })),
    resetClaimsRetries: assign({ claimsRetries: 0 }),
    markContactResynced: assign({ contactResynced: true }),
    recordContactIdResync: assign(({ context }) => ({
      contactIdResyncs: [...context.contactIdResyncs, contactIdResyncKey(context.user?.uid ?? null, context.claims)],
    })),
    assignElevationToken: assign((_, params: { token: string }) => ({ elevationToken: params.token })),
    markElevated: assign({ elevated: true, elevationToken: null }),
    assignErrorCode: assign((_, params: { code: string }) => ({ errorCode: params.code })),
    notifyClaimsInvalid: emit({ type: 'notify', level: 'error', key: ERROR_KEYS.claimsInvalid } as const),
  },
  delays: {
    claimsRetry: CLAIMS_RETRY_DELAY_MS,
  },
}).createMachine({
  id: 'session',
  meta: machineSpec(['000 §4.1', '000 §2.3', '000 §7', '000 §8'], ['resolving.classifying', 'resolving.lastSignIn', 'signedIn.checkingWelcome']),
  context: ({ input }) => ({
    siteTenantId: input.siteTenantId,
    user: null,
    queriesUid: null,
    contactIdResyncs: [],
    ...UNRESOLVED,
  }),
  invoke: { id: 'watchAuthUser', src: 'watchAuthUser' },
  initial: 'starting',
  on: {
    'auth.userChanged': [
      // The same person (e.g. after the elevated sign-in): keep going, with the fresh user data.
      {
        guard: { type: 'isSameUser', params: ({ event }) => ({ user: event.user }) },
        actions: { type: 'assignUser', params: ({ event }) => ({ user: event.user }) },
      },
      { target: '.routing', actions: { type: 'assignUser', params: ({ event }) => ({ user: event.user }) } },
    ],
    'externalSignIn.start': '.externalSignIn',
  },
  states: {
    starting: {
      // Until the identity provider reports who is signed in.
      meta: spec('000 §4.1'),
      tags: ['loading'],
      on: {
        'auth.userChanged': {
          target: 'routing',
          actions: { type: 'assignFirstUser', params: ({ event }) => ({ user: event.user }) },
        },
      },
    },
    externalSignIn: {
      // A CRM link-in or an agent sign-in is running: stay loading until it finishes (spec 000 §4.1).
      meta: spec('000 §4.1'),
      tags: ['loading'],
      on: {
        'auth.userChanged': { actions: { type: 'assignUser', params: ({ event }) => ({ user: event.user }) } },
        'externalSignIn.finish': 'routing',
      },
    },
    routing: {
      meta: spec('000 §4.1'),
      tags: ['loading'],
      always: [{ guard: 'hasUserChanged', target: 'resettingQueries' }, { target: 'checkingUser' }],
    },
    resettingQueries: {
      // All cached queries reset when the user changes (spec 000 §4.1).
      meta: spec('000 §4.1'),
      tags: ['loading'],
      invoke: {
        id: 'resetQueries',
        src: 'resetQueries',
        ...eitherWay({ target: 'checkingUser', actions: 'assignQueriesUser' }),
      },
    },
    checkingUser: {
      meta: spec('000 §4.1'),
      tags: ['loading'],
      always: [
        { guard: not('hasUser'), target: 'signedOut' },
        {
          guard: 'isTenantMismatch',
          target: 'signingOut',
          actions: { type: 'assignErrorCode', params: { code: 'tenant-mismatch' } },
        },
        { target: 'resolving', actions: 'startResolution' },
      ],
    },
    resolving: {
      meta: spec('000 §4.1'),
      tags: ['loading'],
      initial: 'readingClaims',
      on: {
        'claims.contactIdMissing': {
          guard: not('hasResyncedTheseClaims'),
          target: '#session.resyncing',
          actions: 'recordContactIdResync',
        },
        'session.signOut': '#session.signingOut',
      },
      states: {
        readingClaims: {
          meta: spec('000 §4.1'),
          invoke: {
            id: 'readClaims',
            src: 'readClaims',
            input: ({ context }) => ({ forceRefresh: context.claimsRetries > 0 || context.elevated }),
            onDone: onClaimsRead('classifying'),
            onError: {
              target: '#session.error',
              actions: { type: 'assignErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
            },
          },
        },
        classifying: {
          always: [
            { guard: 'needsElevation', target: 'elevating' },
            { guard: and(['lacksCustomerContactId', not('isEmailVerified')]), target: 'lastSignIn' },
            // A verified customer without a contact: the server binds the CRM contact of the email on resync.
            {
              guard: and(['lacksCustomerContactId', not('hasAskedForContact')]),
              target: '#session.resyncing',
              actions: 'markContactResynced',
            },
            { guard: and(['lacksCustomerContactId', 'canRetryClaims']), target: 'waitingForClaims' },
            { guard: 'lacksCustomerContactId', target: 'reportingMissingContactId' },
            { target: 'lastSignIn' },
          ],
        },
        waitingForClaims: {
          // The contact id is written to the claims by the server shortly after sign-up (spec 000 §4.1, §9).
          meta: spec('000 §4.1', '000 §9'),
          after: { claimsRetry: { target: 'readingClaims', actions: 'countClaimsRetry' } },
        },
        reportingMissingContactId: {
          meta: spec('000 §4.1'),
          invoke: {
            id: 'reportError',
            src: 'reportError',
            input: ({ context }) => [
              {
                message: MISSING_CONTACT_ID_REPORT,
                extra: { uid: context.user?.uid ?? null, retries: context.claimsRetries },
              },
            ],
            ...eitherWay('lastSignIn'),
          },
        },
        elevating: {
          meta: spec('000 §4.1'),
          invoke: {
            id: 'elevatePermissions',
            src: 'elevatePermissions',
            onDone: {
              target: 'signingInWithToken',
              actions: { type: 'assignElevationToken', params: ({ event }) => ({ token: event.output.token }) },
            },
            onError: {
              target: '#session.error',
              actions: { type: 'assignErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
            },
          },
        },
        signingInWithToken: {
          meta: spec('000 §4.1'),
          invoke: {
            id: 'signInWithToken',
            src: 'signInWithToken',
            input: ({ context }) => ({ token: context.elevationToken ?? '' }),
            onDone: {
              target: 'readingClaims',
              actions: ['markElevated', { type: 'assignUser', params: ({ event }) => ({ user: event.output }) }],
            },
            onError: {
              target: '#session.error',
              actions: { type: 'assignErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
            },
          },
        },
        lastSignIn: {
          always: [{ guard: 'isLastSignInExempt', target: '#session.signedIn' }, { target: 'readingLastSignIn' }],
        },
        readingLastSignIn: {
          meta: spec('000 §4.1'),
          invoke: {
            id: 'readLastSignIn',
            src: 'readLastSignIn',
            input: ({ context }) => ({ uid: context.user?.uid ?? '' }),
            onDone: [
              {
                guard: { type: 'isLastSignInDue', params: ({ event }) => ({ lastSignInMs: event.output.lastSignInMs, checkedAtMs: event.output.checkedAtMs }) },
                target: 'storingLastSignIn',
              },
              { target: '#session.signedIn' },
            ],
            onError: '#session.signedIn',
          },
        },
        storingLastSignIn: {
          meta: spec('000 §4.1'),
          invoke: {
            id: 'storeLastSignIn',
            src: 'storeLastSignIn',
            input: ({ context }) => ({ uid: context.user?.uid ?? '' }),
            ...eitherWay('#session.signedIn'),
          },
        },
      },
    },
    signedIn: {
      meta: spec('000 §4.1'),
      tags: ['signedIn'],
      initial: 'checkingWelcome',
      on: {
        'claims.contactIdMissing': {
          guard: not('hasResyncedTheseClaims'),
          target: 'resyncing',
          actions: 'recordContactIdResync',
        },
        'claims.refresh': '.reloadingClaims',
        'session.signOut': 'signingOut',
      },
      states: {
        checkingWelcome: {
          always: [{ guard: 'showsMigrationModal', target: 'welcome' }, { target: 'ready' }],
        },
        ready: { meta: spec('000 §4.1') },
        welcome: {
          meta: spec('000 §4.1'),
          tags: ['dialog.welcome'],
          on: { 'welcome.dismiss': 'removingMigrationClaim' },
        },
        removingMigrationClaim: {
          meta: spec('000 §4.1'),
          invoke: {
            id: 'removeMigrationClaim',
            src: 'removeMigrationClaim',
            onDone: 'refreshingClaims',
            onError: 'ready',
          },
        },
        refreshingClaims: {
          meta: spec('000 §4.1'),
          invoke: {
            id: 'refreshClaims',
            src: 'readClaims',
            input: { forceRefresh: true },
            onDone: onClaimsRead('ready'),
            onError: 'ready',
          },
        },
        reloadingClaims: {
          // claims.refresh: a fresh ID token and its claims, still signed in (no loading screen, no reload).
          meta: spec('000 §4.1'),
          invoke: {
            id: 'reloadClaims',
            src: 'readClaims',
            input: { forceRefresh: true },
            onDone: onClaimsRead('resettingQueries'),
            onError: 'ready',
          },
        },
        resettingQueries: {
          // What was read with the old claims is read again with the new ones.
          meta: spec('000 §4.1'),
          invoke: {
            id: 'resetQueriesAfterRefresh',
            src: 'resetQueries',
            ...eitherWay('checkingWelcome'),
          },
        },
      },
    },
    resyncing: {
      // no-customer-contact-id / no-partner-contact-id (spec 000 §4.1): resync, refresh the token, reset queries.
      meta: spec('000 §4.1'),
      tags: ['loading'],
      initial: 'resyncingClaims',
      states: {
        resyncingClaims: {
          meta: spec('000 §4.1'),
          invoke: {
            id: 'resyncClaims',
            src: 'resyncClaims',
            onDone: 'refreshingToken',
            onError: {
              target: '#session.error',
              actions: { type: 'assignErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
            },
          },
        },
        refreshingToken: {
          meta: spec('000 §4.1'),
          invoke: {
            id: 'refreshToken',
            src: 'refreshToken',
            onDone: 'resettingQueries',
            onError: {
              target: '#session.error',
              actions: { type: 'assignErrorCode', params: ({ event }) => ({ code: portErrorCode(event.error) }) },
            },
          },
        },
        resettingQueries: {
          meta: spec('000 §4.1'),
          invoke: {
            id: 'resetQueriesAfterResync',
            src: 'resetQueries',
            ...eitherWay({ target: '#session.resolving', actions: 'resetClaimsRetries' }),
          },
        },
      },
    },
    signingOut: {
      meta: spec('000 §4.1'),
      tags: ['loading'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        ...eitherWay('signedOut'),
      },
    },
    signedOut: {
      meta: spec('000 §4.1'),
      tags: ['signedOut'],
    },
    error: {
      // The session error screen: not-registered for 'not-found', otherwise session-expired (spec 000 §2.2).
      meta: spec('000 §4.1', '000 §2.2'),
      tags: ['error'],
      on: {
        'session.retry': 'routing',
        'session.signOut': 'signingOut',
      },
    },
  },
});

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** What the app and views read from the session (ARCHITECTURE.md "Views": narrow selectors). */
export const sessionSelectors = {
  user: (s: SessionSnapshot) => s.context.user,
  uid: (s: SessionSnapshot) => s.context.user?.uid ?? null,
  email: (s: SessionSnapshot) => s.context.user?.email ?? null,
  claims: (s: SessionSnapshot) => s.context.claims,
  /** Why the session failed (the session error screen, spec 000 §2.2). */
  errorCode: (s: SessionSnapshot) => s.context.errorCode,
  isLoading: (s: SessionSnapshot) => s.hasTag('loading'),
  isSignedIn: (s: SessionSnapshot) => s.hasTag('signedIn'),
  isSignedOut: (s: SessionSnapshot) => s.hasTag('signedOut'),
  hasError: (s: SessionSnapshot) => s.hasTag('error'),
  showsWelcome: (s: SessionSnapshot) => s.hasTag('dialog.welcome'),
  /** An agent or a CRM session on a customer's account (spec 000 §6 coach banner). */
  isAgent: (s: SessionSnapshot) => s.context.claims?.isAgent === true,
  allowsClientActions: (s: SessionSnapshot) => s.context.claims?.allowClientActions === true,
  /** The claims name a customer contact (the broker banner's contact read, spec 000 §7). */
  hasCustomerContact: (s: SessionSnapshot) => s.context.claims?.customerContactId !== undefined,
};
