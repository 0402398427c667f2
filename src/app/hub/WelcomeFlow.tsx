import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { WELCOME_MODAL_KEY, welcomeFlowSelectors } from '../../../machines/hub/welcomeFlow.machine';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { canRecordViews, hasCreditAccess } from '../../domain/permissions';
import { disputesPath } from '../../domain/routes';
import { inspect } from '../../inspect';
import { AgentMessageModal } from '../../views/hub/AgentMessageModal';
import { ResolvedDisputesModal } from '../../views/hub/ResolvedDisputesModal';
import { useSessionFacts } from '../shell/sessionFacts';
import { useAppActors } from '../shell/appActors';
import { useRouteMachine } from '../shell/routeMachine';
import { provideWelcomeFlowMachine } from './machines';
import { useFeatureFlags, useFeatureFlagsRead } from '../shell/featureFlags';
import { useUserDocument } from '../shell/userDocument';

// The welcome flow on the home hub (spec 002 §4 "Welcome flow after login"): once per sign-in, with its flag on,
// the disputes a bureau has answered that the customer has not seen yet, in the resolved-disputes modal; dismissed,
// they are marked viewed; otherwise the coach's latest message when the customer has not seen it, in the agent
// message modal, then marked viewed. It is the customer's welcome: a coach signed in for them does not get it (views are the
// customer's to record, so it would greet the coach on every sign-in). "Once" is kept in session storage per user once
// the flow is done, so coming back to the hub, or reloading, does not show it again; a new tab's sign-in does.

const SHOWN_KEY_PREFIX = 'welcomeFlow.shown.';

function readShown(uid: string): boolean {
  try {
    return sessionStorage.getItem(`${SHOWN_KEY_PREFIX}${uid}`) === '1';
  } catch {
    return false;
  }
}

function writeShown(uid: string): void {
  try {
    sessionStorage.setItem(`${SHOWN_KEY_PREFIX}${uid}`, '1');
  } catch {
    // Without session storage the flow may show once more; nothing else depends on it.
  }
}

function WelcomeFlowActor({ uid, resolvedDisputeModal, agentMessage }: { uid: string; resolvedDisputeModal: boolean; agentMessage: boolean }) {
  const { ports } = useAppActors();
  const facts = useSessionFacts();
  const machine = useMemo(() => provideWelcomeFlowMachine(ports), [ports]);
  const actor = useActorRef(machine, {
    input: { resolvedDisputeModal, alreadyShown: readShown(uid), canRecordViews: facts.canRecordViews, agentMessage },
    inspect,
  });
  // Its two dialogs are modal states of the hub's navigation state (spec 002 §2): Back closes them, a reload keeps them.
  useRouteMachine(actor, { modalKey: WELCOME_MODAL_KEY });
  const opened = useSelector(actor, welcomeFlowSelectors.resolvedOpen);
  const resolved = useSelector(actor, welcomeFlowSelectors.resolved);
  const messageOpen = useSelector(actor, welcomeFlowSelectors.messageOpen);
  const message = useSelector(actor, welcomeFlowSelectors.message);
  const done = useSelector(actor, (snapshot) => snapshot.status === 'done');
  useEffect(() => {
    // Dismissed, or nothing to show: done for this sign-in (left open when the customer went elsewhere, it shows again).
    if (done) writeShown(uid);
  }, [done, uid]);
  const dismiss = () => actor.send({ type: 'welcome.dismiss' });
  return (
    <>
      <ResolvedDisputesModal opened={opened} resolved={resolved} correctedPath={disputesPath('corrected')} onDismiss={dismiss} />
      <AgentMessageModal opened={messageOpen} message={message} onDismiss={dismiss} />
    </>
  );
}

export function WelcomeFlow() {
  const { session } = useAppActors();
  const uid = useSelector(session, sessionSelectors.uid);
  const isCustomer = useSelector(session, sessionSelectors.hasCustomerContact);
  const claims = useSelector(session, sessionSelectors.claims);
  const document = useUserDocument();
  const flags = useFeatureFlags();
  const flagsRead = useFeatureFlagsRead();
  // Decided once the flags and the product line are known (disputes are a credit-area feature).
  if (uid === null || !flagsRead || document === undefined) return null;
  // The welcome (and the views it records) is the customer's own: src/domain/permissions.ts canRecordViews.
  const customer = isCustomer && canRecordViews(claims ?? {});
  const enabled = flags.resolvedDisputeModal && customer && hasCreditAccess(document?.productLine ?? null);
  return <WelcomeFlowActor key={uid} uid={uid} resolvedDisputeModal={enabled} agentMessage={customer} />;
}
