import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';

// The security page's password change actor has one owner, this provider, mounted above the routes (src/app/App.tsx):
// the guard chain lays the page out afresh at each address, and the re-authentication dialog has an address of its
// own (/settings/security/auth), so an actor of the page itself would start again, empty, the moment the password
// change asks for the dialog. The actor outlives those addresses; a new one starts for another person or other facts
// (the key), and the settings route lets it go when the customer opens another settings page. This file stays small
// and free of machine code: it is part of the app's start-up code (the settings route names how to create the actor).

interface SettingsActorOwner {
  /** The running actor for `key`, started from `create` when there is none. */
  acquire<T extends AnyActorRef>(key: string, create: () => T): T;
  /** Stops the held actor (the customer left the page it serves). */
  release(): void;
}

const SettingsActorContext = createContext<SettingsActorOwner | null>(null);

export function SettingsActorProvider({ children }: { children: ReactNode }) {
  const held = useRef<{ key: string; actor: AnyActorRef } | null>(null);
  useEffect(
    () => () => {
      held.current?.actor.stop();
      held.current = null;
    },
    [],
  );
  const owner = useMemo<SettingsActorOwner>(
    () => ({
      acquire<T extends AnyActorRef>(key: string, create: () => T): T {
        const current = held.current;
        if (current?.key === key && current.actor.getSnapshot().status === 'active') return current.actor as T;
        current?.actor.stop();
        const actor = create();
        held.current = { key, actor };
        actor.start();
        return actor;
      },
      release() {
        held.current?.actor.stop();
        held.current = null;
      },
    }),
    [],
  );
  return <SettingsActorContext.Provider value={owner}>{children}</SettingsActorContext.Provider>;
}

function useOwner(): SettingsActorOwner {
  const owner = useContext(SettingsActorContext);
  if (!owner) throw new Error('the settings pages need SettingsActorProvider (src/app/App.tsx)');
  return owner;
}

/** The held actor for `key` (null until it is acquired, on the first effect). */
export function useSettingsActor<T extends AnyActorRef>(key: string, create: () => T): T | null {
  const owner = useOwner();
  const [actor, setActor] = useState<T | null>(null);
  useEffect(() => {
    setActor(owner.acquire(key, create));
  }, [owner, key, create]);
  return actor;
}

/** Lets the held actor go while `active` (the customer is on a settings page it does not serve). */
export function useReleaseSettingsActor(active: boolean): void {
  const owner = useOwner();
  useEffect(() => {
    if (active) owner.release();
  }, [owner, active]);
}
