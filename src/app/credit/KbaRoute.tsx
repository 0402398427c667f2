import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { kbaSelectors, type kbaMachine, type KbaEmitted } from '../../../machines/credit/kba.machine';
import { AREA_PATHS } from '../../domain/routes';
import { inspect } from '../../inspect';
import { PublicLayout } from '../../views/components/PublicLayout';
import { KbaPage } from '../../views/credit/kba/KbaPage';
import { NotFoundPage } from '../../views/status/NotFoundPage';
import { useAppActors } from '../shell/appActors';
import { useFeatureFlags, useFeatureFlagsRead } from '../shell/featureFlags';
import { showNotifyToast } from '../shell/notify';
import { useRouteMachine } from '../shell/routeMachine';
import { invalidateAfterOrder, provideKbaMachine } from './machines';

// /kba/* (spec 001 §2 "Identity check (KBA)"): behind the KBA flag (off: not found), with its own header (spec 000
// §2.2). The kba machine follows the route⇄machine pattern: it is told the address (?id=), decides (no id: home) and
// asks to go to the report once the check is passed or skipped. Passing it pulled the ordered report, so the credit
// reads and the contact are read again. The actor belongs to this page.

const NAMESPACES: readonly ('kba' | 'errors')[] = ['kba', 'errors'];

/** Every question's chosen answer, as the page marks them. */
const selectionsOf = (snapshot: SnapshotFrom<typeof kbaMachine>) => snapshot.context.selections;

function KbaCheck() {
  const { ports, config } = useAppActors();
  const { t } = useTranslation(NAMESPACES);
  const machine = useMemo(() => provideKbaMachine(ports), [ports]);
  // spec 001 §2: skip-to-report only outside production.
  const actor = useActorRef(machine, { input: { lowerEnvironment: !config.isProductionLike }, inspect });
  useRouteMachine(actor);
  useEffect(() => {
    const subscriptions = [
      actor.on('notify', (event: Extract<KbaEmitted, { type: 'notify' }>) => showNotifyToast(event, t, NAMESPACES)),
      actor.on('report.ordered', () => void invalidateAfterOrder(ports)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, ports, t]);
  const status = useSelector(actor, kbaSelectors.status);
  const questions = useSelector(actor, kbaSelectors.questions);
  const selections = useSelector(actor, selectionsOf);
  const canSubmit = useSelector(actor, kbaSelectors.canSubmit);
  const retry = useSelector(actor, kbaSelectors.retry);
  const attemptsLeft = useSelector(actor, kbaSelectors.attemptsLeft);
  const errorKey = useSelector(actor, kbaSelectors.errorKey);
  const retryAt = useSelector(actor, kbaSelectors.retryAt);
  const canSkip = useSelector(actor, kbaSelectors.canSkip);
  return (
    <KbaPage
      status={status}
      questions={questions}
      selections={selections}
      canSubmit={canSubmit}
      retry={retry}
      attemptsLeft={attemptsLeft}
      errorKey={errorKey}
      retryAt={retryAt}
      canSkip={canSkip}
      phone={config.supportPhone}
      creditPath={AREA_PATHS.credit}
      onSelect={(questionId, answerId) => actor.send({ type: 'answer.select', questionId, answerId })}
      onSubmit={() => actor.send({ type: 'answers.submit' })}
      onRetry={() => actor.send({ type: 'questions.retry' })}
      onSkip={() => actor.send({ type: 'kba.skip' })}
    />
  );
}

export default function KbaRoute() {
  const { kba } = useFeatureFlags();
  const flagsRead = useFeatureFlagsRead();
  // The flag is off by default: nothing shows until the flags document says whether it is on.
  if (!kba && !flagsRead) return null;
  return <PublicLayout width="wide">{kba ? <KbaCheck /> : <NotFoundPage />}</PublicLayout>;
}
