import { useEffect, useRef, type RefObject } from 'react';

// The app's embedded vendor widgets in sandboxed frames (spec 002 §2 the bank link, spec 001 §2 the score simulator):
// the frame's sandbox, and the messages the page accepts from it. Only a message from the widget's origin AND from
// this frame's window counts, so no other page or frame can speak for the widget.
//
// A frame sandboxed without allow-same-origin has an opaque origin, whose messages arrive from origin 'null' and
// could not be told apart from any other sandboxed document. A widget on another origin than the app keeps its
// own origin (allow-same-origin cannot reach into the app across origins); one served from the app's own origin
// stays opaque, since scripts and the same origin together would let it lift its own sandbox.

/**
 * The sandbox of a widget's frame and the origin its messages must come from (null: none are accepted, the address
 * does not parse).
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

/** Calls `onMessage` with the data of every message the widget in `frame` (loaded from `url`) posts to this page. */
export function useWidgetMessages(frame: RefObject<HTMLIFrameElement | null>, url: string, onMessage: (data: unknown) => void): void {
  const { origin } = frameSecurity(url);
  const onMessageRef = useRef(onMessage);
  onMessageRef.current = onMessage;
  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (origin === null || event.origin !== origin) return;
      if (frame.current === null || event.source !== frame.current.contentWindow) return;
      onMessageRef.current(event.data);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [origin, frame]);
}
