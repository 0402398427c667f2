import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashView } from '../../views/status/CrashView';

// The app's last line of defence: a page that throws while rendering does not leave a blank window. The boundary
// tells the page error catcher (PageErrorCatcher.tsx), which remounts a page the browser's translation broke and
// otherwise shows the error view, reporting either (spec 000 §9, spec 001 §8). A script chunk that no longer exists
// (the app was deployed again while the page was open) is not an error of the page: the page reloads once to get the
// new build, and only when that does not help does the catcher hear of it.

const RELOADED_AT_KEY = 'chunk-reload-at';
/** A second failure this soon after reloading means reloading does not help. */
const RELOAD_GRACE_MS = 30_000;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    message,
  );
}

/** Reloads the page for a missing chunk unless it just did; true when it reloads. */
export function reloadForMissingChunk(storage: Pick<Storage, 'getItem' | 'setItem'> | null, now: number, reload: () => void): boolean {
  const last = Number(storage?.getItem(RELOADED_AT_KEY) ?? 0);
  if (storage === null || now - last < RELOAD_GRACE_MS) return false;
  storage.setItem(RELOADED_AT_KEY, String(now));
  reload();
  return true;
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** What the boundary tells of a page that failed. */
export interface PageCrash {
  name: string;
  message: string;
  componentStack: string | null;
}

interface Props {
  /** A page failed to render (a new build's reload aside). */
  onCrash: (crash: PageCrash) => void;
  /** The catcher gave the page up: the error view shows. */
  crashed: boolean;
  children: ReactNode;
}

export class AppErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkLoadError(error) && reloadForMissingChunk(sessionStore(), Date.now(), () => window.location.reload())) return;
    const name = error instanceof Error ? error.name : 'Error';
    const message = error instanceof Error ? error.message : String(error);
    this.props.onCrash({ name, message, componentStack: info.componentStack ?? null });
  }

  override render(): ReactNode {
    if (this.props.crashed) return <CrashView onTryAgain={() => window.location.reload()} />;
    // Until the catcher remounts the page (a new boundary) or gives it up, or while a new build loads.
    if (this.state.failed) return null;
    return this.props.children;
  }
}
