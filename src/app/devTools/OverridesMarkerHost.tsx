import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { overridesSelectors } from '../../../machines/devTools/overrides.machine';
import { inspect } from '../../inspect';
import { OverridesMarker } from '../../views/devTools/OverridesMarker';
import { useAppActors } from '../shell/appActors';
import { useNotify } from '../shell/notify';
import { provideOverridesMachine } from './machines';
import { commandNamed, useFollowClaims } from './notify';

// The shell's marker while the session carries the overridesActive claim (spec 000 §6), with its
// own overrides actor (started active), so Restore works from any page. Loaded only in builds with the developer
// tools (src/app/devTools/gate.ts) and only while overrides are active.

export default function OverridesMarkerHost() {
  const { ports } = useAppActors();
  const machine = useMemo(() => provideOverridesMachine(ports), [ports]);
  const overrides = useActorRef(machine, { input: { active: true }, inspect });
  const restoring = useSelector(overrides, overridesSelectors.restoring);
  useNotify(overrides, 'devTools', commandNamed);
  useFollowClaims(overrides);
  return <OverridesMarker restoring={restoring} onRestore={() => overrides.send({ type: 'overrides.restore' })} />;
}
