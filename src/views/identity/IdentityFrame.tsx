import { Box, Loader, Overlay, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { identityWidgetEventOf, type IdentityWidgetEvent } from '../../contract/identity';
import { frameSecurity, useWidgetMessages } from '../components/widgetFrame';

// The identity-protection widget in a sandboxed frame (issue 16 item 8), built like the bank-link and simulator
// widgets' (src/views/components/widgetFrame.ts): scripts and its own forms (the credit lock posts to itself) run,
// nothing else; only a message from the widget URL's origin and from this frame's window counts, and only one
// shaped as the widget's event (src/contract/identity.ts identityWidgetEventOf).

export interface IdentityFrameProps {
  url: string;
  title: string;
  onEvent: (event: IdentityWidgetEvent) => void;
}

export function IdentityFrame({ url, title, onEvent }: IdentityFrameProps) {
  const { t } = useTranslation('identity');
  const frame = useRef<HTMLIFrameElement>(null);
  const { sandbox } = frameSecurity(url);
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  useWidgetMessages(frame, url, (data) => {
    const event = identityWidgetEventOf(data);
    if (event) onEvent(event);
  });
  return (
    <Box pos="relative">
      {loadedUrl !== url ? (
        <Overlay color="#fff" backgroundOpacity={0.85} zIndex={1}>
          <Stack align="center" justify="center" h="100%" gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{t('loading')}</Text>
          </Stack>
        </Overlay>
      ) : null}
      <iframe
        ref={frame}
        src={url}
        title={title}
        sandbox={sandbox}
        referrerPolicy="no-referrer"
        onLoad={() => setLoadedUrl(url)}
        style={{ display: 'block', width: '100%', height: 640, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}
      />
    </Box>
  );
}
