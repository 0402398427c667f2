import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SimulatorPage, type SimulatorPageState } from '../../views/credit/simulator/SimulatorPage';
import { useAppActors } from '../shell/appActors';
import { useCachedQuery } from '../shell/queries';
import { CreditLanguageToggle } from './CreditLanguageToggle';
import { creditQueries } from './reportQueries';
import { recordSimulatorEvent, simulatorWidgetUrl } from './simulator';

// /credit/simulator (spec 001 §2 "Simulator"): the display tokens (a cached read) give the widget its address and
// tokens; the app adds its app key, the sandbox flag (outside production) and the locale of the app's language.
// The widget keeps the address it opened with until the language changes, so a background refetch of the tokens
// does not reload it under the customer's simulation.

export default function CreditSimulatorRoute() {
  const { ports, config } = useAppActors();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const queries = useMemo(() => creditQueries(ports), [ports]);
  const tokens = useCachedQuery(queries.displayTokens.queryKey, queries.displayTokens.queryFn, true);
  const [opened, setOpened] = useState<{ language: string; url: string } | null>(null);
  if (tokens.data !== undefined && (opened === null || opened.language !== language)) {
    const url = simulatorWidgetUrl({
      widgetUrl: tokens.data.widgetUrl,
      appKey: config.simulatorAppKey,
      userToken: tokens.data.userToken,
      displayToken: tokens.data.displayToken,
      reportKey: tokens.data.reportKey,
      sandbox: !config.isProductionLike,
      language,
    });
    setOpened({ language, url });
  }
  let state: SimulatorPageState;
  if (opened !== null) state = { status: 'shown', url: opened.url };
  else if (tokens.isError) state = { status: 'failed', onRetry: tokens.refetch };
  else state = { status: 'loading' };
  return <SimulatorPage state={state} tools={<CreditLanguageToggle />} onEvent={recordSimulatorEvent} />;
}
