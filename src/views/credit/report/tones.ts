import type { AccountDisplayStatus, AccountTone, PublicRecordTone } from '../../../domain/creditReport';
import classes from './report.module.css';

// The Mantine colours and classes of the report's tones (spec 001 §4): always shown with the status in words.

export const ACCOUNT_TONE_CLASS: Record<AccountTone, string> = {
  success: classes.toneSuccess,
  error: classes.toneError,
  warning: classes.toneWarning,
  neutral: classes.toneNeutral,
};

export const ACCOUNT_TONE_COLOR: Record<AccountTone, string> = {
  success: 'green',
  error: 'red',
  warning: 'orange',
  neutral: 'gray',
};

/**
 * Text colours for the light badges and alerts where Mantine's own (shade 9 on shade 0-1) stays under 4.5:1
 * (WCAG 1.4.3): orange and teal; undefined keeps Mantine's, which passes.
 */
export const ACCOUNT_TONE_TEXT: Record<AccountTone, string | undefined> = {
  success: undefined,
  error: undefined,
  warning: '#8a3c00',
  neutral: undefined,
};

export const DISPLAY_STATUS_TONE: Record<AccountDisplayStatus, AccountTone> = {
  closed: 'neutral',
  inGoodStanding: 'success',
  outstanding: 'warning',
  pastDue: 'error',
};

export const PUBLIC_RECORD_TONE_COLOR: Record<PublicRecordTone, string> = {
  info: 'blue',
  acknowledged: 'teal',
  neutral: 'gray',
};

export const PUBLIC_RECORD_TONE_TEXT: Record<PublicRecordTone, string | undefined> = {
  info: undefined,
  acknowledged: '#075e45',
  neutral: undefined,
};

/** The most pressing of several tones (a combined row's colour): error, then warning, then success, then neutral. */
export function worstTone(tones: readonly AccountTone[]): AccountTone {
  for (const tone of ['error', 'warning', 'success'] as const) if (tones.includes(tone)) return tone;
  return 'neutral';
}
