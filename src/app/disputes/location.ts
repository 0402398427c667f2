import { categoryFromSlug, disputeStageFromParam, type DisputeCategory, type DisputeStage } from '../../domain/disputes';
import { ACCOUNT_DETAILS_PREFIX } from '../../domain/routes';

// What a disputes address names (spec 001 §2): /credit/disputes/{stage}/{type}/account-details-{name}. Everything
// after /credit/disputes/ is read here, so the route decides in one place: no stage → the default stage; an unknown
// stage, the results stage without its flag, an unknown category or anything else below it → the credit index.

export type DisputesLocation =
  | { kind: 'default' }
  | { kind: 'unknown' }
  | { kind: 'page'; stage: DisputeStage; category: DisputeCategory | null; detailsSlug: string | null };

/** `splat`: the part of the path after /credit/disputes/ (the router's `*`). */
export function readDisputesLocation(splat: string | undefined, showResults: boolean): DisputesLocation {
  const segments = (splat ?? '').split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return { kind: 'default' };
  if (segments.length > 3) return { kind: 'unknown' };
  const [stageParam, typeParam, detailsParam] = segments;
  const stage = disputeStageFromParam(stageParam, showResults);
  if (stage === null) return { kind: 'unknown' };
  if (typeParam === undefined) return { kind: 'page', stage, category: null, detailsSlug: null };
  const category = categoryFromSlug(typeParam);
  if (category === null) return { kind: 'unknown' };
  if (detailsParam === undefined) return { kind: 'page', stage, category, detailsSlug: null };
  if (!detailsParam.startsWith(ACCOUNT_DETAILS_PREFIX) || detailsParam.length === ACCOUNT_DETAILS_PREFIX.length) {
    return { kind: 'unknown' };
  }
  return { kind: 'page', stage, category, detailsSlug: detailsParam.slice(ACCOUNT_DETAILS_PREFIX.length) };
}
