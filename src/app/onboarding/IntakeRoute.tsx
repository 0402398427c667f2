import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { createActor } from 'xstate';
import { intakeMachine, type IntakeEmitted } from '../../../machines/onboarding/intake.machine';
import type { IntakeActorSignatures as Sig } from '../../../machines/onboarding/ports';
import { isUnchallengedInvestigation } from '../../domain/intake';
import { canUseBankWidgets, type ActorFacts } from '../../domain/permissions';
import { inspect } from '../../inspect';
import { PublicLayout } from '../../views/components/PublicLayout';
import { OnboardingFrame } from '../../views/onboarding/OnboardingFrame';
import type { IntakeActor } from '../../views/onboarding/intake/intakeActor';
import { IntakePage } from '../../views/onboarding/intake/IntakePage';
import { useAppActors } from '../shell/appActors';
import { useFeatureFlags } from '../shell/featureFlags';
import { showNotifyToast } from '../shell/notify';
import { linkedAccountCount } from './machines';
import { callbackActor, promiseActor, QUERY_KEYS, type AppPorts } from '../ports';
import { useUserDocument } from '../shell/userDocument';

// /intake/:page (spec 002 §2, §4 "Intake"): the intake machine with its actors over the onboarding ports. The URL
// shows the machine's step (/intake/{stepIndex + 1}); a page typed or reached with the browser's back and forward
// buttons asks the machine to go there, and the URL goes back to the machine's step when it may not.

export function provideIntakeMachine(ports: AppPorts) {
  const { onboarding, onboardingLive, auth } = ports;
  const invalidate = async (keys: readonly (readonly string[])[]) => {
    const client = await ports.queryClient();
    await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
  };
  return intakeMachine.provide({
    actors: {
      loadIntake: promiseActor<Sig['loadIntake']>(async () => {
        const [info, bankOptOut, connected] = await Promise.all([
          onboarding.getUserInfo(),
          onboarding.getBankOptOut(),
          onboarding.getConnectedInstitutions(),
        ]);
        return {
          goal: info.goal,
          personalInfo: info.personalInfo,
          bankOptOut,
          linkedAccountCount: linkedAccountCount(connected.institutions),
        };
      }),
      saveIntake: promiseActor<Sig['saveIntake']>(async (request) => {
        await onboarding.updateUserInfo(request);
        // The guard chain's intake step and the pages showing the goal read the cached user info (refetched
        // without holding up the next step).
        void invalidate([QUERY_KEYS.userInfo]);
      }),
      checkDisputes: promiseActor<Sig['checkDisputes']>(async () => {
        const { userId, reportStatus, investigations } = await onboarding.getInvestigationSummaries();
        return { userId, reportStatus, unchallengedCount: investigations.filter(isUnchallengedInvestigation).length };
      }),
      watchReportStatus: callbackActor<Sig['watchReportStatus']>(({ userId }, sendBack) =>
        onboardingLive.subscribeInitialReportStatus(
          userId,
          (status) => sendBack({ type: 'report.status', status }),
          // An unreadable status is waited out: the completion wait is bounded (spec 002 §9: 10 s).
          () => undefined,
        ),
      ),
      fetchWidgetUrl: promiseActor<Sig['fetchWidgetUrl']>(() => onboarding.getWidgetUrl({ widgetName: 'connect' })),
      countLinkedAccounts: promiseActor<Sig['countLinkedAccounts']>(async () => {
        const { institutions } = await onboarding.getConnectedInstitutions();
        void invalidate([QUERY_KEYS.connectedInstitutions]);
        return { linkedAccountCount: linkedAccountCount(institutions) };
      }),
      saveBankOptOut: promiseActor<Sig['saveBankOptOut']>(async ({ optOut }) => {
        await onboarding.setBankOptOut(optOut);
        void invalidate([QUERY_KEYS.customerContact]);
      }),
      completeIntake: promiseActor<Sig['completeIntake']>(() => onboarding.completeIntake()),
      refreshCreditDisplay: promiseActor<Sig['refreshCreditDisplay']>(() =>
        invalidate([QUERY_KEYS.creditDisplay, QUERY_KEYS.investigations]),
      ),
      generateReadinessScore: promiseActor<Sig['generateReadinessScore']>(() =>
        onboarding.calculateReadinessScore({ isFirstScore: true }),
      ),
      refetchUserData: promiseActor<Sig['refetchUserData']>(async () => {
        // completeIntake changed the claims (customerOnboardingComplete).
        await auth.refreshToken();
        await invalidate([QUERY_KEYS.userInfo, QUERY_KEYS.connectedInstitutions]);
      }),
    },
  });
}

// One intake actor per person for the page's life. The guard chain lays the page out afresh for every address
// (each step's URL), and completeIntake marks the user set up, so the guard chain opens the home hub at once while
// the intake still waits for the report and generates the first readiness score (spec 002 §4): the actor outlives
// the component, and a new one starts only for another person (or once this one is done).
let held: { key: string; actor: IntakeActor } | null = null;

function acquireIntakeActor(key: string, create: () => IntakeActor): IntakeActor {
  if (held?.key === key && held.actor.getSnapshot().status === 'active') return held.actor;
  held?.actor.stop();
  const actor = create();
  held = { key, actor };
  actor.start();
  return actor;
}

function useIntakeActor(key: string | null, create: () => IntakeActor): IntakeActor | null {
  const [actor, setActor] = useState<IntakeActor | null>(null);
  useEffect(() => {
    if (key !== null) setActor(acquireIntakeActor(key, create));
  }, [key, create]);
  return actor;
}

/** The page each actor's step was last shown at: it outlives the component like the actor. */
const shownPages = new WeakMap<IntakeActor, number>();

/** The machine's page while a step shows, else null. */
const machinePageOf = (actor: IntakeActor) => {
  const snapshot = actor.getSnapshot();
  return snapshot.matches('active') ? snapshot.context.stepIndex + 1 : null;
};

/** Keeps /intake/{page} and the machine's step together (spec 002 §2: steps numbered from 1). */
function useStepUrlSync(actor: IntakeActor, urlPage: string | undefined): void {
  const navigate = useNavigate();
  const machinePage = useSelector(actor, (s) => (s.matches('active') ? s.context.stepIndex + 1 : null));
  useEffect(() => {
    if (machinePage === null) return;
    const shown = shownPages.get(actor) ?? null;
    shownPages.set(actor, machinePage);
    if (urlPage === String(machinePage)) return;
    if (shown !== machinePage) {
      // The machine moved: the address follows. Entry replaces the address it came in with; a step the customer
      // moves to is a new history entry.
      navigate(`/intake/${machinePage}`, { replace: shown === null });
      return;
    }
    // The address moved (typed, or the browser's back and forward buttons): the machine decides.
    actor.send({ type: 'step.visit', page: Number(urlPage) });
    const now = machinePageOf(actor);
    if (now !== null && String(now) !== urlPage) navigate(`/intake/${now}`, { replace: true });
  }, [actor, machinePage, urlPage, navigate]);
}

/** Where the intake's toasts find their keys, in turn: its own namespace, then the catalogue. */
const INTAKE_NAMESPACES: readonly ('intake' | 'errors')[] = ['intake', 'errors'];

/** Toasts the intake asks for, and the stuck event it reports while the customer still sees it (spec 002 §4). */
function useIntakeEvents(actor: IntakeActor): void {
  const { errorReporter } = useAppActors();
  const { t } = useTranslation(INTAKE_NAMESPACES);
  useEffect(() => {
    const onNotify = (event: Extract<IntakeEmitted, { type: 'notify' }>) => showNotifyToast(event, t, INTAKE_NAMESPACES);
    const onStuck = (event: Extract<IntakeEmitted, { type: 'intake.stuck' }>) =>
      errorReporter.send({ type: 'report.add', report: { message: 'intake-stuck', extra: { page: String(event.page) } } });
    const subscriptions = [actor.on('notify', onNotify), actor.on('intake.stuck', onStuck)];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, errorReporter, t]);
}

function IntakeScreen({ actor }: { actor: IntakeActor }) {
  const { page } = useParams();
  const { session } = useAppActors();
  useStepUrlSync(actor, page);
  useIntakeEvents(actor);
  const noGoal = useSelector(actor, (s) => s.hasTag('redirect.selectGoal'));
  if (noGoal) return <Navigate to="/sign-up/select-goal" replace />;
  return (
    <PublicLayout width="wide">
      <OnboardingFrame step="intake" onSignOut={() => session.send({ type: 'session.signOut' })}>
        <IntakePage actor={actor} />
      </OnboardingFrame>
    </PublicLayout>
  );
}

export default function IntakeRoute() {
  const { ports, session } = useAppActors();
  const flags = useFeatureFlags();
  const uid = useSelector(session, (s) => s.context.user?.uid ?? null);
  const isAgent = useSelector(session, (s) => s.context.claims?.isAgent === true);
  const allowClientActions = useSelector(session, (s) => s.context.claims?.allowClientActions === true);
  const canSkipDisputes = flags.canSkipDisputes;
  // The product line decides whether the bank widget is offered (spec 000 §6): the intake starts once the user
  // document has answered, and starts again only when that decision changes, not for any other change of line.
  const userDocument = useUserDocument();
  const productLine = userDocument?.productLine ?? null;
  const bankWidgets = canUseBankWidgets(productLine);
  const key =
    uid === null || userDocument === undefined
      ? null
      : JSON.stringify([uid, isAgent, allowClientActions, canSkipDisputes, bankWidgets]);
  const create = useCallback(() => {
    const facts: ActorFacts = { isAgent, allowClientActions };
    return createActor(provideIntakeMachine(ports), { input: { actor: facts, canSkipDisputes, productLine }, inspect });
  }, [ports, isAgent, allowClientActions, canSkipDisputes, productLine]);
  const actor = useIntakeActor(key, create);
  if (actor === null) return null;
  return <IntakeScreen actor={actor} />;
}
