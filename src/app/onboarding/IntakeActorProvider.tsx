import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { IntakeActor } from '../../views/onboarding/intake/intakeActor';

// The intake's actor has one owner, this provider, mounted above the routes (src/app/App.tsx): the guard chain lays
// the intake page out afresh at every step's address, and completeIntake marks the user set up, so the guard chain
// opens the home hub at once while the intake still waits for the report and generates the first readiness score
// (spec 002 §4). The actor outlives the page; a new one starts only for another person or other facts (the key),
// or once this one is done. The intake route names the key and how to create the actor (its code loads with the
// route); the provider starts it and stops it when it is replaced or the app goes.

interface IntakeActorOwner {
  /** The running actor for `key`, started from `create` when there is none. */
  acquire(key: string, create: () => IntakeActor): IntakeActor;
}

const IntakeActorContext = createContext<IntakeActorOwner | null>(null);

export function IntakeActorProvider({ children }: { children: ReactNode }) {
  const held = useRef<{ key: string; actor: IntakeActor } | null>(null);
  useEffect(
    () => () => {
      held.current?.actor.stop();
      held.current = null;
    },
    [],
  );
  const owner = useMemo<IntakeActorOwner>(
    () => ({
      acquire(key, create) {
        const current = held.current;
        if (current?.key === key && current.actor.getSnapshot().status === 'active') return current.actor;
        current?.actor.stop();
        const actor = create();
        held.current = { key, actor };
        actor.start();
        return actor;
      },
    }),
    [],
  );
  return <IntakeActorContext.Provider value={owner}>{children}</IntakeActorContext.Provider>;
}

/** The intake actor for `key` (null until the key is known and the actor is acquired). */
export function useIntakeActor(key: string | null, create: () => IntakeActor): IntakeActor | null {
  const owner = useContext(IntakeActorContext);
  if (!owner) throw new Error('useIntakeActor needs IntakeActorProvider (src/app/App.tsx)');
  const [actor, setActor] = useState<IntakeActor | null>(null);
  useEffect(() => {
    if (key !== null) setActor(owner.acquire(key, create));
  }, [owner, key, create]);
  return actor;
}
