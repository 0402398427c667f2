import type { ChangePasswordSig, ReauthenticateSig } from '../../../machines/settings/ports';
import { communicationTogglesMachine } from '../../../machines/settings/communicationToggles.machine';
import { emailChangeMachine } from '../../../machines/settings/emailChange.machine';
import { goalEditMachine } from '../../../machines/settings/goalEdit.machine';
import { inlineEditMachine } from '../../../machines/settings/inlineEdit.machine';
import { passwordChangeMachine } from '../../../machines/settings/passwordChange.machine';
import { ssnRevealMachine } from '../../../machines/settings/ssnReveal.machine';
import { callableActors } from '../callableActors';
import { promiseActor, type AppPorts } from '../ports';

// The settings machines with their actors provided from the ports (ARCHITECTURE.md "Machines"; the only `.provide()`
// of machines/settings). Every callable comes from the table (src/app/callableActors.ts): reads through the page's
// QueryClient (cached, spec 000 §9), and every save marks the reads that show what it changed stale, so the shell, the
// onboarding pages and the home hub show the new values too. The password change's success also needs the session's
// user document to drop the security flags: that document is live (onSnapshot), so nothing to refresh by hand.

type Ports = Pick<AppPorts, 'settings' | 'queryClient' | 'call'>;

/** The identity provider's re-authentication of the signed-in user (the password prompts). */
function reauthenticate(ports: Ports) {
  return promiseActor<ReauthenticateSig>(async ({ password }) => (await ports.settings()).reauthenticate(password));
}

export function provideInlineEditMachine(ports: Ports) {
  return inlineEditMachine.provide({ actors: callableActors(ports, ['updateCustomerContact']) });
}

export function provideSsnRevealMachine(ports: Ports) {
  // getSocialSecurityNumber is never cached: the full number lives only in the machine's context while it is shown.
  return ssnRevealMachine.provide({ actors: { ...callableActors(ports, ['getSocialSecurityNumber']), reauthenticate: reauthenticate(ports) } });
}

export function provideGoalEditMachine(ports: Ports) {
  return goalEditMachine.provide({ actors: callableActors(ports, ['getUserInfo', 'updateUserInfo', 'getReadinessScore']) });
}

export function provideCommunicationTogglesMachine(ports: Ports) {
  return communicationTogglesMachine.provide({ actors: callableActors(ports, ['getAuthorizations', 'updateAuthorizations']) });
}

export function providePasswordChangeMachine(ports: Ports) {
  return passwordChangeMachine.provide({
    actors: {
      changePassword: promiseActor<ChangePasswordSig>(async (request) => (await ports.settings()).changePassword(request)),
      reauthenticate: reauthenticate(ports),
      ...callableActors(ports, ['clearWeakPasswordFlag', 'clearPasswordReset']),
    },
  });
}

export function provideEmailChangeMachine(ports: Ports) {
  return emailChangeMachine.provide({ actors: { ...callableActors(ports, ['changeEmail']), reauthenticate: reauthenticate(ports) } });
}
