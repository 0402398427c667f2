import { useActorRef, useSelector } from '@xstate/react';
import { walkthroughSelectors } from '../../../machines/disputes/walkthrough.machine';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { InvestigationDetailsData, InvestigationItemData } from '../../../machines/disputes/ports';
import { defaultDisputeStage, isReviewable, stageOfItem, type DisputeCategory, type DisputeStage } from '../../domain/disputes';
import { disputesPath, nameSlug, ROUTES } from '../../domain/routes';
import { inspect } from '../../inspect';
import type { Loadable } from '../../views/credit/report/CreditReportPage';
import { DisputesDashboard } from '../../views/disputes/DisputesDashboard';
import { useAppActors } from '../shell/appActors';
import { useFeatureFlags, useFeatureFlagsRead } from '../shell/featureFlags';
import { useCachedQuery } from '../shell/queries';
import { AccountDetailsHost } from './AccountDetailsHost';
import { DisputeWizardHost } from './DisputeWizardHost';
import { useWalkthrough } from './useWalkthrough';
import { useNotify } from '../shell/notify';
import { useSessionFacts } from '../shell/sessionFacts';
import { readDisputesLocation } from './location';
import { provideDisputeLetterMachine, provideDisputesDevToolsMachine, provideDisputesPauseMachine } from './machines';
import { disputeQueries } from './queries';

// /credit/disputes/* (spec 001 §2 "Disputes dashboard"), inside the credit area. The address decides what shows:
// no stage → the default stage (spec 001 §2) once the items are read; an unknown stage, results without its flag, or
// anything else unknown below → the credit index (replace); {stage}/{type} opens that category's accordion;
// {stage}/{type}/account-details-{name} the details dialog of the item whose name matches (with its disputeChallenge
// actor). The wizard opens from the header's buttons and from navigation state { reviewDisputes: true } (the intake
// and the home hub send customers here that way). The wizard's walkthrough video is the walkthrough modal state of
// the navigation state (spec 002 §2): an entry that carries it (a reload, a link, Forward) opens the wizard with the
// video over it, or, with nothing to review, closes it. The pause banner (its flag), the letters, the California info (its
// flag) and, outside production, the bureau sandbox's panel.

/** Navigation state that opens the wizard on arrival. */
export interface DisputesNavigationState {
  reviewDisputes?: boolean;
}

function loadable<T>(query: { data: T | undefined; isError: boolean; refetch: () => void }): Loadable<T> {
  if (query.data !== undefined) return { status: 'shown', data: query.data };
  if (query.isError) return { status: 'failed', onRetry: query.refetch };
  return { status: 'loading' };
}

/** The pause / resume banner's actor (behind the pauseInvestigations flag). */
function usePause(enabled: boolean) {
  const { ports } = useAppActors();
  const facts = useSessionFacts();
  const machine = useMemo(() => provideDisputesPauseMachine(ports), [ports]);
  const actor = useActorRef(machine, { input: { actor: facts.actor }, inspect });
  useNotify(actor, 'disputes');
  const paused = useSelector(actor, (snapshot) => snapshot.hasTag('paused'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  return enabled ? { paused, busy, onToggle: () => actor.send({ type: 'pause.toggle' }) } : null;
}

function DisputesPage({ stage, category, detailsSlug, query }: {
  stage: DisputeStage;
  category: DisputeCategory | null;
  detailsSlug: string | null;
  query: ReturnType<typeof useCachedQuery<InvestigationDetailsData>>;
}) {
  const { ports, config } = useAppActors();
  const flags = useFeatureFlags();
  const navigate = useNavigate();
  const location = useLocation();
  const queries = useMemo(() => disputeQueries(ports), [ports]);
  const letters = useCachedQuery(queries.letters.queryKey, queries.letters.queryFn, true);
  const paused = useCachedQuery(queries.paused.queryKey, queries.paused.queryFn, true);
  const pause = usePause(flags.pauseInvestigations);

  const letterMachine = useMemo(() => provideDisputeLetterMachine(ports), [ports]);
  const letterActor = useActorRef(letterMachine, { inspect });
  useNotify(letterActor, 'disputes');
  const downloadingId = useSelector(letterActor, (snapshot) => snapshot.context.downloadingId);

  const devToolsVisible = !config.isProductionLike;
  const devMachine = useMemo(() => provideDisputesDevToolsMachine(ports), [ports]);
  const devActor = useActorRef(devMachine, { inspect });
  useNotify(devActor, 'disputes');
  const devBusy = useSelector(devActor, (snapshot) => snapshot.hasTag('busy'));
  const asOf = useSelector(devActor, (snapshot) => snapshot.context.asOf);

  // The wizard: 'intro' from Get started, 'review' (straight to the first category) from Review disputes and
  // from navigation state.
  const [wizard, setWizard] = useState<'intro' | 'review' | null>(null);
  const items = query.data?.items ?? null;
  const reviewRequested = (location.state as DisputesNavigationState | null)?.reviewDisputes === true;
  useEffect(() => {
    if (!reviewRequested || items === null) return;
    if (items.some(isReviewable)) setWizard('review');
    // Once: going back to this entry does not open it again.
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [reviewRequested, items, navigate, location.pathname, location.search]);

  // The walkthrough video belongs to the wizard: reached open by a reload or a link, the wizard opens under it.
  const walkthrough = useWalkthrough(flags.walkthroughVideos);
  const walkthroughOpen = useSelector(walkthrough ?? undefined, (snapshot) => (snapshot === undefined ? false : walkthroughSelectors.open(snapshot)));
  useEffect(() => {
    if (!walkthroughOpen || wizard !== null || items === null || walkthrough === null) return;
    if (items.some(isReviewable)) setWizard('intro');
    else walkthrough.send({ type: 'dialog.close' });
  }, [walkthroughOpen, wizard, items, walkthrough]);

  const detailsItem = useMemo(() => {
    if (detailsSlug === null || items === null || category === null) return null;
    return items.find((item) => item.type === category && nameSlug(item.name) === detailsSlug) ?? null;
  }, [detailsSlug, items, category]);
  // A details address whose item is not (or no longer) there: the category's list.
  const missingDetails = detailsSlug !== null && items !== null && detailsItem === null;

  const onOpenItem = useCallback(
    (item: InvestigationItemData) => {
      void navigate(disputesPath(stage === 'results' ? 'results' : stageOfItem(item), item.type, item.name));
    },
    [navigate, stage],
  );
  if (missingDetails) return <Navigate to={disputesPath(stage, category)} replace />;

  return (
    <>
      <DisputesDashboard<InvestigationItemData>
        stage={stage}
        showResults={flags.disputeResults}
        investigations={loadable(query)}
        stagePath={(entry) => disputesPath(entry)}
        onStageChange={(entry) => void navigate(disputesPath(entry))}
        openCategory={category}
        onCategoryChange={(entry) => void navigate(disputesPath(stage, entry), { replace: true })}
        onOpenItem={onOpenItem}
        onReview={() => setWizard('review')}
        onGetStarted={() => setWizard('intro')}
        pause={pause}
        letters={{
          letters: loadable(letters),
          downloadingId,
          onDownload: (letter) => letterActor.send({ type: 'letter.download', bureau: letter.bureau, documentId: letter.documentId }),
        }}
        devTools={{
          visible: devToolsVisible,
          busy: devBusy,
          asOf: asOf ?? query.data?.asOf ?? null,
          onAdvance: (days) => devActor.send({ type: 'bureaus.advance', days }),
        }}
        california={flags.californiaDispute}
      />
      {wizard !== null && items !== null ? (
        <DisputeWizardHost
          items={items}
          begin={wizard === 'review'}
          walkthrough={walkthrough}
          onClosed={(submitted) => {
            setWizard(null);
            if (submitted) void navigate(disputesPath('under-review'));
          }}
        />
      ) : null}
      {detailsItem !== null && query.data !== undefined ? (
        <AccountDetailsHost
          key={detailsItem.id}
          item={detailsItem}
          asOf={query.data.asOf}
          isPaused={pause?.paused ?? paused.data ?? false}
          onClose={() => void navigate(disputesPath(stage, category))}
        />
      ) : null}
    </>
  );
}

export default function DisputesRoute() {
  const { ports } = useAppActors();
  const params = useParams();
  const flags = useFeatureFlags();
  const flagsRead = useFeatureFlagsRead();
  const routerLocation = useLocation();
  const queries = useMemo(() => disputeQueries(ports), [ports]);
  const query = useCachedQuery(queries.investigations.queryKey, queries.investigations.queryFn, true);
  const splat = params['*'];
  // The results stage stands behind its flag: until the flags are read, it is not decided.
  if (!flagsRead && (splat ?? '').split('/')[0] === 'results') return null;
  const location = readDisputesLocation(splat, flags.disputeResults);
  if (location.kind === 'unknown') return <Navigate to={ROUTES.credit} replace />;
  if (location.kind === 'default') {
    if (query.data !== undefined) {
      return <Navigate to={disputesPath(defaultDisputeStage(query.data.items))} replace state={routerLocation.state as unknown} />;
    }
    // Until the items are read (or when they cannot be) the first stage shows its loading or its error.
    return <DisputesPage stage="not-challenged" category={null} detailsSlug={null} query={query} />;
  }
  return <DisputesPage stage={location.stage} category={location.category} detailsSlug={location.detailsSlug} query={query} />;
}
