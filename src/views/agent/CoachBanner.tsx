import { useTranslation } from 'react-i18next';
import { HEADER_HEIGHT_PX, HEADER_HEIGHT_WITH_BROKER_BANNER_PX } from '../../domain/constants';
import classes from './agent.module.css';

// spec 000 §6: agents see an offset layout and a coach banner. The banner says whose account the agent is in and
// whether client actions are allowed (spec 000 §1: limited rights without allowClientActions).

/** As tall as the broker banner (spec 000 §2.4: 102 px header with it, 72 px without). */
export const COACH_BANNER_HEIGHT_PX = HEADER_HEIGHT_WITH_BROKER_BANNER_PX - HEADER_HEIGHT_PX;

export interface CoachBannerProps {
  /** The customer's name or email, when known. */
  customer: string | null;
  allowClientActions: boolean;
}

export function CoachBanner({ customer, allowClientActions }: CoachBannerProps) {
  const { t } = useTranslation('shell');
  return (
    <div className={classes.coachBanner} role="note" style={{ height: COACH_BANNER_HEIGHT_PX }}>
      {customer ? t('coachBanner.onBehalfOf', { customer }) : t('coachBanner.coachView')}{' '}
      {allowClientActions ? t('coachBanner.clientActionsAllowed') : t('coachBanner.viewOnly')}
    </div>
  );
}
