import { useEffect, useRef } from 'react';

// The bank-link widget in a sandboxed frame (spec 002 §2: embedded widgets in a sandboxed frame). The widget tells
// the page that accounts were linked with postMessage({ type: 'bank.linked' }); only messages from this frame's
// window and the widget's origin count, so no other page or frame can claim a link.
//
// A frame sandboxed without allow-same-origin has an opaque origin, whose messages arrive from origin 'null' and
// could not be told apart from any other sandboxed document. A widget on another origin than the app keeps its
// own origin (allow-same-origin cannot reach into the app across origins); one served from the app's own origin
// stays opaque, since scripts and the same origin together would let it lift its own sandbox.

export const BANK_LINKED_MESSAGE = 'bank.linked';

export interface BankWidgetFrameProps {
  url: string;
  title: string;
  onLinked: () => void;
}

/**
 * The sandbox of a widget's frame and the origin its messages must come from (null: none are accepted, the address
 * does not parse). Shared by the app's embedded widgets (the bank link, the score simulator).
 */
export function frameSecurity(url: string): { sandbox: string; origin: string | null } {
  let widgetOrigin: string;
  try {
    widgetOrigin = new URL(url).origin;
  } catch {
    return { sandbox: 'allow-scripts allow-forms', origin: null };
  }
  if (widgetOrigin === window.location.origin) return { sandbox: 'allow-scripts allow-forms', origin: 'null' };
  return { sandbox: 'allow-scripts allow-forms allow-same-origin', origin: widgetOrigin };
}

const isLinkedMessage = (data: unknown) =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === BANK_LINKED_MESSAGE;

export function BankWidgetFrame({ url, title, onLinked }: BankWidgetFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const { sandbox, origin } = frameSecurity(url);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (origin === null || event.origin !== origin) return;
      if (frame.current === null || event.source !== frame.current.contentWindow) return;
      if (isLinkedMessage(event.data)) onLinked();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, onLinked]);
  return (
    <iframe
      ref={frame}
      src={url}
      title={title}
      sandbox={sandbox}
      referrerPolicy="no-referrer"
      style={{ width: '100%', height: 520, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}
    />
  );
}
