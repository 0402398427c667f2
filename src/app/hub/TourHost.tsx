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

  // Navigation → machine after Back, Forward or a reload; machine → navigation after the customer's own moves.
  const seenNav = useRef<string | null>(null);
  const seenMachine = useRef<string | null>(null);
  useEffect(() => {
    if (navTarget !== seenNav.current) {
      seenNav.current = navTarget;
      if (navTarget !== target) actor.send({ type: 'tour.restore', target: navTarget, available: availableTargets(page) });
      return;
    }
    if (target !== seenMachine.current) {
      const wasOpen = seenMachine.current !== null;
      seenMachine.current = target;
      if (target === navTarget) return;
      const { tour: _tour, ...rest } = (typeof location.state === 'object' && location.state !== null ? location.state : {}) as Record<string, unknown>;
      if (target === null) {
        navigate(location.pathname + location.search, { replace: true, state: Object.keys(rest).length > 0 ? rest : null });
        // The tour ended: focus goes back to where it started.
        if (wasOpen) opener.current?.focus();
      } else {
        navigate(location.pathname + location.search, { state: { ...rest, tour: target } });
      }
    }
  }, [actor, navTarget, target, page, location, navigate]);

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
