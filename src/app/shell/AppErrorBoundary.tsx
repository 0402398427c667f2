import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { ErrorReport } from '../../../machines/ports';
import { CrashView } from '../../views/status/CrashView';

// The app's last line of defence: a page that throws while rendering shows the error view instead of a blank
// window, and the error goes to the error reporter (spec 000 §9). A script chunk that no longer exists (the app
// was deployed again while the page was open) is not an error of the page: the page reloads once to get the new
// build, and only when that does not help is the error view shown.

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

interface Props {
  report: (report: ErrorReport) => void;
  children: ReactNode;
}

export class AppErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkLoadError(error) && reloadForMissingChunk(sessionStore(), Date.now(), () => window.location.reload())) return;
    const message = error instanceof Error ? error.message : String(error);
    this.props.report({ message: message || 'render error', extra: { componentStack: info.componentStack ?? null } });
  }

  override render(): ReactNode {
    if (this.state.failed) return <CrashView onTryAgain={() => window.location.reload()} />;
    return this.props.children;
  }
}
