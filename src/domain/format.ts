// Display formats shared by views (spec 000 §2.4, §5, §9).
import { BADGE_MAX_COUNT } from './constants';

export { formatPhoneDisplay, formatSsn, maskSsn } from './personalFields';

/** The credit tab's red dot and other notification badges show '9+' above 9 (spec 000 §2.4, §9). */
export function formatBadgeCount(n: number): string {
  const count = Math.max(0, Math.floor(n));
  return count > BADGE_MAX_COUNT ? `${BADGE_MAX_COUNT}+` : String(count);
}
