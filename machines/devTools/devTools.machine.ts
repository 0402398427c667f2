import { ACTION_STATUSES as DEV_ACTION_STATUSES, ACTION_TYPES as DEV_ACTION_TYPES } from '../../src/domain/actions';
import { DEV_DELETE_CATEGORIES } from '../../src/domain/devTools';
import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { provided } from '../actors';
import { portErrorCode, type NotifyEmitted, type NotifyLevel } from '../ports';
import type {
  DevActionData,
  DevActionInput,
  DevToolsCommand,
  DevToolsCommandName,
  DevToolsCommandsActorSignatures,
  DevToolsResult,
} from './ports';
import { machineSpec, spec } from '../spec';

// The developer tools' commands (spec 001 §2 "Developer tools", §7 devTools; never in production):
// list the customer's actions, replace them, recalculate them, delete data by category, pull a fresh report,
// recalculate the readiness score, toggle the v2 disputes. One command at a time: idle → running → result (or
// error). The destructive ones (delete, setActions, repopulateReport) ask for a confirmation first. A command that
// cannot be sent as it is (delete without a category, an action without a name, more than 20 actions) is refused
// before anything is sent.

type Sig = DevToolsCommandsActorSignatures;

export type { DevActionData, DevActionInput, DevDeleteCategory, DevToolsCommand, DevToolsResult } from './ports';

/** The commands that replace or remove the customer's data: confirmed first. */
export const DESTRUCTIVE_COMMANDS = ['delete', 'setActions', 'repopulateReport'] as const satisfies readonly DevToolsCommandName[];

/** What the delete command offers and the setActions form's types and statuses (src/domain). */
export { DEV_DELETE_CATEGORIES } from '../../src/domain/devTools';
export { ACTION_STATUSES as DEV_ACTION_STATUSES, ACTION_TYPES as DEV_ACTION_TYPES } from '../../src/domain/actions';
/** The most actions one setActions may carry (the contract's limit). */
export const MAX_DEV_ACTIONS = 20;

export const DEV_TOOLS_KEYS = {
  done: 'toast.command-done',
  failed: 'toast.command-failed',
  invalid: 'toast.command-invalid',
} as const;
export type DevToolsNotifyKey = (typeof DEV_TOOLS_KEYS)[keyof typeof DEV_TOOLS_KEYS];

/** The message key a refusal carries (PortError.key: 'errors.dev-tools.developer-only', ...), null without one. */
export function portErrorKey(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'key' in error && typeof error.key === 'string') return error.key;
  return null;
}

/** Whether the command can be sent as it is. */
export function isRunnableCommand(command: DevToolsCommand): boolean {
  if (command.command === 'delete') {
    return command.categories.length > 0 && command.categories.every((category) => (DEV_DELETE_CATEGORIES as readonly string[]).includes(category));
  }
  if (command.command === 'setActions') return command.actions.length <= MAX_DEV_ACTIONS && command.actions.every(isValidAction);
  return true;
}

function isValidAction(action: DevActionInput): boolean {
  return (
    action.name.trim().length > 0 &&
    action.name.length <= 200 &&
    (DEV_ACTION_TYPES as readonly string[]).includes(action.type) &&
    (DEV_ACTION_STATUSES as readonly string[]).includes(action.status)
  );
}

export function isDestructiveCommand(command: DevToolsCommand): boolean {
  return (DESTRUCTIVE_COMMANDS as readonly string[]).includes(command.command);
}

export interface DevToolsContext {
  /** The command being confirmed or run. */
  pending: DevToolsCommand | null;
  /** The last command's answer. */
  result: DevToolsResult | null;
  /** The customer's actions as the last command that listed them answered (null before any). */
  actions: DevActionData[] | null;
  /** The last failure's code (the server's refusal, 'unavailable', ...). */
  errorCode: string | null;
  /** The last failure's message key, when the server gave one. */
  errorKey: string | null;
}

export type DevToolsEvent =
  | { type: 'command.run'; command: DevToolsCommand }
  | { type: 'command.confirm' }
  | { type: 'command.cancel' };
export type DevToolsEmitted = NotifyEmitted<DevToolsNotifyKey>;
export type DevToolsTag = 'busy' | 'dialog.confirm';

/** A toast naming the command it speaks of (params `{ command }`), for `emit`. */
function commandNotice(level: NotifyLevel, key: DevToolsNotifyKey) {
  return (_: unknown, params: { command: DevToolsCommandName }) => ({ type: 'notify' as const, level, key, values: { command: params.command } });
}

const runOrConfirm = [
  { guard: { type: 'isNotRunnable' as const, params: ({ event }: { event: { command: DevToolsCommand } }) => ({ command: event.command }) }, actions: 'notifyInvalid' as const },
  {
    guard: { type: 'isDestructive' as const, params: ({ event }: { event: { command: DevToolsCommand } }) => ({ command: event.command }) },
    target: '#devTools.confirming',
    actions: { type: 'assignPending' as const, params: ({ event }: { event: { command: DevToolsCommand } }) => ({ command: event.command }) },
  },
  {
    target: '#devTools.running',
    actions: { type: 'assignPending' as const, params: ({ event }: { event: { command: DevToolsCommand } }) => ({ command: event.command }) },
  },
];

export const devToolsMachine = setup({
  types: {
    context: {} as DevToolsContext,
    events: {} as DevToolsEvent,
    emitted: {} as DevToolsEmitted,
    tags: {} as DevToolsTag,
  },
  actors: {
    runCommand: provided<Sig['runCommand']>('runCommand'),
  },
  guards: {
    isNotRunnable: (_, params: { command: DevToolsCommand }) => !isRunnableCommand(params.command),
    isDestructive: (_, params: { command: DevToolsCommand }) => isDestructiveCommand(params.command),
  },
  actions: {
    assignPending: assign((_, params: { command: DevToolsCommand }) => ({ pending: params.command })),
    clearPending: assign({ pending: null }),
    assignResult: assign((_, params: { result: DevToolsResult }) => ({
      result: params.result,
      errorCode: null,
      errorKey: null,
      pending: null,
    })),
    assignActions: assign(({ context }, params: { result: DevToolsResult }) => ({ actions: params.result.actions ?? context.actions })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: portErrorCode(params.error), errorKey: portErrorKey(params.error), result: null })),
    notifyDone: emit(commandNotice('success', DEV_TOOLS_KEYS.done)),
    notifyFailed: emit(commandNotice('error', DEV_TOOLS_KEYS.failed)),
    notifyInvalid: emit({ type: 'notify', level: 'warning', key: DEV_TOOLS_KEYS.invalid } as const),
  },
}).createMachine({
  id: 'devTools',
  meta: machineSpec(['001 §2']),
  context: { pending: null, result: null, actions: null, errorCode: null, errorKey: null },
  initial: 'idle',
  states: {
    idle: {
      meta: spec('001 §2'),
      on: { 'command.run': runOrConfirm },
    },
    confirming: {
      meta: spec('001 §2'),
      tags: ['dialog.confirm'],
      on: {
        'command.confirm': 'running',
        'command.cancel': { target: 'idle', actions: 'clearPending' },
      },
    },
    running: {
      meta: spec('001 §2'),
      tags: ['busy'],
      invoke: {
        id: 'runCommand',
        src: 'runCommand',
        input: ({ context }) => ({ command: context.pending as DevToolsCommand }),
        onDone: {
          target: 'result',
          actions: [
            { type: 'notifyDone', params: ({ context }) => ({ command: (context.pending as DevToolsCommand).command }) },
            { type: 'assignActions', params: ({ event }) => ({ result: event.output }) },
            { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: {
          target: 'error',
          actions: [
            { type: 'notifyFailed', params: ({ context }) => ({ command: (context.pending as DevToolsCommand).command }) },
            { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    result: {
      meta: spec('001 §2'),
      on: { 'command.run': runOrConfirm },
    },
    error: {
      meta: spec('001 §2'),
      on: { 'command.run': runOrConfirm },
    },
  },
});

export type DevToolsSnapshot = SnapshotFrom<typeof devToolsMachine>;

/** What the developer tools' views read. */
export const devToolsSelectors = {
  busy: (s: DevToolsSnapshot): boolean => s.hasTag('busy'),
  confirming: (s: DevToolsSnapshot): boolean => s.hasTag('dialog.confirm'),
  /** The command being confirmed or run. */
  pending: (s: DevToolsSnapshot): DevToolsCommand | null => s.context.pending,
  result: (s: DevToolsSnapshot): DevToolsResult | null => (s.matches('result') ? s.context.result : null),
  errorCode: (s: DevToolsSnapshot): string | null => (s.matches('error') ? s.context.errorCode : null),
  errorKey: (s: DevToolsSnapshot): string | null => (s.matches('error') ? s.context.errorKey : null),
  /** The command that failed last (shown with its error). */
  failedCommand: (s: DevToolsSnapshot): DevToolsCommandName | null => (s.matches('error') ? (s.context.pending?.command ?? null) : null),
  actions: (s: DevToolsSnapshot): DevActionData[] | null => s.context.actions,
};
