import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { actionCompletionSelectors } from '../../../machines/hub/actionCompletion.machine';
import type { HubActionData } from '../../../machines/hub/ports';
import { LOAN_TEAM_MODAL } from '../../../machines/hub/hubModals';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { categoryOfFileType, isDocumentFileType } from '../../domain/documents';
import { showsReadinessScore } from '../../domain/flags';
import { canCompleteAction, canModifyDocuments, canRecordViews, permittedAreas } from '../../domain/permissions';
import { disputesPath, documentsPath, documentUploadPath } from '../../domain/routes';
import { inspect } from '../../inspect';
import { ActionContentDialog } from '../../views/hub/ActionContentDialog';
import { ActionsSection, type ActionLinks } from '../../views/hub/ActionsSection';
import { ChecklistDialog } from '../../views/hub/ChecklistDialog';
import type { HubLoadable } from '../../views/hub/hubTypes';
import { ScoreDetailsDialog } from '../../views/hub/ScoreDetailsDialog';
import { HomePage } from '../../views/shell/HomePage';
import { provideActionCompletionMachine } from '../hub/machines';
import { SavingsDialogHost } from '../hub/SavingsDialogHost';
import { TourHost } from '../hub/TourHost';
import { useHubModal } from '../hub/useHubModal';
import { WelcomeFlow } from '../hub/WelcomeFlow';
import { QUERY_KEYS } from '../ports';
import { useAppActors } from './appActors';
import { useFeatureFlags } from './featureFlags';
import { useNotify } from './notify';
import { onboardingQueries, provideReadinessScoreMachine } from '../onboarding/machines';
import { useCachedQuery, type CachedQuery } from './queries';
import { useUserDocument } from './userDocument';

// The home hub at / (spec 000 §2.4, spec 002 §2): the greeting, the goal and the readiness score (the
// readinessScore machine: shown, or waited for while intake completion generates it) with its change and details
// (score components and history), the actions (the actionCompletion machine), and the welcome flow after sign-in
// (spec 002 §4). The hub's dialogs are modal states carried in the navigation state (spec 002 §2: scoreDetails,
// updateSavings, progressTip with the action's id, checklist with the checklistItemId of the item shown), kept by the
// navigation modal machine (machines/hub/hubModals.ts), so the browser's Back closes them, a reload keeps them and a
// dialog's Close goes back over the entries the hub's dialogs added.

function loadable<T>(query: CachedQuery<T>): HubLoadable<T> {
  if (query.data !== undefined) return { status: 'shown', data: query.data };
  if (query.isError) return { status: 'failed', onRetry: query.refetch };
  return { status: 'loading' };
}

/** The upload flow with the action's first document type chosen (spec 002 §4 "Document upload from the hub"). */
function uploadPathFor(action: HubActionData): string {
  const fileType = action.properties.documents?.find(isDocumentFileType) ?? null;
  return fileType === null ? documentUploadPath() : documentUploadPath({ category: categoryOfFileType(fileType), fileType });
}

export default function HomeRoute() {
  const { ports, session, config } = useAppActors();
  const document = useUserDocument();
  const claims = useSelector(session, sessionSelectors.claims);
  const uid = useSelector(session, sessionSelectors.uid);
  const areas = permittedAreas(claims ?? {}, document?.productLine ?? null);
  const hubModal = useHubModal();
  const modal = hubModal.shown;
  const queries = useMemo(() => onboardingQueries(ports), [ports]);
  const userInfo = useCachedQuery(queries.userInfo.queryKey, queries.userInfo.queryFn, true);
  const machine = useMemo(() => provideReadinessScoreMachine(ports), [ports]);
  const score = useActorRef(machine, { inspect });
  const scoreShown = useSelector(score, (snapshot) => snapshot.hasTag('shown'));
  const details = useCachedQuery(QUERY_KEYS.readinessScoreDetails, async () => (await ports.hub()).getReadinessScoreDetails(), scoreShown);
  const history = useCachedQuery(QUERY_KEYS.readinessScoreHistory, async () => (await ports.hub()).getReadinessScoreHistory(), modal?.hubModal === 'scoreDetails');
  const checklist = useCachedQuery(QUERY_KEYS.documentChecklist, async () => (await ports.documents()).getChecklist(), modal?.hubModal === 'checklist');
  const flags = useFeatureFlags();
  const { welcomeMessage } = flags;
  const showScore = showsReadinessScore(flags);

  const actionsMachine = useMemo(() => provideActionCompletionMachine(ports), [ports]);
  const actions = useActorRef(actionsMachine, {
    input: { userId: uid ?? '', canComplete: canCompleteAction(claims ?? {}), canRecordViews: canRecordViews(claims ?? {}) },
    inspect,
  });
  useNotify(actions);
  const list = useSelector(actions, actionCompletionSelectors.list);
  const failed = useSelector(actions, actionCompletionSelectors.failed);
  const completing = useSelector(actions, actionCompletionSelectors.completing);
  const listLoadable: HubLoadable<NonNullable<typeof list>> =
    list !== null ? { status: 'shown', data: list } : failed ? { status: 'failed', onRetry: () => actions.send({ type: 'load.retry' }) } : { status: 'loading' };

  const { open, close } = hubModal;
  // The header's dialog (the shell hosts it, src/app/hub/LoanTeamHost.tsx): the call actions open it in place.
  const openLoanTeam = () => open(LOAN_TEAM_MODAL);
  const links: ActionLinks = {
    upload: uploadPathFor,
    disputes: disputesPath('not-challenged'),
    checklist: documentsPath('all'),
    phone: { href: `tel:+1${config.supportPhone.replace(/\D/g, '')}`, label: config.supportPhone },
  };
  const everyAction = [...(list?.activeActions ?? []), ...(list?.completedActions ?? []), ...(list?.history ?? [])];
  const contentAction = modal?.hubModal === 'progressTip' ? (everyAction.find((action) => action.id === modal.actionId) ?? null) : null;
  const goal = userInfo.data?.goal ?? null;
  const savings = goal?.properties && 'currentSavings' in goal.properties ? goal.properties.currentSavings : null;

  return (
    <>
      <HomePage
        firstName={document?.firstName ?? null}
        areas={areas}
        goalType={goal?.type ?? null}
        score={score}
        latestScore={details.data?.displayScore ?? null}
        previousScore={details.data === undefined || details.data === null ? undefined : details.data.previousDisplayScore}
        onOpenScoreDetails={() => open({ hubModal: 'scoreDetails' })}
        welcomeMessage={welcomeMessage}
        showScore={showScore}
        headerActions={<TourHost page="home" />}
        actions={
          <ActionsSection
            list={listLoadable}
            completing={completing}
            links={links}
            onComplete={(action) => actions.send({ type: 'action.complete', actionId: action.id, at: new Date().toISOString() })}
            onOpenSavings={() => open({ hubModal: 'updateSavings' })}
            onOpenContent={(action) => open({ hubModal: 'progressTip', actionId: action.id })}
            onOpenLoanTeam={openLoanTeam}
            onOpenChecklist={() => open({ hubModal: 'checklist' })}
          />
        }
      />
      <ScoreDetailsDialog opened={modal?.hubModal === 'scoreDetails'} onClose={close} details={loadable(details)} history={loadable(history)} />
      <ActionContentDialog action={contentAction} onClose={close} />
      <ChecklistDialog
        opened={modal?.hubModal === 'checklist'}
        itemId={hubModal.checklistItemId}
        checklist={loadable(checklist)}
        canModify={canModifyDocuments(claims ?? {})}
        uploadPath={(item) => documentUploadPath({ category: item.category, fileType: item.fileType, year: item.year })}
        onOpenItem={hubModal.openChecklistItem}
        onShowList={hubModal.showChecklist}
        onClose={close}
      />
      {goal !== null ? (
        <SavingsDialogHost
          opened={modal?.hubModal === 'updateSavings'}
          goalId={goal.id}
          currentSavings={typeof savings === 'number' ? savings : null}
          onClose={close}
          onSaved={() => actions.send({ type: 'actions.refresh' })}
        />
      ) : null}
      <WelcomeFlow />
    </>
  );
}
