import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvestigationBureauStatus } from '../../contract/disputes';
import type { Bureau } from '../../domain/creditReportRecords';
import { addBusinessDays, REINSERTION_NOTICE_BUSINESS_DAYS, responseWindow } from '../../domain/disputes';
import { useCreditFormat } from '../credit/report/format';

// How the disputes views put a bureau's investigation into words (never colour alone, WCAG 1.4.1): its status, the
// answer when there is one, and the FCRA §611 window as days left or overdue, counted from the customer's dispute
// clock (`asOf`, the day getInvestigationDetails answered with).

export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'error';

export interface BureauStatusText {
  bureau: string;
  /** The status, or the answer (Removed, Modified, Verified as accurate) once the bureau answered. */
  status: string;
  /** Days left, due today, overdue by N days or not received yet; null when not under review. */
  window: string | null;
  tone: StatusTone;
  overdue: boolean;
  /** When the bureau put a removed item back: the day and the notice's due date (5 business days). */
  reinserted: { at: string; noticeDue: string } | null;
}

export function reinsertionNoticeDue(reinsertedAt: string): string {
  return addBusinessDays(reinsertedAt, REINSERTION_NOTICE_BUSINESS_DAYS);
}

/** A bureau's status in words, with its tone. */
export function useBureauStatusText(asOf: string) {
  const { t } = useTranslation(['disputes', 'credit']);
  const bureauName = useBureauName();
  return useCallback(
    (status: InvestigationBureauStatus): BureauStatusText => {
      const reinserted = status.reinsertedAt === null ? null : { at: status.reinsertedAt, noticeDue: reinsertionNoticeDue(status.reinsertedAt) };
      const base = { bureau: bureauName(status.bureau), reinserted };
      if (status.status === 'CORRECTED') {
        const outcome = status.outcome;
        return {
          ...base,
          status: outcome === null ? t('disputes:statuses.CORRECTED') : t(`disputes:outcomes.${outcome}`),
          window: null,
          tone: reinserted !== null || outcome === 'VERIFIED' ? 'warning' : 'success',
          overdue: false,
        };
      }
      const window = responseWindow(status, asOf);
      const statusWords = t(`disputes:statuses.${status.status}`);
      switch (window.kind) {
        case 'open':
          return {
            ...base,
            status: statusWords,
            window: window.daysLeft === 0 ? t('disputes:window.dueToday') : t('disputes:window.daysLeft', { count: window.daysLeft }),
            tone: 'info',
            overdue: false,
          };
        case 'overdue':
          return { ...base, status: statusWords, window: t('disputes:window.overdue', { count: window.daysOverdue }), tone: 'error', overdue: true };
        default:
          if (status.status === 'UNDER_REVIEW_PENDING' || status.status === 'UNDER_REVIEW_ACTIVE') {
            return { ...base, status: statusWords, window: t('disputes:window.notReceived'), tone: 'info', overdue: false };
          }
          return { ...base, status: statusWords, window: null, tone: status.status === 'PENDING_USER_DECISION' ? 'warning' : 'neutral', overdue: false };
      }
    },
    [asOf, bureauName, t],
  );
}

export function useBureauName() {
  const { t } = useTranslation('credit');
  return useCallback((bureau: Bureau) => t(`bureaus.${bureau}`), [t]);
}

export { useCreditFormat };
