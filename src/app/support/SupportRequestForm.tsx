import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { inspect } from '../../inspect';
import type { SupportRequestFormProps } from '../../views/support/SupportContext';
import { SupportRequestFormView } from '../../views/support/SupportRequestForm';
import { useAppActors } from '../shell/appActors';
import { provideSupportRequestMachine } from './machines';

// The support contact form (spec 000 §2.2, §7 createContactRequest) with its own actor while the dialog is open.

export function SupportRequestForm({ email, onDone }: SupportRequestFormProps) {
  const { ports } = useAppActors();
  const machine = useMemo(() => provideSupportRequestMachine(ports), [ports]);
  const actor = useActorRef(machine, { input: { email: email ?? undefined }, inspect });
  return <SupportRequestFormView actor={actor} onDone={onDone} />;
}
