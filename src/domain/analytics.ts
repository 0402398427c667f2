
// Analytics (spec 000 §7 "Other dependencies: ... analytics", spec 001 §7 "Analytics events are sent for simulator
// use and action feedback", spec 002 §7 analytics events): an event per click that matters and per domain event.
// The catalogue is written once, here: the domain events are read off the statecharts (a machine entering a state
// is the event, DOMAIN_EVENTS below), so a flow's analytics follow its machine; the clicks are the controls a view
// marks with `data-track` (src/app/analytics/clicks.ts). Properties carry names, counts and flags, never what a
// person typed: no email, no number long enough to be a phone, an SSN or an account (isSafeProperty).

/** The domain events, each a machine's state: entering it is the event. */
export const DOMAIN_EVENTS = [
  { event: 'sign_in', machine: 'signIn', state: 'signedIn' },
  { event: 'sign_up', machine: 'signUp', state: 'verificationSent' },
  { event: 'sign_up', machine: 'signUp', state: 'signedIn' },
  { event: 'password_reset_link_sent', machine: 'resetLinkRequest', state: 'sent' },
  { event: 'password_reset', machine: 'passwordReset', state: 'done' },
  { event: 'password_reset', machine: 'passwordReset', state: 'verificationSent' },
  { event: 'goal_selected', machine: 'goalSelection', state: 'created' },
  { event: 'authorizations_accepted', machine: 'authorizations', state: 'accepted' },
  { event: 'intake_completed', machine: 'intake', state: 'completed' },
  { event: 'identity_check_passed', machine: 'kba', state: 'passed' },
  { event: 'disputes_submitted', machine: 'disputeWizard', state: 'submitted' },
  { event: 'payment_completed', machine: 'paymentPipeline', state: 'complete' },
  { event: 'document_uploaded', machine: 'documentUpload', state: 'done' },
  { event: 'savings_updated', machine: 'savingsUpdate', state: 'saved' },
  { event: 'support_request_sent', machine: 'supportRequest', state: 'sent' },
  { event: 'cancellation_requested', machine: 'cancellationRequest', state: 'processed' },
] as const satisfies readonly { event: string; machine: string; state: string }[];

export type DomainEventName = (typeof DOMAIN_EVENTS)[number]['event'];

/** The other events: a click on a marked control, and the score simulator's widget events (spec 001 §7). */
export type AnalyticsEventName = DomainEventName | 'click' | 'simulator_event' | 'action_feedback';

export type AnalyticsProperty = string | number | boolean;
export type AnalyticsProperties = Readonly<Record<string, AnalyticsProperty>>;

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  properties: AnalyticsProperties;
  /** ISO time the event happened. */
  at: string;
}

const MAX_PROPERTY_LENGTH = 100;
const PROPERTY_NAME = /^[a-z][a-zA-Z0-9_]{0,39}$/;
// An email, or digits enough to be a phone, an SSN, a card or an account number, with or without separators.
const PERSONAL_DATA = /@|(?:\d[\s().-]*){5,}/;

/** A property value an event may carry: a flag, a finite number, or a short name that is nobody's personal data. */
export function isSafeProperty(value: unknown): value is AnalyticsProperty {
  if (typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && value.length <= MAX_PROPERTY_LENGTH && !PERSONAL_DATA.test(value);
}

/** The properties an event may carry: the safe ones (anything else is dropped rather than sent). */
export function safeProperties(properties: Readonly<Record<string, unknown>> = {}): AnalyticsProperties {
  const kept: Record<string, AnalyticsProperty> = {};
  for (const [name, value] of Object.entries(properties)) {
    if (PROPERTY_NAME.test(name) && isSafeProperty(value)) kept[name] = value;
  }
  return kept;
}

/** The domain event a machine's step is, if any: its machine and the ids of the states it entered ('signIn.signedIn'). */
export function domainEventsOf(machineId: string, enteredStateIds: readonly string[]): DomainEventName[] {
  const events: DomainEventName[] = [];
  for (const { event, machine, state } of DOMAIN_EVENTS) {
    if (machine === machineId && enteredStateIds.includes(`${machine}.${state}`) && !events.includes(event)) events.push(event);
  }
  return events;
}
