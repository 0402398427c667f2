import { useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { createActor } from 'xstate';
import { intakeSelectors, type IntakeEmitted } from '../../../machines/onboarding/intake.machine';
import { intakeDisputesSelectors } from '../../../machines/onboarding/intakeDisputes.machine';
import { canUseBankWidgets, type ActorFacts } from '../../domain/permissions';
import { inspect } from '../../inspect';
import { PublicLayout } from '../../views/components/PublicLayout';
import { OnboardingFrame } from '../../views/onboarding/OnboardingFrame';
import { OnboardingMenuHost } from './OnboardingMenuHost';
import type { IntakeActor } from '../../views/onboarding/intake/intakeActor';
import { IntakePage } from '../../views/onboarding/intake/IntakePage';
import { useAppActors } from '../shell/appActors';
import { useFeatureFlags } from '../shell/featureFlags';
import { showNotifyToast, useNotify } from '../shell/notify';
import { useRouteMachine } from '../shell/routeMachine';
import { useWalkthrough } from '../disputes/useWalkthrough';
import { useUserDocument } from '../shell/userDocument';
import { useIntakeActor } from './IntakeActorProvider';
import { provideIntakeMachine } from './machines';
import { sessionSelectors } from '../../../machines/shell/session.machine';

// /intake/:page (spec 002 §2, §4 "Intake"): the intake machine, owned by IntakeActorProvider, connected to the
// address with the route⇄machine pattern: the machine is told the address and decides which step shows, and asks
// for the address of the step it shows.

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
  // The Disputes step's wizard asks for its toasts (saved, submitted, refused, failed).
  const disputes = useSelector(actor, intakeSelectors.disputes);
  const wizard = useSelector(disputes, (snapshot) => (snapshot === undefined ? undefined : intakeDisputesSelectors.wizard(snapshot)));
  useNotify(wizard ?? null, 'disputes');
  // The BankAccounts step's own machine asks for its toast (a coach who may not connect banks).
  const bankAccounts = useSelector(actor, intakeSelectors.bankAccounts);
  useEffect(() => {
    if (!bankAccounts) return undefined;
    const subscription = bankAccounts.on('notify', (event) => showNotifyToast(event, t, INTAKE_NAMESPACES));
    return () => subscription.unsubscribe();
  }, [bankAccounts, t]);
}

function IntakeScreen({ actor }: { actor: IntakeActor }) {
  const { session } = useAppActors();
  const flags = useFeatureFlags();
  // A finished intake (no goal, completed before) is told nothing more.
  useRouteMachine(useSelector(actor, intakeSelectors.running) ? actor : null);
  useIntakeEvents(actor);
  // The Disputes step's wizard video, a modal state of the navigation state (spec 002 §2).
  const walkthrough = useWalkthrough(flags.walkthroughVideos);
  const noGoal = useSelector(actor, intakeSelectors.needsGoal);
  if (noGoal) return <Navigate to="/sign-up/select-goal" replace />;
  return (
    <PublicLayout width="wide" headerMenu={<OnboardingMenuHost step="intake" />}>
      <OnboardingFrame step="intake" onSignOut={() => session.send({ type: 'session.signOut' })}>
        <IntakePage actor={actor} walkthrough={walkthrough} />
      </OnboardingFrame>
    </PublicLayout>
  );
}

export default function IntakeRoute() {
  const { ports, session } = useAppActors();
  const flags = useFeatureFlags();
  const uid = useSelector(session, sessionSelectors.uid);
  const isAgent = useSelector(session, sessionSelectors.isAgent);
  const allowClientActions = useSelector(session, sessionSelectors.allowsClientActions);
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
