import { useRef } from 'react';
import { frameSecurity, useWidgetMessages } from '../../components/widgetFrame';

// The bank-link widget in a sandboxed frame (spec 002 §2: embedded widgets in a sandboxed frame). The widget tells
// the page that accounts were linked with postMessage({ type: 'bank.linked' }); which messages count is
// src/views/components/widgetFrame.ts's rule.

export const BANK_LINKED_MESSAGE = 'bank.linked';

export interface BankWidgetFrameProps {
  url: string;
  title: string;
  onLinked: () => void;
}

const isLinkedMessage = (data: unknown) =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === BANK_LINKED_MESSAGE;

export function BankWidgetFrame({ url, title, onLinked }: BankWidgetFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const { sandbox } = frameSecurity(url);
  useWidgetMessages(frame, url, (data) => {
    if (isLinkedMessage(data)) onLinked();
  });
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
