import { createElement, lazy, useState, type ComponentType } from 'react';

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

/** A lazily loaded page; `preload()` starts its module's download, and once it is there the page renders at once. */
export interface LazyPage<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  preload(): Promise<void>;
}

/** A page component from a lazily loaded module: `lazyPage(() => import('./routes/X').then((m) => m.X))`. */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  // The module once it has arrived: React.lazy suspends on its first render even when the module is already there
  // (its promise settles a microtask later), and the Suspense boundary then paints its fallback ("Loading") and holds
  // the page back for its reveal throttle. A page preloaded before its route renders (the page a visit opens on,
  // src/main.tsx) renders directly instead (docs/benchmarks.md §1).
  let loaded: ComponentType<P> | null = null;
  const Lazy = lazy(async (): Promise<{ default: ComponentType<P> }> => {
    try {
      const component = await load();
      loaded = component;
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
  const Page = (props: P) => {
    // Chosen once per mount: switching from the lazy wrapper to the component would mount the page again.
    const [component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as ComponentType<P>));
    return createElement(component, props);
  };
  Page.preload = () =>
    load().then(
      (component) => {
        loaded = component;
      },
      // A failed preload changes nothing: the route's own load reloads the page or reports the error.
      () => undefined,
    );
  return Page;
}
