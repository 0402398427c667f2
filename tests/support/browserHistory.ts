import type { NavigateEmitted, RouteChangedEvent } from '../../machines/ports';

// A browser's history for machine tests of the route⇄machine pattern (src/app/shell/routeMachine.ts with
// `navigationState: true`): entries of an address and a navigation state; every connected actor is told each entry
// shown (route.changed with path, query, #fragment and navigation state) and the history follows what they emit, as
// the router does. Several actors may share it, as the shell's header and a page share the browser's history.

export interface HistoryEntry {
  address: string;
  state: Readonly<Record<string, unknown>> | null;
}

interface RouteActor {
  send(event: RouteChangedEvent): void;
  on(type: 'navigate', handler: (event: NavigateEmitted) => void): unknown;
}

function routeChanged(entry: HistoryEntry): RouteChangedEvent {
  const url = new URL(entry.address, 'http://app.invalid');
  return { type: 'route.changed', path: url.pathname, search: url.search, hash: url.hash, navigationState: entry.state };
}

export function browserHistory(address: string, state: HistoryEntry['state'] = null) {
  const entries: HistoryEntry[] = [{ address, state }];
  const actors: RouteActor[] = [];
  const navigations: NavigateEmitted[] = [];
  let index = 0;
  const tell = () => {
    for (const actor of actors) actor.send(routeChanged(entries[index]!));
  };
  const follow = (event: NavigateEmitted) => {
    navigations.push(event);
    if (event.back !== undefined) index = Math.max(0, index - event.back);
    else if (event.replace) entries[index] = { address: event.to, state: event.state ?? null };
    else {
      entries.splice(index + 1, entries.length, { address: event.to, state: event.state ?? null });
      index += 1;
    }
    tell();
  };
  return {
    /** Connects an actor as a mounted route does: it is told the entry shown now, and its navigation is followed. */
    connect(actor: RouteActor) {
      actors.push(actor);
      actor.on('navigate', follow);
      actor.send(routeChanged(entries[index]!));
    },
    entry: (): HistoryEntry => entries[index]!,
    index: () => index,
    length: () => entries.length,
    navigations,
    back() {
      index -= 1;
      tell();
    },
    forward() {
      index += 1;
      tell();
    },
    /** A reload: the page's actors are gone, the entries stay (the page's new actors connect to the one shown). */
    reload() {
      actors.length = 0;
    },
  };
}
