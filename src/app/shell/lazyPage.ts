import { lazy, type ComponentType } from 'react';

// Route-level code splitting (ARCHITECTURE.md "Views"). spec 000 §8: a failed dynamic module load (typically a
// new deployment replaced the chunks) reloads the page once; if it fails again the error is reported by the
// global error handler and the load/error view shows.

const RELOADED_KEY = 'chunkReloaded';

function markReloaded(): boolean {
  try {
    if (window.sessionStorage.getItem(RELOADED_KEY) === '1') return false;
    window.sessionStorage.setItem(RELOADED_KEY, '1');
    return true;
  } catch {
    return false;
  }
}

/** A page component from a lazily loaded module: `lazyPage(() => import('./routes/X').then((m) => m.X))`. */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async (): Promise<{ default: ComponentType<P> }> => {
    try {
      const component = await load();
      try {
        window.sessionStorage.removeItem(RELOADED_KEY);
      } catch {
        // Nothing to forget without storage.
      }
      return { default: component };
    } catch (error) {
      if (markReloaded()) {
        window.location.reload();
        return new Promise<{ default: ComponentType<P> }>(() => undefined);
      }
      throw error;
    }
  });
}
