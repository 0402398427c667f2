import { useTranslation } from 'react-i18next';
import { identityWidgetEventOf, type IdentityWidgetEvent } from '../../contract/identity';
import { WidgetFrame } from '../components/WidgetFrame';

// The identity-protection widget in a sandboxed frame, built like the bank-link and simulator
// widgets' (src/views/components/widgetFrame.ts, WidgetFrame.tsx): scripts and its own forms (the credit lock posts to itself) run,
// nothing else; only a message from the widget URL's origin and from this frame's window counts, and only one
// shaped as the widget's event (src/contract/identity.ts identityWidgetEventOf).

export interface IdentityFrameProps {
  url: string;
  title: string;
  onEvent: (event: IdentityWidgetEvent) => void;
}

export function IdentityFrame({ url, title, onEvent }: IdentityFrameProps) {
  const { t } = useTranslation('identity');
  return <WidgetFrame url={url} title={title} loadingLabel={t('loading')} height={640} eventOf={identityWidgetEventOf} onEvent={onEvent} />;
}
