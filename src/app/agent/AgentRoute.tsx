import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { agentSignInSelectors } from '../../../machines/agent/agentSignIn.machine';
import { ROUTES } from '../../domain/routes';
import { inspect } from '../../inspect';
import { AgentSignInPage } from '../../views/agent/AgentSignInPage';
import { PublicLayout } from '../../views/components/PublicLayout';
import { useAppActors } from '../shell/appActors';
import { agentTokenOrigins, provideAgentSignInMachine } from './machines';
import { sessionSelectors } from '../../../machines/shell/session.machine';

// /agent (spec 000 §2.2): the agent sign-in machine signs in with the query's token or the opener window's, keeping
// the session loading meanwhile (spec 000 §4.1). The agent goes home once the session has the agent's claims, so
// the home page is decided for the agent, not for whoever was signed in before.

export default function AgentRoute() {
  const { session, ports, config } = useAppActors();
  const [params] = useSearchParams();
  // The token the page was opened with; the machine takes it once, and the address drops it at once, whatever the
  // launch does (a launch token in the address bar, the history or a shared screen is a credential).
  // The router is not told (its location keeps the query, so this page stays as it is); only the address bar and
  // the history entry lose it.
  const [token] = useState(() => {
    const fromQuery = params.get('token');
    if (fromQuery !== null) window.history.replaceState(window.history.state, '', window.location.pathname);
    return fromQuery;
  });
  const machine = useMemo(
    () => provideAgentSignInMachine(ports, session, agentTokenOrigins(config, window.location.origin)),
    [ports, session, config],
  );
  const agentSignIn = useActorRef(machine, { input: { token }, inspect });
  const signedIn = useSelector(agentSignIn, agentSignInSelectors.signedIn);
  const failureCode = useSelector(agentSignIn, agentSignInSelectors.failureCode);
  const sessionReady = useSelector(session, sessionSelectors.isSignedIn);

  if (signedIn && sessionReady) return <Navigate to={ROUTES.home} replace />;
  return (
    <PublicLayout>
      <AgentSignInPage failureCode={failureCode} />
    </PublicLayout>
  );
}
