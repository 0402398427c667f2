import { useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useAppActors } from './appActors';
import type { UserDocument } from '../ports';

// The signed-in user's document, live (spec 000 §3.1; ARCHITECTURE.md "Data": onSnapshot). `undefined` while it
// loads, null when there is none.

const UserDocumentContext = createContext<UserDocument | null | undefined>(undefined);

export function UserDocumentProvider({ children }: { children: ReactNode }) {
  const { session, ports, errorReporter } = useAppActors();
  const uid = useSelector(session, (s) => s.context.user?.uid ?? null);
  const [state, setState] = useState<{ uid: string; document: UserDocument | null } | null>(null);

  useEffect(() => {
    if (uid === null) return undefined;
    return ports.subscribeUserDocument(
      uid,
      (document) => setState({ uid, document }),
      (error) => {
        errorReporter.send({ type: 'report.add', report: { message: 'user-document-listener', extra: { code: error.code } } });
        setState({ uid, document: null });
      },
    );
  }, [uid, ports, errorReporter]);

  const value = uid !== null && state?.uid === uid ? state.document : undefined;
  return <UserDocumentContext.Provider value={uid === null ? null : value}>{children}</UserDocumentContext.Provider>;
}

export function useUserDocument(): UserDocument | null | undefined {
  return useContext(UserDocumentContext);
}
