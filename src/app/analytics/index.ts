import { domainEventsOf, safeProperties, type AnalyticsEvent, type AnalyticsEventName } from '../../domain/analytics';
import { onMachineStep } from '../../inspect';

// The analytics port (spec 000 §7, spec 001 §7, spec 002 §7): one `track(name, properties)` for the whole app. The
// machines' domain events reach it from the statecharts themselves (every actor passes `inspect`; entering a state
// of src/domain/analytics.ts DOMAIN_EVENTS is the event), the views' clicks from one document listener
// (./clicks.ts), the score simulator's widget events from its page. Where the events go is the sink: the default is
// the sandbox below, which keeps them in memory for the visit (and logs them in development), like a vendor's debug
// view; a deployment with an analytics service passes its own sink to `startAnalytics`. No third-party script is
// loaded here.

/** Where events go: an analytics service's client, or the sandbox. */
export interface AnalyticsSink {
  send(event: AnalyticsEvent): void;
}

/** The DOM event each tracked event is announced with on window (the developer tools and e2e read it). */
export const ANALYTICS_DOM_EVENT = 'app.analytics';
const KEPT_EVENTS = 200;

/** The sandbox sink: the last 200 events of the visit, in memory, oldest first; logged to the console in development. */
export interface MemoryAnalyticsSink extends AnalyticsSink {
  events(): readonly AnalyticsEvent[];
  clear(): void;
}

export function createMemoryAnalyticsSink(options: { log?: (event: AnalyticsEvent) => void } = {}): MemoryAnalyticsSink {
  const kept: AnalyticsEvent[] = [];
  return {
    send(event) {
      kept.push(event);
      if (kept.length > KEPT_EVENTS) kept.splice(0, kept.length - KEPT_EVENTS);
      options.log?.(event);
    },
    events: () => kept,
    clear: () => {
      kept.length = 0;
    },
  };
}

const developmentLog = (event: AnalyticsEvent) => {
  console.debug(`[analytics] ${event.name}`, event.properties);
};

const inDevelopment = import.meta.env !== undefined && import.meta.env.DEV && import.meta.env.MODE !== 'test';

/** The sandbox every visit starts with. */
export const sandboxAnalytics: MemoryAnalyticsSink = createMemoryAnalyticsSink(inDevelopment ? { log: developmentLog } : {});

let sink: AnalyticsSink = sandboxAnalytics;

/** The one place events are reported: the properties are cut to the safe ones (no personal data) before they leave. */
export function track(name: AnalyticsEventName, properties: Readonly<Record<string, unknown>> = {}, at: Date = new Date()): void {
  const event: AnalyticsEvent = { name, properties: safeProperties(properties), at: at.toISOString() };
  sink.send(event);
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent<AnalyticsEvent>(ANALYTICS_DOM_EVENT, { detail: event }));
}

/**
 * Starts the port for the page: events go to `options.sink` (the sandbox by default), and every machine's domain
 * event is tracked. Returns the way to stop (tests).
 */
export function startAnalytics(options: { sink?: AnalyticsSink } = {}): () => void {
  sink = options.sink ?? sandboxAnalytics;
  const stopSteps = onMachineStep(({ machineId, entered }) => {
    for (const name of domainEventsOf(machineId, entered)) track(name, { machine: machineId });
  });
  return () => {
    stopSteps();
    sink = sandboxAnalytics;
  };
}
