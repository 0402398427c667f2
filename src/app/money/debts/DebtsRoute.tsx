import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { debtsMachine, type DebtsActorSignatures as Sig } from '../../../../machines/money/debts.machine';
import type { NotifyEmitted } from '../../../../machines/ports';
import { sessionSelectors } from '../../../../machines/shell/session.machine';
import { actorFromClaims } from '../../../domain/permissions';
import type { KeyIn } from '../../../i18n/keys';
import { inspect } from '../../../inspect';
import { DebtsPage } from '../../../views/money/debts/DebtsPage';
import { localIsoDay } from '../../shell/sessionFacts';
import { promiseActor, type AppPorts } from '../../ports';
import { useAppActors } from '../../shell/appActors';
import { showNotifyToast } from '../../shell/notify';

// /money/debts/* (spec 002 §2, §4): the debts page with its machine's actors over the debts adapter (loaded with this
// page), below the money area's layout (src/app/money/MoneyRoute.tsx: the free product line sees the upgrade banner
// there; the callables refuse it too). The machine's toasts are the money namespace's (debts.*) or the errors catalogue's (coach.toast.not-permitted).

const NOTIFY_NAMESPACES = ['money', 'errors'] as const;

export function provideDebtsMachine(ports: Pick<AppPorts, 'debts'>) {
  return debtsMachine.provide({
    actors: {
      loadDebts: promiseActor<Sig['loadDebts']>(async () => (await ports.debts()).getDebts()),
      saveShow: promiseActor<Sig['saveShow']>(async (change) => (await ports.debts()).updateCreditBalance(change)),
      saveExtraPayment: promiseActor<Sig['saveExtraPayment']>(async ({ amount }) => (await ports.debts()).updateAdditionalDebtPayment(amount)),
    },
  });
}

/** Below the money area's layout, which shows the free product line the upgrade banner instead. */
function DebtsHost() {
  const { ports, session } = useAppActors();
  const claims = useSelector(session, sessionSelectors.claims);
  const machine = useMemo(() => provideDebtsMachine(ports), [ports]);
  const actor = useActorRef(machine, { input: { actor: actorFromClaims(claims ?? {}), today: localIsoDay(new Date()) }, inspect });
  const { t } = useTranslation(NOTIFY_NAMESPACES);
  useEffect(() => {
    const subscription = actor.on('notify', (event) =>
      showNotifyToast(event as NotifyEmitted<KeyIn<(typeof NOTIFY_NAMESPACES)[number]>>, t, NOTIFY_NAMESPACES),
    );
    return () => subscription.unsubscribe();
  }, [actor, t]);
  return <DebtsPage actor={actor} />;
}

export default function DebtsRoute() {
  return <DebtsHost />;
}
