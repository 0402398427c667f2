import { useActorRef, useSelector } from '@xstate/react';
import { createContext, lazy, Suspense, useContext, useMemo, type ReactNode } from 'react';
import { userDocumentSelectors } from '../../../machines/shell/userDocument.machine';
import { inspect } from '../../inspect';
import { useAppActors } from './appActors';
import { provideUserDocumentMachine } from './machines';
import type { UserDocument } from '../ports';

// The signed-in user's document, live (spec 000 §3.1; ARCHITECTURE.md "Data": onSnapshot, wrapped as a callback
// actor). The provider owns the one userDocument actor (machines/shell/userDocument.machine.ts), which follows the
// session's user; pages read the document through useUserDocument. `undefined` while it loads, null when there is
// none. A first read past the long-load time shows the still-loading notice (spec 000 §9).

const UserDocumentContext = createContext<UserDocument | null | undefined>(undefined);

// The notice (and the Mantine overlay it floats in) loads when the long-load time has passed, not with the start-up
// code every page downloads (docs/benchmarks.md §1).
const UserDataLoadingNotice = lazy(() => import('../../views/shell/UserDataLoadingNotice').then((m) => ({ default: m.UserDataLoadingNotice })));

export function UserDocumentProvider({ children }: { children: ReactNode }) {
  const { session, ports, errorReporter } = useAppActors();
  const machine = useMemo(() => provideUserDocumentMachine(ports, session, errorReporter), [ports, session, errorReporter]);
  const actor = useActorRef(machine, { inspect });
  const document = useSelector(actor, userDocumentSelectors.document);
  const loadingLong = useSelector(actor, userDocumentSelectors.isLoadingLong);
  return (
    <UserDocumentContext.Provider value={document}>
      {children}
      {loadingLong ? (
        <Suspense fallback={null}>
          <UserDataLoadingNotice loadingLong />
        </Suspense>
      ) : null}
    </UserDocumentContext.Provider>
  );
}

export function useUserDocument(): UserDocument | null | undefined {
  return useContext(UserDocumentContext);
}
