// Traced to the spec (docs/statecharts.md "Traced to the spec"): every state and transition a user can see names
// the spec sections it implements in its `meta`, as `{ spec: ['001 §4'] }`, written with `spec(...)` below. A
// section is the document's number (000, 001 or 002, ../shared/spec/README.md) and its numbered heading, with the
// subsection where the document numbers one (`000 §4.4`); 001 and 002 number only their top-level sections. The
// type accepts only headings the documents have, so a mistyped or invented section does not compile, and
// `parseSpecSection` checks the same for meta read back from JSON. The machine's own `meta` (its root) names the
// sections of the flow as a whole and may list the states no user sees (`internal`).

import type { SpecSection } from './specSections';

export type { SpecDocument, SpecSection } from './specSections';

/** The `meta` of a state or transition a user can see. */
export type SpecMeta = { spec: readonly [SpecSection, ...SpecSection[]] };

/**
 * The `meta` of a machine (its root): the sections of the flow as a whole, and the states no user ever sees,
 * by their path from the root (`'decide'`, `'upload.routing'`); a listed state's descendants are internal too.
 */
export type MachineSpecMeta = SpecMeta & { internal?: readonly string[] };

/** `meta: spec('000 §4.4', '000 §8')` on a state or transition. */
export function spec(...sections: [SpecSection, ...SpecSection[]]): SpecMeta {
  return { spec: sections };
}

/** `meta: machineSpec(['000 §4.4'], ['decide'])` on a machine: its sections, then its internal states. */
export function machineSpec(sections: readonly [SpecSection, ...SpecSection[]], internal: readonly string[] = []): MachineSpecMeta {
  return internal.length > 0 ? { spec: sections, internal } : { spec: sections };
}

/** The sections a `meta` names (`[]` when it names none or is not an object). */
export function specSectionsOf(meta: unknown): string[] {
  if (typeof meta !== 'object' || meta === null) return [];
  const list = (meta as { spec?: unknown }).spec;
  return Array.isArray(list) ? list.map(String) : [];
}

/** Sort order of sections: document, then section numbers (000 §2.5 before 000 §3, 000 §9 before 001 §1). */
export function compareSpecSections(a: string, b: string): number {
  const parts = (text: string) => text.replace('§', '').split(/[ .]/).filter(Boolean).map(Number);
  const [left, right] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const difference = (left[i] ?? -1) - (right[i] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}
