// The spec's numbered headings with their titles, and the check of a section read back from JSON (machines/spec.ts
// says how machines name them). Apart from machines/spec.ts so the titles load only with what shows them (the
// statechart visualizer, the spec report), not with every machine the first page starts.

/** Every numbered heading of the three spec documents, with its title. */
export const SPEC_SECTIONS = {
  '000 §1': 'What the product does and for whom',
  '000 §2': 'Screens and routes',
  '000 §2.1': 'Home, sign-in and sign-up paths by site',
  '000 §2.2': 'Public and onboarding routes',
  '000 §2.3': 'Guard chain for signed-in pages',
  '000 §2.4': 'Main shell (signed-in)',
  '000 §2.5': 'Settings',
  '000 §3': 'Entities and their fields',
  '000 §3.1': 'User document',
  '000 §3.2': 'Customer, partner and settings',
  '000 §3.3': 'Authentication claims',
  '000 §3.4': 'Customer contact record',
  '000 §3.5': 'User info and goal option lists',
  '000 §3.6': 'Roles',
  '000 §4': 'States and transitions',
  '000 §4.1': 'Authentication',
  '000 §4.2': 'Load view',
  '000 §4.3': 'Sign-up and sign-in',
  '000 §4.4': 'Password reset page',
  '000 §4.5': 'Verify email and recover email',
  '000 §4.6': 'Password change in settings',
  '000 §4.7': 'Inline edit',
  '000 §4.8': 'Language',
  '000 §5': 'Validation rules',
  '000 §6': 'Roles and permissions',
  '000 §7': 'The calls it makes',
  '000 §8': 'The error catalogue',
  '000 §9': 'Business constants and limits',
  '001 §1': 'Credit area: what the product does and for whom',
  '001 §2': 'Credit area: screens and routes',
  '001 §3': 'Credit area: entities and their fields',
  '001 §4': 'Credit area: states and transitions',
  '001 §5': 'Credit area: validation rules',
  '001 §6': 'Credit area: roles and permissions',
  '001 §7': 'Credit area: the calls it makes',
  '001 §8': 'Credit area: the error catalogue',
  '001 §9': 'Credit area: business constants and limits',
  '002 §1': 'Customer journey: what the product does and for whom',
  '002 §2': 'Customer journey: screens and routes',
  '002 §3': 'Customer journey: entities and their fields',
  '002 §4': 'Customer journey: states and transitions',
  '002 §5': 'Customer journey: validation rules',
  '002 §6': 'Customer journey: roles and permissions',
  '002 §7': 'Customer journey: the calls it makes',
  '002 §8': 'Customer journey: the error catalogue',
  '002 §9': 'Customer journey: business constants and limits',
} as const satisfies Record<`${SpecDocument} §${number}`, string>;

export type SpecDocument = '000' | '001' | '002';
/** A section as the machines write it: `001 §4`, `000 §4.4`. */
export type SpecSection = keyof typeof SPEC_SECTIONS;

const SECTION_FORMAT = /^(000|001|002) §(\d+)(?:\.(\d+))?$/;

/** Why a written section is not one: its format, or a heading the document does not have; null when it is one. */
export function specSectionProblem(text: unknown): string | null {
  if (typeof text !== 'string') return `a section is a string like "001 §4", not ${JSON.stringify(text)}`;
  if (!SECTION_FORMAT.test(text)) return `"${text}" is not a section: write the document (000, 001, 002), a space, § and its number, e.g. "001 §4" or "000 §4.4"`;
  if (!(text in SPEC_SECTIONS)) return `"${text}" is no heading of spec document ${text.slice(0, 3)}`;
  return null;
}

export function parseSpecSection(text: unknown): SpecSection | null {
  return specSectionProblem(text) === null ? (text as SpecSection) : null;
}

