import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { moneyOverviewSelectors, type MoneyOverviewData } from '../../../machines/money/moneyOverview.machine';
import { paymentSimulatorMachine, type PaymentSimulatorInput } from '../../../machines/money/paymentSimulator.machine';
import type { NotifyEmitted } from '../../../machines/ports';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { actorFromClaims } from '../../domain/permissions';
import type { KeyIn } from '../../i18n/keys';
import { MortgagePicker } from '../../views/money/MortgagePicker';
import { showNotifyToast } from '../shell/notify';
import { useTranslation } from 'react-i18next';
import { BILLING_UPGRADE_PATH, MONEY_PATHS } from '../../domain/routes';
import { inspect } from '../../inspect';
import { CreditUpgradeBanner } from '../../views/credit/CreditUpgradeBanner';
import { MoneyLoadFailed, MoneyLoading, MoneyOverviewPage } from '../../views/money/MoneyOverviewPage';
import { PaymentSimulator } from '../../views/money/PaymentSimulator';
import { useAppActors } from '../shell/appActors';
import { provideMoneyOverviewMachine, provideMortgagePickerMachine } from './machines';

// /money, the overview (spec 002 §2 Money overview): the moneyOverview machine loads the figures (the upgrade
// banner when the server refuses the free line; loaded again when the window regains focus, since a bank may have
// been linked in another tab); a mortgage goal gets the payment simulator, its own machine, started from the
// customer's figures; a mortgage or refinance goal gets the existing mortgages to pick from (spec 002 §7
// getMortgages), their own machine too.

const NOTIFY_NAMESPACES = ['money', 'errors'] as const;

function simulatorInput(data: MoneyOverviewData): PaymentSimulatorInput {
  return {
    purchasePrice: data.goal?.purchasePrice ?? null,
    savings: data.goal?.currentSavings ?? null,
    annualIncome: data.annualIncome,
    monthlyDebts: data.debts?.monthlyDebtPayment ?? null,
    interestRatePercent: data.mortgageRate,
    pmiTable: data.pmiTable,
    state: data.goal?.purchaseState ?? null,
  };
}

function MortgageSimulator({ data }: { data: MoneyOverviewData }) {
  const input = useMemo(() => simulatorInput(data), [data]);
  const simulator = useActorRef(paymentSimulatorMachine, { input, inspect });
  return <PaymentSimulator actor={simulator} pmiTable={input.pmiTable} state={input.state} />;
}

function ExistingMortgages({ goalType }: { goalType: 'refinance' | 'mortgage_loan' }) {
  const { ports, session } = useAppActors();
  const claims = useSelector(session, sessionSelectors.claims);
  const machine = useMemo(() => provideMortgagePickerMachine(ports), [ports]);
  const picker = useActorRef(machine, { input: { actor: actorFromClaims(claims ?? {}) }, inspect });
  const { t } = useTranslation(NOTIFY_NAMESPACES);
  useEffect(() => {
    const subscription = picker.on('notify', (event) =>
      showNotifyToast(event as NotifyEmitted<KeyIn<(typeof NOTIFY_NAMESPACES)[number]>>, t, NOTIFY_NAMESPACES),
    );
    return () => subscription.unsubscribe();
  }, [picker, t]);
  return <MortgagePicker actor={picker} goalType={goalType} />;
}

export default function MoneyOverviewRoute() {
  const { ports, config } = useAppActors();
  const machine = useMemo(() => provideMoneyOverviewMachine(ports), [ports]);
  const page = useActorRef(machine, { inspect });
  const data = useSelector(page, moneyOverviewSelectors.data);
  const loading = useSelector(page, moneyOverviewSelectors.loading);
  const loadFailed = useSelector(page, moneyOverviewSelectors.loadFailed);
  const upgradeRequired = useSelector(page, moneyOverviewSelectors.upgradeRequired);

  useEffect(() => {
    const focused = () => page.send({ type: 'data.reload' });
    window.addEventListener('focus', focused);
    return () => window.removeEventListener('focus', focused);
  }, [page]);

  if (upgradeRequired) return <CreditUpgradeBanner upgradePath={BILLING_UPGRADE_PATH} phone={config.supportPhone} />;
  if (loadFailed) return <MoneyLoadFailed onRetry={() => page.send({ type: 'load.retry' })} />;
  if (loading || !data) return <MoneyLoading />;
  return (
    <MoneyOverviewPage
      data={data}
      debtsPath={MONEY_PATHS.debts}
      linkAccountsPath={MONEY_PATHS.linkAccounts}
      simulator={data.goal?.type === 'mortgage_loan' ? <MortgageSimulator data={data} /> : null}
      mortgages={
        data.goal?.type === 'mortgage_loan' || data.goal?.type === 'refinance' ? <ExistingMortgages goalType={data.goal.type} /> : null
      }
    />
  );
}
