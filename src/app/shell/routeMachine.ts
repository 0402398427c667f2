import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AnyActorRef } from 'xstate';
import type { NavigateEmitted, RouteChangedEvent } from '../../../machines/ports';
import { safeRedirectPath } from '../../domain/redirects';

// The route⇄machine pattern, the one way a page that runs a flow meets the address bar (machines/ports.ts):
// - the route tells its machine what the URL says: `route.changed` on mount and whenever the path or query changes
//   (typed, a link, the browser's back and forward buttons);
// - the machine decides (it may accept the address, or move elsewhere);
// - the machine asks for navigation by emitting `navigate`, and this hook follows it with the router.
// The actor itself belongs to whoever created it (a route component with useActorRef, or an area's provider for an
// actor that outlives one page); this hook only connects it to the address.

/** The actor a route connects: it accepts `route.changed` and may emit `navigate`. */
export interface RouteMachineActor {
  send(event: RouteChangedEvent): void;
  on(type: 'navigate', handler: (event: NavigateEmitted) => void): { unsubscribe(): void };
}

function navigationStateOf(state: unknown): Readonly<Record<string, unknown>> | null {
  return typeof state === 'object' && state !== null && !Array.isArray(state) ? (state as Record<string, unknown>) : null;
}

function modalOf(state: unknown, key: string | undefined): string | null {
  if (key === undefined || typeof state !== 'object' || state === null || !(key in state)) return null;
  const modal = (state as Record<string, unknown>)[key];
  return typeof modal === 'string' ? modal : null;
}

/**
 * A flow's page served at a second address (spec 000 §2.2 /v1-sign-in, the sign-in flow's page with its own header):
 * the machine names its own paths (`machinePath` and below) and the hook moves them to the page's (`path`), both ways.
 */
export interface RouteMount {
  path: string;
  machinePath: string;
}

/** `address` with its leading `from` path replaced by `to`; any other address as it is. */
function moveUnder(address: string, from: string, to: string): string {
  const rest = address.slice(from.length);
  return address.startsWith(from) && (rest === '' || /^[/?#]/.test(rest)) ? `${to}${rest}` : address;
}

/**
 * Connects `actor` to the address for as long as the calling route is mounted (null: nothing to connect yet). With
 * `modalKey`, the machine is also told the modal state the navigation state carries under that key (spec 002 §2
 * "Modal states carried in navigation state"), and told again when only that changes (Back closing a dialog). With
 * `navigationState`, the machine is told the whole navigation state (modal states with more than a name) and the
 * #fragment (a dialog's entry keeps it), and told again whenever the history entry changes.
 */
export function useRouteMachine(
  actor: RouteMachineActor | (AnyActorRef & RouteMachineActor) | null,
  options: { modalKey?: string; navigationState?: boolean; mount?: RouteMount } = {},
): void {
  // Read when the machine navigates: the subscription outlives a render.
  const mountRef = useRef(options.mount);
  mountRef.current = options.mount;
  const location = useLocation();
  const mount = options.mount;
  const machinePath = mount ? moveUnder(location.pathname, mount.path, mount.machinePath) : location.pathname;
  const modal = modalOf(location.state, options.modalKey);
  const navigationState = options.navigationState ? navigationStateOf(location.state) : undefined;
  const navigate = useNavigate();
  // The router's navigate changes identity with the location; the subscription must not.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const addressRef = useRef(`${location.pathname}${location.search}`);
  addressRef.current = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!actor) return undefined;
    const subscription = actor.on('navigate', ({ to: machineTo, replace, back, state }) => {
      const mounted = mountRef.current;
      const to = mounted ? moveUnder(machineTo, mounted.machinePath, mounted.path) : machineTo;
      if (back !== undefined && back > 0) {
        navigateRef.current(-back);
        return;
      }
      if (state !== undefined) {
        // A modal state over the page: the same address with the navigation state (its own history entry).
        navigateRef.current(safeRedirectPath(to, addressRef.current), { replace: replace ?? false, state });
        return;
      }
      // A machine only ever moves within the app (spec 000 §2.3: redirects stay inside the app).
      const target = safeRedirectPath(to, '');
      // Asking for the address already shown changes nothing (no extra history entry, no second route.changed).
      if (target !== '' && target !== addressRef.current) navigateRef.current(target, { replace: replace ?? false });
    });
    return () => subscription.unsubscribe();
  }, [actor]);
  const readsModal = options.modalKey !== undefined;
  // Each history entry has its own key: a new entry (or Back to another) is told even when its state reads the same.
  const entry = options.navigationState ? location.key : null;
  useEffect(() => {
    actor?.send({
      type: 'route.changed',
      path: machinePath,
      search: location.search,
      ...(readsModal ? { modal } : {}),
      ...(navigationState !== undefined ? { navigationState, hash: location.hash } : {}),
    });
    // navigationState is read afresh for each entry (its object identity changes with every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, machinePath, location.search, readsModal, modal, entry]);
}
