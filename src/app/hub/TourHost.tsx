import { Button } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { TOUR_SEQUENCES, tourMachine, tourSelectors, type TourPage, type TourTarget } from '../../../machines/hub/tour.machine';
import { isFreeLine } from '../../domain/productLine';
import { inspect } from '../../inspect';
import { GuidedTour } from '../../views/hub/GuidedTour';
import { useUserDocument } from '../shell/userDocument';

// The guided tour of a page (spec 002 §4 Tour): its "Take the tour" button and the overlay, bound to the tour
// machine. A page mounts `<TourHost page="home" />` (or "money") where the button belongs, typically its header.
// The highlighted target is kept in the navigation state (`location.state.tour`): each step is a history entry, so
// Back and Forward walk the steps and a reload shows the same step; the machine follows the navigation state and
// writes its own moves there. Only the targets the page shows are visited. The free product line has no tour
// (spec 000 §6: the tour needs a non-free line), so there is no button.

/** How long a restored step waits for its part of the page to show, and how often it looks. */
const RESTORE_WAIT_MS = 10_000;
const RESTORE_POLL_MS = 200;

/** The navigation state's tour part. */
function tourTargetOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('tour' in state)) return null;
  const tour = (state as { tour: unknown }).tour;
  return typeof tour === 'string' ? tour : null;
}

/** The page's sequence less the targets not in the page now. */
function availableTargets(page: TourPage): string[] {
  return TOUR_SEQUENCES[page].filter((id) => document.getElementById(id) !== null);
}

export function TourHost({ page }: { page: TourPage }) {
  const { t } = useTranslation('hub');
  const document_ = useUserDocument();
  const location = useLocation();
  const navigate = useNavigate();
  const actor = useActorRef(tourMachine, { inspect });
  const target = useSelector(actor, tourSelectors.target);
  const step = useSelector(actor, tourSelectors.step);
  const total = useSelector(actor, tourSelectors.total);
  const opener = useRef<HTMLButtonElement>(null);
  const navTarget = tourTargetOf(location.state);

  // Navigation → machine after Back, Forward or a reload. After a reload the page may still be loading the part
  // (the score details button shows once the score has loaded): the restore waits for it a moment.
  useEffect(() => {
    if (navTarget === tourSelectors.target(actor.getSnapshot())) return undefined;
    const restore = () => actor.send({ type: 'tour.restore', target: navTarget, available: availableTargets(page) });
    if (navTarget === null || document.getElementById(navTarget) !== null) {
      restore();
      return undefined;
    }
    let waited = 0;
    const timer = window.setInterval(() => {
      waited += RESTORE_POLL_MS;
      if (document.getElementById(navTarget) === null && waited < RESTORE_WAIT_MS) return;
      window.clearInterval(timer);
      restore();
    }, RESTORE_POLL_MS);
    return () => window.clearInterval(timer);
  }, [actor, navTarget, page]);

  // Machine → navigation after the customer's own moves: each step a history entry; the end leaves none.
  const locationNow = useRef(location);
  locationNow.current = location;
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const wasOpen = shown.current !== null;
    shown.current = target;
    const here = locationNow.current;
    // Nothing to write before the tour first opens (after a reload the restore is still waiting for its part).
    if (target === tourTargetOf(here.state) || (target === null && !wasOpen)) return;
    const { tour: _tour, ...rest } = (typeof here.state === 'object' && here.state !== null ? here.state : {}) as Record<string, unknown>;
    if (target === null) {
      navigate(here.pathname + here.search, { replace: true, state: Object.keys(rest).length > 0 ? rest : null });
      // The tour ended: focus goes back to where it started.
      if (wasOpen) opener.current?.focus();
    } else {
      navigate(here.pathname + here.search, { state: { ...rest, tour: target } });
    }
  }, [target, navigate]);

  const onNext = useCallback(() => actor.send({ type: 'tour.next' }), [actor]);
  const onBack = useCallback(() => actor.send({ type: 'tour.back' }), [actor]);
  const onDismiss = useCallback(() => actor.send({ type: 'tour.dismiss' }), [actor]);

  if (isFreeLine(document_?.productLine ?? null)) return null;
  return (
    <>
      <Button ref={opener} variant="light" onClick={() => actor.send({ type: 'tour.start', available: availableTargets(page) })}>
        {t('tour.start')}
      </Button>
      <GuidedTour target={target as TourTarget | null} step={step} total={total} onNext={onNext} onBack={onBack} onDismiss={onDismiss} />
    </>
  );
}
