import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TONE_TEXT } from '../credit/report/tones';
import type { BureauStatusText, StatusTone } from './disputeText';

// One bureau's status as a chip: the bureau, the status or answer and the window in words; the colour only repeats
// what the words say (WCAG 1.4.1). Light badges whose Mantine text colour is under 4.5:1 take the report's darker one.

const TONE_COLOR: Record<StatusTone, string> = {
  neutral: 'gray',
  info: 'blue',
  success: 'green',
  warning: 'orange',
  error: 'red',
};

export function BureauStatusChip({ text }: { text: BureauStatusText }) {
  const { t } = useTranslation('disputes');
  const label = text.window === null ? t('chip', { bureau: text.bureau, status: text.status }) : t('chipWindow', { bureau: text.bureau, status: text.status, window: text.window });
  return (
    <Badge
      variant="light"
      color={TONE_COLOR[text.tone]}
      tt="none"
      fw={600}
      size="md"
      // Long labels wrap on small screens instead of being cut off.
      styles={{ root: { height: 'auto', paddingBlock: 2 }, label: { whiteSpace: 'normal', color: text.tone === 'warning' ? ACCOUNT_TONE_TEXT.warning : undefined } }}
      data-tone={text.tone}
    >
      {label}
    </Badge>
  );
}
