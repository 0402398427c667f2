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
// Back and Forward walk the steps and a reload shows the same step (once its part of the page has loaded); the
// machine follows the navigation state and writes its own moves there, keeping the rest of the state. Only the targets the page shows are visited. The free product line has no tour
// (spec 000 §6: the tour needs a non-free line), so there is no button.

/** The navigation state's tour part: one of the page's targets, else none. */
function tourTargetOf(state: unknown, page: TourPage): string | null {
  if (typeof state !== 'object' || state === null || !('tour' in state)) return null;
  const tour = (state as { tour: unknown }).tour;
  return typeof tour === 'string' && (TOUR_SEQUENCES[page] as readonly string[]).includes(tour) ? tour : null;
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
  const machineNavTarget = useSelector(actor, tourSelectors.navigationTarget);
  const restoring = useSelector(actor, tourSelectors.isRestoring);
  const step = useSelector(actor, tourSelectors.step);
  const total = useSelector(actor, tourSelectors.total);
  const opener = useRef<HTMLButtonElement>(null);
  const navTarget = tourTargetOf(location.state, page);

  // Navigation → machine after Back, Forward or a reload; machine → navigation after the customer's own moves (and
  // when a reloaded step's part of the page never showed).
  const seenNav = useRef<string | null>(null);
  const seenMachine = useRef<string | null>(null);
  // The tour value this host last wrote to the navigation state, until the router shows it: its arrival is the
  // machine's own move, not Back or Forward, even when the machine has moved on since (a quick Escape after Next).
  const written = useRef<string | null | undefined>(undefined);
  const wasShowing = useRef(false);
  useEffect(() => {
    if (navTarget !== seenNav.current) {
      seenNav.current = navTarget;
      const own = written.current !== undefined && written.current === navTarget;
      written.current = undefined;
      if (!own) {
        if (navTarget !== machineNavTarget) actor.send({ type: 'tour.restore', target: navTarget, available: availableTargets(page) });
        return;
      }
    }
    if (machineNavTarget !== seenMachine.current) {
      seenMachine.current = machineNavTarget;
      if (machineNavTarget === navTarget) return;
      const { tour: _tour, ...rest } = (typeof location.state === 'object' && location.state !== null ? location.state : {}) as Record<string, unknown>;
      written.current = machineNavTarget;
      if (machineNavTarget === null) {
        navigate(location.pathname + location.search, { replace: true, state: Object.keys(rest).length > 0 ? rest : null });
      } else {
        navigate(location.pathname + location.search, { state: { ...rest, tour: machineNavTarget } });
      }
    }
  }, [actor, navTarget, machineNavTarget, page, location, navigate]);

  // The tour ended: focus goes back to where it started.
  useEffect(() => {
    if (target !== null) wasShowing.current = true;
    else if (wasShowing.current) {
      wasShowing.current = false;
      opener.current?.focus();
    }
  }, [target]);

  // While a reloaded step waits for its part of the page, the machine hears which targets the page shows as it fills.
  useEffect(() => {
    if (!restoring) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // One report per burst of changes.
    const report = () => {
      clearTimeout(timer);
      timer = setTimeout(() => actor.send({ type: 'tour.targetsChanged', available: availableTargets(page) }), 50);
    };
    const observer = new MutationObserver(report);
    observer.observe(document.body, { childList: true, subtree: true });
    report();
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [actor, restoring, page]);

  const onNext = useCallback(() => actor.send({ type: 'tour.next' }), [actor]);
  const onBack = useCallback(() => actor.send({ type: 'tour.back' }), [actor]);
  const onDismiss = useCallback(() => actor.send({ type: 'tour.dismiss' }), [actor]);

  // Until the customer's document is here the product line is unknown: no button that might not belong.
  if (document_ === undefined || isFreeLine(document_?.productLine ?? null)) return null;
  return (
    <>
      <Button ref={opener} variant="light" onClick={() => actor.send({ type: 'tour.start', available: availableTargets(page) })}>
        {t('tour.start')}
      </Button>
      <GuidedTour target={target as TourTarget | null} step={step} total={total} onNext={onNext} onBack={onBack} onDismiss={onDismiss} />
    </>
  );
}
