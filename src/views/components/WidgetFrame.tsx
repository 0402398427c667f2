import { Box, Loader, Overlay, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { LoadFailedAlert, LoadingNotice } from './LoadStates';
import { frameSecurity, useWidgetMessages } from './widgetFrame';

// An embedded vendor widget (the score simulator, identity protection) in its sandboxed frame, and the states of its
// page around it. The frame's sandbox and the messages it may send come from ./widgetFrame.ts: only a message from
// the widget URL's origin and from this frame's window is read, and only one shaped as the widget's event (`eventOf`)
// reaches `onEvent`. Until the widget has loaded, a status covers the frame.

export interface WidgetFrameProps<Event> {
  url: string;
  title: string;
  /** Said while the widget loads. */
  loadingLabel: string;
  /** The frame's height in pixels. */
  height: number;
  /** The widget's event in a message it posts (already checked for origin and source), or null for anything else. */
  eventOf: (data: unknown) => Event | null;
  onEvent: (event: Event) => void;
}

export function WidgetFrame<Event>({ url, title, loadingLabel, height, eventOf, onEvent }: WidgetFrameProps<Event>) {
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const onMessage = (data: unknown) => {
    const event = eventOf(data);
    if (event !== null) onEvent(event);
  };
  return (
    <Box pos="relative">
      {loadedUrl !== url ? (
        <Overlay color="#fff" backgroundOpacity={0.85} zIndex={1}>
          <Stack align="center" justify="center" h="100%" gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{loadingLabel}</Text>
          </Stack>
        </Overlay>
      ) : null}
      <SandboxedWidget url={url} title={title} height={height} onMessage={onMessage} onLoad={() => setLoadedUrl(url)} display="block" />
    </Box>
  );
}

export interface SandboxedWidgetProps {
  url: string;
  title: string;
  /** The frame's height in pixels. */
  height: number;
  /** Every message the widget posts (already checked for origin and source), to be checked for shape. */
  onMessage: (data: unknown) => void;
  onLoad?: () => void;
  display?: 'block';
}

/** The widget's frame itself: its sandbox and no referrer, and only its own messages passed on. */
export function SandboxedWidget({ url, title, height, onMessage, onLoad, display }: SandboxedWidgetProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const { sandbox } = frameSecurity(url);
  useWidgetMessages(frame, url, onMessage);
  return (
    <iframe
      ref={frame}
      src={url}
      title={title}
      sandbox={sandbox}
      referrerPolicy="no-referrer"
      onLoad={onLoad}
      style={{ display, width: '100%', height, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}
    />
  );
}

/** A widget page's wait for the widget's address, or its failure with Try again; nothing once it is shown. */
export function WidgetPageStatus({ state, loadingLabel, errorText }: {
  state: { status: 'loading' } | { status: 'failed'; onRetry: () => void } | { status: 'shown' };
  loadingLabel: string;
  errorText: string;
}) {
  if (state.status === 'loading') {
    return (
      <LoadingNotice label={loadingLabel} gap="sm" />
    );
  }
  if (state.status === 'failed') {
    return <LoadFailedAlert message={errorText} onRetry={state.onRetry} />;
  }
  return null;
}
