import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { ROLES, type Role } from '../../src/domain/claims';
import { PRODUCT_LINES, type ProductLine } from '../../src/domain/productLine';
import { provided } from '../actors';
import { portErrorKey } from './devTools.machine';
import { portErrorCode, type NotifyEmitted } from '../ports';
import type { OverridableClaim, OverridesActorSignatures, UserOverridesData } from './ports';
import { FAULT_PROVIDERS, PROVIDER_FAULTS, type FaultProvider, type ProviderFault } from '../../src/domain/devTools';
import { machineSpec, spec } from '../spec';

// The developer overrides (spec 000 §6, spec 001 §7 setUser; outside production only): the
// developer sets any of role, developer flag, claims, product line and company flag on their own account, and makes
// the outside providers' sandboxes fail or time out for it (security review "faults"); the
// server keeps the account's own values and marks the session (the overridesActive claim). Applying, then a new ID
// token so the app follows the new claims (`claims.changed`: the app reads them again), then active; Restore puts
// the account's own values back the same way. The form starts with nothing overridden; a field left "unchanged"
// keeps the account's own value, and applying with nothing chosen is refused before anything is sent.

type Sig = OverridesActorSignatures;

export type { OverridableClaim, UserOverridesData } from './ports';

export const OVERRIDABLE_CLAIMS = ['allowClientActions', 'allowPortalDownload', 'customerOnboardingComplete'] as const satisfies readonly OverridableClaim[];
/** The providers whose sandbox can be made to fail, and the faults (src/domain/devTools.ts), in the form's order. */
export const OVERRIDE_FAULT_PROVIDERS: readonly FaultProvider[] = FAULT_PROVIDERS;
export const OVERRIDE_PROVIDER_FAULTS: readonly ProviderFault[] = PROVIDER_FAULTS;
/** The deadlines the form offers for a provider set to time out (ms; a provider's own is 10 s to 45 s). */
export const OVERRIDE_DEADLINES_MS = [1_000, 5_000] as const;
/** The roles and product lines the form offers (src/domain). */
export const OVERRIDE_ROLES: readonly Role[] = ROLES;
export const OVERRIDE_PRODUCT_LINES: readonly ProductLine[] = PRODUCT_LINES;

export const OVERRIDES_KEYS = {
  applied: 'toast.overrides-applied',
  restored: 'toast.overrides-restored',
  failed: 'toast.overrides-failed',
  empty: 'toast.overrides-empty',
  refreshFailed: 'toast.overrides-refresh-failed',
} as const;
export type OverridesNotifyKey = (typeof OVERRIDES_KEYS)[keyof typeof OVERRIDES_KEYS];

export interface OverridesInput {
  /** The session's overridesActive claim. */
  active: boolean;
}

export interface OverridesContext {
  /** What the form holds: only the fields to override. */
  form: UserOverridesData;
  /** The overrides in force as the server last answered ({} when not known: active from an earlier visit). */
  active: UserOverridesData;
  errorCode: string | null;
  /** The last refusal's message key, when the server gave one. */
  errorKey: string | null;
  /** The session's overridesActive claim when the machine started. */
  startedActive: boolean;
}

export type OverridesEvent =
  | { type: 'overrides.change'; overrides: UserOverridesData }
  | { type: 'overrides.apply' }
  | { type: 'overrides.restore' };
/** claims.changed: the account's claims changed on the server and the ID token is new; the app reads them again. */
export type OverridesEmitted = NotifyEmitted<OverridesNotifyKey> | { type: 'claims.changed' };
export type OverridesTag = 'busy' | 'active';

/** Whether the form overrides anything. */
export function hasOverrides(overrides: UserOverridesData): boolean {
  return (
    overrides.role !== undefined ||
    overrides.isDeveloper !== undefined ||
    overrides.productLine !== undefined ||
    overrides.companyAffiliated !== undefined ||
    overrides.providerDeadlineMs !== undefined ||
    Object.values(overrides.claims ?? {}).some((value) => value !== undefined) ||
    Object.values(overrides.providerFaults ?? {}).some((value) => value !== undefined)
  );
}

/** The form without its "unchanged" fields (an empty claims or provider faults object is dropped). */
export function overridesToSend(form: UserOverridesData): UserOverridesData {
  const claims = Object.fromEntries(Object.entries(form.claims ?? {}).filter(([, value]) => value !== undefined));
  const result: UserOverridesData = {};
  if (form.role !== undefined) result.role = form.role;
  if (form.isDeveloper !== undefined) result.isDeveloper = form.isDeveloper;
  if (Object.keys(claims).length > 0) result.claims = claims;
  if (form.productLine !== undefined) result.productLine = form.productLine;
  if (form.companyAffiliated !== undefined) result.companyAffiliated = form.companyAffiliated;
  const providerFaults = Object.fromEntries(Object.entries(form.providerFaults ?? {}).filter(([, value]) => value !== undefined));
  if (Object.keys(providerFaults).length > 0) result.providerFaults = providerFaults;
  if (form.providerDeadlineMs !== undefined) result.providerDeadlineMs = form.providerDeadlineMs;
  return result;
}

export const overridesMachine = setup({
  types: {
    context: {} as OverridesContext,
    events: {} as OverridesEvent,
    input: {} as OverridesInput,
    emitted: {} as OverridesEmitted,
    tags: {} as OverridesTag,
  },
  actors: {
    applyOverrides: provided<Sig['applyOverrides']>('applyOverrides'),
    restoreOverrides: provided<Sig['restoreOverrides']>('restoreOverrides'),
    refreshToken: provided<Sig['refreshToken']>('refreshToken'),
  },
  guards: {
    /** The session already carries the overridesActive claim (set on an earlier visit or before a reload). */
    startsActive: ({ context }) => context.startedActive,
    hasNoOverrides: ({ context }) => !hasOverrides(context.form),
  },
  actions: {
    assignForm: assign((_, params: { overrides: UserOverridesData }) => ({ form: params.overrides })),
    assignActive: assign((_, params: { active: UserOverridesData }) => ({ active: params.active, errorCode: null, errorKey: null })),
    clearOverrides: assign({ active: {}, form: {}, errorCode: null, errorKey: null }),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: portErrorCode(params.error), errorKey: portErrorKey(params.error) })),
    emitClaimsChanged: emit({ type: 'claims.changed' } as const),
    notifyApplied: emit({ type: 'notify', level: 'success', key: OVERRIDES_KEYS.applied } as const),
    notifyRestored: emit({ type: 'notify', level: 'success', key: OVERRIDES_KEYS.restored } as const),
    notifyFailed: emit({ type: 'notify', level: 'error', key: OVERRIDES_KEYS.failed } as const),
    notifyEmpty: emit({ type: 'notify', level: 'warning', key: OVERRIDES_KEYS.empty } as const),
    notifyRefreshFailed: emit({ type: 'notify', level: 'warning', key: OVERRIDES_KEYS.refreshFailed } as const),
  },
}).createMachine({
  id: 'overrides',
  meta: machineSpec(['001 §2', '001 §7', '000 §6'], ['starting']),
  context: ({ input }) => ({ form: {}, active: {}, errorCode: null, errorKey: null, startedActive: input.active }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'startsActive', target: 'active' }, { target: 'none' }],
    },
    none: {
      meta: spec('001 §2'),
      on: {
        'overrides.change': { actions: { type: 'assignForm', params: ({ event }) => ({ overrides: event.overrides }) } },
        'overrides.apply': [{ guard: 'hasNoOverrides', actions: 'notifyEmpty' }, { target: 'applying' }],
      },
    },
    applying: {
      meta: spec('001 §2'),
      tags: ['busy'],
      initial: 'calling',
      states: {
        calling: {
          meta: spec('001 §2'),
          invoke: {
            id: 'applyOverrides',
            src: 'applyOverrides',
            input: ({ context }) => ({ overrides: overridesToSend(context.form) }),
            onDone: { target: 'refreshing', actions: { type: 'assignActive', params: ({ event }) => ({ active: event.output }) } },
            onError: {
              target: '#overrides.none',
              actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, 'notifyFailed'],
            },
          },
        },
        refreshing: {
          meta: spec('001 §2'),
          invoke: {
            id: 'refreshTokenAfterApply',
            src: 'refreshToken',
            onDone: { target: '#overrides.active', actions: ['notifyApplied', 'emitClaimsChanged'] },
            // Applied on the server all the same: the app follows at the next token refresh.
            onError: { target: '#overrides.active', actions: ['notifyApplied', 'notifyRefreshFailed'] },
          },
        },
      },
    },
    active: {
      meta: spec('001 §2'),
      tags: ['active'],
      on: {
        'overrides.change': { actions: { type: 'assignForm', params: ({ event }) => ({ overrides: event.overrides }) } },
        'overrides.apply': [{ guard: 'hasNoOverrides', actions: 'notifyEmpty' }, { target: 'applying' }],
        'overrides.restore': 'restoring',
      },
    },
    restoring: {
      meta: spec('001 §2'),
      tags: ['busy', 'active'],
      initial: 'calling',
      states: {
        calling: {
          meta: spec('001 §2'),
          invoke: {
            id: 'restoreOverrides',
            src: 'restoreOverrides',
            onDone: { target: 'refreshing', actions: 'clearOverrides' },
            onError: {
              target: '#overrides.active',
              actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, 'notifyFailed'],
            },
          },
        },
        refreshing: {
          meta: spec('001 §2'),
          invoke: {
            id: 'refreshTokenAfterRestore',
            src: 'refreshToken',
            onDone: { target: '#overrides.none', actions: ['notifyRestored', 'emitClaimsChanged'] },
            onError: { target: '#overrides.none', actions: ['notifyRestored', 'notifyRefreshFailed'] },
          },
        },
      },
    },
  },
});

export type OverridesSnapshot = SnapshotFrom<typeof overridesMachine>;

/** What the overrides form and the shell's marker read. */
export const overridesSelectors = {
  busy: (s: OverridesSnapshot): boolean => s.hasTag('busy'),
  active: (s: OverridesSnapshot): boolean => s.hasTag('active'),
  applying: (s: OverridesSnapshot): boolean => s.matches('applying'),
  restoring: (s: OverridesSnapshot): boolean => s.matches('restoring'),
  form: (s: OverridesSnapshot): UserOverridesData => s.context.form,
  activeOverrides: (s: OverridesSnapshot): UserOverridesData => s.context.active,
  errorCode: (s: OverridesSnapshot): string | null => s.context.errorCode,
  errorKey: (s: OverridesSnapshot): string | null => s.context.errorKey,
};
