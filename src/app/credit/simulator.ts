import type { SimulatorEvent, SimulatorLocale } from '../../domain/scoreSimulator';
import { track } from '../analytics';

// The score-simulator widget's address (spec 001 §2 "Simulator") and where its analytics events go.

export interface SimulatorWidgetParams {
  /** getCreditDisplayTokens().widgetUrl: the vendor's widget, or the local sandbox page outside production. */
  widgetUrl: string;
  appKey: string;
  userToken: string;
  displayToken: string;
  reportKey: string;
  /** true outside production. */
  sandbox: boolean;
  /** The app's language. */
  language: string;
}

/** es-US when the app's language is es, otherwise en-US (spec 001 §2). */
export function simulatorLocale(language: string): SimulatorLocale {
  return language.toLowerCase().startsWith('es') ? 'es-US' : 'en-US';
}

/** The widget's address with its query: the app key, the tokens, the report key, the sandbox flag and the locale. */
export function simulatorWidgetUrl(params: SimulatorWidgetParams): string {
  const url = new URL(params.widgetUrl);
  url.searchParams.set('appKey', params.appKey);
  url.searchParams.set('userToken', params.userToken);
  url.searchParams.set('displayToken', params.displayToken);
  url.searchParams.set('reportKey', params.reportKey);
  url.searchParams.set('sandbox', String(params.sandbox));
  url.searchParams.set('locale', simulatorLocale(params.language));
  return url.toString();
}

/** What the app records of the simulator's use: the widget's event, when it arrived. */
export interface SimulatorAnalyticsRecord {
  event: SimulatorEvent;
  at: Date;
}

/** The DOM event each record is announced with, for whatever analytics a deployment attaches to the page. */
export const SIMULATOR_ANALYTICS_EVENT = 'app.analytics.simulator';
const KEPT_RECORDS = 50;
const records: SimulatorAnalyticsRecord[] = [];

/**
 * spec 001 §7: analytics events are sent for simulator use, through the analytics port (src/app/analytics: the
 * widget's event name, its bureau and the kinds of scenario, nothing about the customer). The page also keeps the
 * last 50 of the visit here and announces each on window as SIMULATOR_ANALYTICS_EVENT.
 */
export function recordSimulatorEvent(event: SimulatorEvent, at = new Date()): void {
  track('simulator_event', { name: event.name, bureau: event.bureau, scenarios: event.scenarios.join(',') }, at);
  const record: SimulatorAnalyticsRecord = { event, at };
  records.push(record);
  if (records.length > KEPT_RECORDS) records.splice(0, records.length - KEPT_RECORDS);
  window.dispatchEvent(new CustomEvent<SimulatorAnalyticsRecord>(SIMULATOR_ANALYTICS_EVENT, { detail: record }));
}

/** The simulator events recorded in this visit, oldest first. */
export function recordedSimulatorEvents(): readonly SimulatorAnalyticsRecord[] {
  return records;
}
