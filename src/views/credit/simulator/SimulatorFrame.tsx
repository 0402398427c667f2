import { useTranslation } from 'react-i18next';
import { SCENARIO_KINDS, SIMULATOR_EVENT_MESSAGE, type SimulatorEvent, type SimulatorEventName } from '../../../domain/scoreSimulator';
import { WidgetFrame } from '../../components/WidgetFrame';

// The score-simulator widget in a sandboxed frame (spec 001 §2 "Simulator"), built like the bank-link widget's
// (src/views/components/widgetFrame.ts, WidgetFrame.tsx): scripts and its own scenario form (a POST to itself) run, nothing
// else. The widget lives on another origin than the app (the vendor's, or locally the functions emulator's), so the
// frame keeps that origin (allow-same-origin gives it nothing of the app's across origins) and its analytics messages
// can be told apart by origin: only a message from the widget URL's origin and from this frame's window counts, and
// only one shaped as the widget's analytics event (spec 001 §7: analytics events are sent for simulator use).

const EVENT_NAMES: readonly SimulatorEventName[] = ['widget_loaded', 'simulation_run'];

/** The widget's analytics event, or null for anything else it (or anyone) posts. */
export function simulatorEventOf(data: unknown): SimulatorEvent | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, name, bureau, scenarios } = data as Record<string, unknown>;
  if (type !== SIMULATOR_EVENT_MESSAGE || !EVENT_NAMES.includes(name as SimulatorEventName)) return null;
  if (typeof bureau !== 'string' || !Array.isArray(scenarios)) return null;
  const kinds = scenarios.filter((kind): kind is SimulatorEvent['scenarios'][number] => SCENARIO_KINDS.includes(kind as never));
  if (kinds.length !== scenarios.length) return null;
  return { type: SIMULATOR_EVENT_MESSAGE, name: name as SimulatorEventName, bureau, scenarios: kinds };
}

export interface SimulatorFrameProps {
  url: string;
  title: string;
  onEvent: (event: SimulatorEvent) => void;
}

export function SimulatorFrame({ url, title, onEvent }: SimulatorFrameProps) {
  const { t } = useTranslation('creditTools');
  return <WidgetFrame url={url} title={title} loadingLabel={t('simulator.loading')} height={760} eventOf={simulatorEventOf} onEvent={onEvent} />;
}
