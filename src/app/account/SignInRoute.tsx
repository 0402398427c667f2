import { useActorRef } from '@xstate/react';
import { lazy, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { singleSignOnProviders } from '../../domain/flags';
import { inspect } from '../../inspect';
import { SignInPage } from '../../views/account/SignInPage';
import { useAppActors } from '../shell/appActors';
import { useFeatureFlags } from '../shell/featureFlags';
import { useRouteMachine, type RouteMount } from '../shell/routeMachine';
import { useNotify } from '../shell/notify';
import { provideSignInMachine } from './signInMachine';
import { pendingRedirectProvider, prefersRedirect } from './singleSignOn';

// /sign-in and its modal routes (spec 000 §2.1, §4.3; spec 002 §2). After a successful sign-in the session machine takes over and the guard chain
// sends the user on (to the redirect-back path when there is one).

function emailFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('email' in state)) return undefined;
  return typeof state.email === 'string' ? state.email : undefined;
}

// The forgot-password dialog's form loads when the dialog opens; the dialog shows once it has (AppModal).
const ResetLinkRequest = lazy(() => import('./ResetLinkRequest').then((m) => ({ default: m.ResetLinkRequest })));

export interface SignInRouteProps {
  /** The page's own header (spec 000 §2.2 /v1-sign-in); the public one by default. */
  header?: ReactNode;
  /** Served at another address than /sign-in: the flow's modal routes follow it (/v1-sign-in/reset-password). */
  mount?: RouteMount;
}

export default function SignInRoute({ header, mount }: SignInRouteProps = {}) {
  const { ports, config } = useAppActors();
  const flags = useFeatureFlags();
  const location = useLocation();
  const machine = useMemo(() => provideSignInMachine(ports), [ports]);
  // A return from the provider's redirect sign-in is completed first (spec 000 §4.3).
  const actor = useActorRef(machine, {
    input: { email: emailFromState(location.state), redirectProvider: pendingRedirectProvider(ports, 'signIn'), preferRedirect: prefersRedirect() },
    inspect,
  });
  // The single sign-on failure's reference code, in a toast (spec 000 §8).
  useNotify(actor);
  // The welcome modal and the forgot-password dialog are modal routes below /sign-in (spec 002 §2); the machine
  // keeps them and the address in step and goes back the steps the flow added (spec 000 §4.4).
  useRouteMachine(actor, { mount });
  return (
    <SignInPage
      actor={actor}
      header={header}
      renderResetLinkRequest={(props) => <ResetLinkRequest {...props} />}
      ssoProviders={singleSignOnProviders(flags, { adminSite: config.siteType === 'Admin' })}
    />
  );
}
