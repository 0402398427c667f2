import { SandboxedWidget } from '../../components/WidgetFrame';

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
  const onMessage = (data: unknown) => {
    if (isLinkedMessage(data)) onLinked();
  };
  return <SandboxedWidget url={url} title={title} height={520} onMessage={onMessage} />;
}
