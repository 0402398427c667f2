import { and, assertEvent, assign, emit, setup, type SnapshotFrom } from 'xstate';
import { MAINTENANCE_RECHECK_MS } from '../../src/domain/constants';
import { maintenanceStatus, type MaintenanceFlag, type SiteType } from '../../src/domain/maintenance';
import { bypassesMaintenance, type ActorFacts } from '../../src/domain/permissions';
import { ROUTES } from '../../src/domain/routes';
import type { NotifyEmitted } from '../ports';
import type { MaintenanceActorSignatures } from './ports';
import { providedCallback } from '../actors';
import { machineSpec, spec } from '../spec';

// spec 001 §2 "Maintenance screen", §4 "Maintenance", §6; spec 000 §2.4: the maintenance watcher. The flag is
// read live per site type; nothing is shown while it loads; an upcoming window is re-checked every 10 s; the
// screen replaces every path except /agent; developers and agent-developers never see it but get a warning.

type Sig = MaintenanceActorSignatures;

export interface MaintenanceContext {
  siteType: SiteType;
  flag: MaintenanceFlag | null;
  viewer: ActorFacts;
  path: string;
}

export type MaintenanceEvent =
  | Sig['watchMaintenanceFlag']['sends']
  | { type: 'viewer.changed'; claims: ActorFacts }
  | { type: 'route.changed'; path: string };

export interface MaintenanceInput {
  siteType: SiteType;
  path: string;
}

/** The flag is loading, the screen replaces the page, a developer sees the page anyway. */
export type MaintenanceTag = 'loading' | 'maintenance.screen' | 'maintenance.bypassed';

/** The i18n key of the developers' warning toast. */
export const MAINTENANCE_BYPASS_WARNING_KEY = 'maintenance.developer-warning';

/** /agent and below stay usable during maintenance (spec 001 §2). */
export function isAgentPath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return pathname === ROUTES.agent || pathname.startsWith(`${ROUTES.agent}/`);
}

export const maintenanceMachine = setup({
  types: {
    context: {} as MaintenanceContext,
    events: {} as MaintenanceEvent,
    input: {} as MaintenanceInput,
    emitted: {} as NotifyEmitted<typeof MAINTENANCE_BYPASS_WARNING_KEY>,
    tags: {} as MaintenanceTag,
  },
  actors: {
    watchMaintenanceFlag: providedCallback<Sig['watchMaintenanceFlag']>('watchMaintenanceFlag'),
  },
  guards: {
    // Guards read the clock: spec 001 §4, active when now is inside the window.
    isActive: ({ context }) => maintenanceStatus(context.flag, new Date()) === 'active',
    isUpcoming: ({ context }) => maintenanceStatus(context.flag, new Date()) === 'upcoming',
    bypassesMaintenance: ({ context }) => bypassesMaintenance(context.viewer),
    isAgentRoute: ({ context }) => isAgentPath(context.path),
  },
  actions: {
    assignFlag: assign({
      flag: ({ event }) => {
        assertEvent(event, 'flag.changed');
        return event.flag;
      },
    }),
    assignViewer: assign({
      viewer: ({ event }) => {
        assertEvent(event, 'viewer.changed');
        return event.claims;
      },
    }),
    assignPath: assign({
      path: ({ event }) => {
        assertEvent(event, 'route.changed');
        return event.path;
      },
    }),
    notifyBypassed: emit({ type: 'notify', level: 'warning', key: MAINTENANCE_BYPASS_WARNING_KEY } as const),
  },
  delays: {
    recheck: MAINTENANCE_RECHECK_MS,
  },
}).createMachine({
  id: 'maintenance',
  meta: machineSpec(['001 §4', '001 §2', '000 §2.4'], ['evaluating']),
  context: ({ input }) => ({ siteType: input.siteType, flag: null, viewer: {}, path: input.path }),
  invoke: {
    id: 'watchMaintenanceFlag',
    src: 'watchMaintenanceFlag',
    input: ({ context }) => ({ siteType: context.siteType }),
  },
  initial: 'loading',
  on: {
    'flag.changed': { target: '.evaluating', actions: 'assignFlag' },
    'viewer.changed': { target: '.evaluating', actions: 'assignViewer' },
    'route.changed': { actions: 'assignPath' },
  },
  states: {
    loading: {
      // Nothing is shown while the flag loads (spec 001 §2).
      meta: spec('001 §4', '001 §2'),
      tags: ['loading'],
      on: { 'viewer.changed': { actions: 'assignViewer' } },
    },
    evaluating: {
      always: [
        { guard: and(['isActive', 'bypassesMaintenance']), target: 'bypassed' },
        { guard: and(['isActive', 'isAgentRoute']), target: 'agentRoute' },
        { guard: 'isActive', target: 'active' },
        { guard: 'isUpcoming', target: 'upcoming' },
        { target: 'inactive' },
      ],
    },
    active: {
      // The maintenance screen replaces the page.
      meta: spec('001 §4'),
      tags: ['maintenance.screen'],
      on: { 'route.changed': { target: 'evaluating', actions: 'assignPath' } },
    },
    agentRoute: {
      // /agent/* stays usable during maintenance.
      meta: spec('001 §4'),
      on: { 'route.changed': { target: 'evaluating', actions: 'assignPath' } },
    },
    bypassed: {
      meta: spec('001 §4'),
      tags: ['maintenance.bypassed'],
      entry: 'notifyBypassed',
    },
    upcoming: {
      meta: spec('001 §4'),
      after: { recheck: 'evaluating' },
    },
    inactive: { meta: spec('001 §4') },
  },
});

type MaintenanceSnapshot = SnapshotFrom<typeof maintenanceMachine>;

/** What the maintenance gate reads (src/app/App.tsx). */
export const maintenanceSelectors = {
  isLoading: (s: MaintenanceSnapshot) => s.hasTag('loading'),
  showsScreen: (s: MaintenanceSnapshot) => s.hasTag('maintenance.screen'),
  isBypassed: (s: MaintenanceSnapshot) => s.hasTag('maintenance.bypassed'),
};
