import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { resetLinkRequestMachine } from '../../../machines/account/resetLinkRequest.machine';
import { inspect } from '../../inspect';
import { ResetLinkRequestForm } from '../../views/account/ResetLinkRequestForm';
import { useAppActors } from '../shell/appActors';
import { promiseActor } from '../ports';
import type { ResetLinkRequestActorSignatures as Sig } from '../../../machines/account/ports';

// The reset-link request (spec 000 §7 resetPasswordByEmail) for the forgot-password and send-new-link dialogs:
// its actor lives as long as the dialog is open.

export function ResetLinkRequest({ email, onClose }: { email: string; onClose: () => void }) {
  const { ports } = useAppActors();
  const machine = useMemo(
    () =>
      resetLinkRequestMachine.provide({
        actors: {
          requestResetLink: promiseActor<Sig['requestResetLink']>(async (request) => {
            await ports.callables.resetPasswordByEmail(request);
          }),
        },
      }),
    [ports],
  );
  const actor = useActorRef(machine, { input: { email }, inspect });
  return <ResetLinkRequestForm actor={actor} onClose={onClose} />;
}
