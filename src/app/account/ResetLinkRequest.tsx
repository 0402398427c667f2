import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { inspect } from '../../inspect';
import { ResetLinkRequestForm } from '../../views/account/ResetLinkRequestForm';
import { useAppActors } from '../shell/appActors';
import { provideResetLinkRequestMachine } from './machines';

// The reset-link request (spec 000 §7 resetPasswordByEmail) for the forgot-password and send-new-link dialogs:
// its actor lives as long as the dialog is open.

export function ResetLinkRequest({ email, onClose }: { email: string; onClose: () => void }) {
  const { ports } = useAppActors();
  const machine = useMemo(() => provideResetLinkRequestMachine(ports), [ports]);
  const actor = useActorRef(machine, { input: { email }, inspect });
  return <ResetLinkRequestForm actor={actor} onClose={onClose} />;
}
