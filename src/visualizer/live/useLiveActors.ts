import { useEffect, useState } from 'react';
import { LIVE_CHANNEL, type LiveMessage } from '../../inspect';

// Live view (development): the app's `inspect` hook posts each actor's state on a same-origin
// BroadcastChannel; this listens, and asks once on start so actors already running announce themselves.

export type LiveActor = Extract<LiveMessage, { kind: 'actor' }>;

export function useLiveActors(enabled: boolean): LiveActor[] {
  const [actors, setActors] = useState<ReadonlyMap<string, LiveActor>>(new Map());
  useEffect(() => {
    if (!enabled || typeof BroadcastChannel === 'undefined') return undefined;
    const channel = new BroadcastChannel(LIVE_CHANNEL);
    channel.onmessage = (message: MessageEvent<LiveMessage>) => {
      const data = message.data;
      if (data.kind !== 'actor') return;
      setActors((previous) => {
        const next = new Map(previous);
        if (data.status === 'active') next.set(data.actorId, data);
        else next.delete(data.actorId);
        return next;
      });
    };
    const request: LiveMessage = { kind: 'request' };
    channel.postMessage(request);
    return () => channel.close();
  }, [enabled]);
  return [...actors.values()].sort((a, b) => a.machineId.localeCompare(b.machineId) || a.actorId.localeCompare(b.actorId));
}
