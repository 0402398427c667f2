import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { bankWidgetMachine } from '../../../../machines/money/bankWidget.machine';
import type { BankWidgetActorSignatures as Sig } from '../../../../machines/money/bankWidgetPorts';
import type { NotifyEmitted } from '../../../../machines/ports';
import { sessionSelectors } from '../../../../machines/shell/session.machine';
import { resolveWidgetRoute, type BankWidgetName } from '../../../domain/bankWidgets';
import { actorFromClaims } from '../../../domain/permissions';
import { MONEY_PATHS } from '../../../domain/routes';
import type { KeyIn } from '../../../i18n/keys';
import { inspect } from '../../../inspect';
import { BankWidgetPage } from '../../../views/money/widgets/BankWidgetPage';
import { LinkAccountsDialog } from '../../../views/money/widgets/LinkAccountsDialog';
import { promiseActor, QUERY_KEYS, type AppPorts } from '../../ports';
import { useAppActors } from '../../shell/appActors';
import { showNotifyToast } from '../../shell/notify';

// The money area's bank widgets (spec 002 §2): /money/modal/link-accounts (the connect widget in a dialog over the
// overview) and /money/:widgetName (a name without the 'Widget' suffix gets it; an unknown name goes to /money). Both
// below the money area's layout, which shows the free line the upgrade banner instead. The address is never cached
// (spec 001 §9): every visit asks for a new widget session.

export function provideBankWidgetMachine(ports: Pick<AppPorts, 'debts'>) {
  return bankWidgetMachine.provide({
    actors: {
      fetchWidgetUrl: promiseActor<Sig['fetchWidgetUrl']>(async ({ widgetName }) => (await ports.debts()).getWidgetUrl(widgetName)),
    },
  });
}

function useBankWidget(widget: BankWidgetName) {
  const { ports, session } = useAppActors();
  const claims = useSelector(session, sessionSelectors.claims);
  const machine = useMemo(() => provideBankWidgetMachine(ports), [ports]);
  const actor = useActorRef(machine, { input: { actor: actorFromClaims(claims ?? {}), widget }, inspect });
  const { t } = useTranslation('money');
  useEffect(() => {
    const subscription = actor.on('notify', (event) => showNotifyToast(event as NotifyEmitted<KeyIn<'money'>>, t, ['money']));
    return () => subscription.unsubscribe();
  }, [actor, t]);
  return actor;
}

function WidgetHost({ widget }: { widget: Exclude<BankWidgetName, 'connect'> }) {
  const actor = useBankWidget(widget);
  return <BankWidgetPage actor={actor} widget={widget} backPath={MONEY_PATHS.overview} />;
}

export function BankWidgetRoute() {
  const { widgetName } = useParams();
  const resolved = resolveWidgetRoute(widgetName);
  if (resolved.kind === 'unknown') return <Navigate to={MONEY_PATHS.overview} replace />;
  if (resolved.kind === 'redirect') return <Navigate to={`${MONEY_PATHS.overview}/${resolved.to}`} replace />;
  // A new widget, a new actor: the key starts it afresh when the address changes.
  return <WidgetHost key={resolved.widget} widget={resolved.widget} />;
}

export function LinkAccountsRoute() {
  const actor = useBankWidget('connect');
  const navigate = useNavigate();
  const { ports } = useAppActors();
  const linkedCount = useSelector(actor, (s) => s.context.linkedCount);
  const close = () => {
    // The overview's cash and connected institutions read again once something was linked.
    if (linkedCount > 0) void ports.queryClient().then((client) => client.invalidateQueries({ queryKey: [...QUERY_KEYS.connectedInstitutions] }));
    navigate(MONEY_PATHS.overview);
  };
  return <LinkAccountsDialog actor={actor} onClose={close} />;
}
