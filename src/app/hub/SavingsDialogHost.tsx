import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { savingsUpdateSelectors } from '../../../machines/hub/savingsUpdate.machine';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { canActForClient } from '../../domain/permissions';
import { inspect } from '../../inspect';
import { SavingsDialog } from '../../views/hub/SavingsDialog';
import { useAppActors } from '../shell/appActors';
import { useNotify } from '../shell/notify';
import { provideSavingsUpdateMachine } from './machines';

// The update-savings dialog's owner (spec 002 §2 modal state updateSavings): a savingsUpdate actor for each opening,
// so a dialog opened again starts afresh; a saved amount tells the hub to read its actions again.

interface SavingsDialogHostProps {
  opened: boolean;
  goalId: string;
  currentSavings: number | null;
  onClose: () => void;
  onSaved: () => void;
}

function OpenSavingsDialog({ goalId, currentSavings, onClose, onSaved }: Omit<SavingsDialogHostProps, 'opened'>) {
  const { ports, session } = useAppActors();
  const claims = useSelector(session, sessionSelectors.claims);
  const machine = useMemo(() => provideSavingsUpdateMachine(ports, goalId), [ports, goalId]);
  const actor = useActorRef(machine, { input: { canUpdate: canActForClient(claims ?? {}) }, inspect });
  useNotify(actor);
  const saved = useSelector(actor, savingsUpdateSelectors.saved);
  // Told once per saved amount, whatever the parent's callback identity.
  const told = useRef(false);
  const latestOnSaved = useRef(onSaved);
  latestOnSaved.current = onSaved;
  useEffect(() => {
    if (!saved || told.current) return;
    told.current = true;
    latestOnSaved.current();
  }, [saved]);
  return <SavingsDialog opened actor={actor} currentSavings={currentSavings} onClose={onClose} />;
}

export function SavingsDialogHost({ opened, ...props }: SavingsDialogHostProps) {
  return opened ? <OpenSavingsDialog {...props} /> : null;
}
