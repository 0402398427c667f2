import type { Chart, ChartTransition } from '../model/chart';

// The machine in words (docs/statecharts.md "Legible at a glance"): every transition as a sentence a product manager
// reads — "In Charging, when the gateway refuses, if attempts are left, go to Locked out and start countdown" —
// built only from the machine's own names and descriptions. This file gives the parts; the panel words them in the
// reader's language (statecharts.json `words.*`).

/** `lockedOut` → `locked out`, `card.retry` → `card retry`, `assignError` → `assign error`. */
export function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** A state's name as a heading: `lockedOut` → `Locked out`. */
export function stateWords(chart: Chart, id: string): string {
  const key = chart.states[id]?.key ?? id.split('.').at(-1) ?? id;
  const text = words(key);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A guard in words: `isCardValid && !hasExpired` → `is card valid and not has expired`. */
export function guardWords(label: string): string {
  return label
    .split(/\s*(&&|\|\|)\s*/)
    .map((part) => (part === '&&' ? 'and' : part === '||' ? 'or' : part.startsWith('!') ? `not ${words(part.slice(1))}` : words(part.replace(/\(.*\)$/, ''))))
    .join(' ');
}

export type TriggerWords =
  | { kind: 'description'; text: string }
  | { kind: 'event'; name: string }
  | { kind: 'after'; delay: string }
  | { kind: 'done' | 'error'; actor: string }
  | { kind: 'always' | 'finished' };

export interface TransitionSentence {
  id: string;
  source: string;
  /** The source state's name (`Charging`) and, for a nested one, its parents' (`Payment › Charging`). */
  state: string;
  trigger: TriggerWords;
  guard: string | null;
  /** Names of the states it goes to; empty when it stays. */
  targets: string[];
  actions: string[];
  /** The machine's ids, for search and tooltips. */
  notation: string;
}

function stateTrail(chart: Chart, id: string): string {
  const names: string[] = [];
  for (let current: string | null = id; current !== null && current !== chart.id; current = chart.states[current]?.parent ?? null) names.unshift(stateWords(chart, current));
  return names.join(' › ');
}

function trigger(transition: ChartTransition): TriggerWords {
  if (transition.description) return { kind: 'description', text: transition.description };
  switch (transition.kind) {
    case 'always':
      return { kind: 'always' };
    case 'after':
      return { kind: 'after', delay: transition.delay?.label ?? words(transition.event) };
    case 'done':
    case 'error':
      return { kind: transition.kind, actor: words(transition.actor ?? transition.event) };
    case 'done.state':
      return { kind: 'finished' };
    default:
      return { kind: 'event', name: words(transition.event) };
  }
}

export function transitionSentences(chart: Chart): TransitionSentence[] {
  return chart.transitions.map((transition) => ({
    id: transition.id,
    source: transition.source,
    state: stateTrail(chart, transition.source),
    trigger: trigger(transition),
    guard: transition.guard ? guardWords(transition.guard.label) : null,
    targets: transition.targets.map((target) => stateTrail(chart, target)),
    actions: transition.actions.filter((action) => action.kind !== 'inline').map((action) => words(action.label)),
    notation: `${transition.source} ${transition.lines.join(' ')} ${transition.targets.join(' ')}`,
  }));
}
