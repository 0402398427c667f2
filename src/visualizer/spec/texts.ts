import { useTranslation } from 'react-i18next';

// The Spec tab's words in English and Spanish. Kept beside the tab (not in public/locales/*/statecharts.json) so
// the tab ships as one piece; the visualizer's language switch chooses between them. Section numbers, machine and
// state ids are the spec's and the statechart's own notation and stay as they are.

const en = {
  tab: 'Spec',
  machineSections: 'Spec sections of this machine',
  selected: 'Selected state',
  selectHint: 'Click a state on the diagram to see the sections it implements.',
  internal: 'No user sees this state (the machine lists it as internal).',
  root: 'The machine as a whole.',
  namesNone: 'This user-facing state names no spec section.',
  transitions: 'Its transitions',
  ownSection: 'its own section',
  stateSection: 'its state’s section',
  filter: 'Filter by section',
  filterPlaceholder: 'All sections',
  filterHint: 'The diagram marks the states and transitions that implement the section.',
  inMachine: (states: number, transitions: number) => `${states} states and ${transitions} transitions here implement it.`,
  elsewhere: 'Also implemented by',
  report: 'All machines by section',
  reportSummary: (named: number, total: number, machines: number) => `${named} of ${total} user-facing states in ${machines} machines name a section.`,
  machinesCount: (count: number) => (count === 1 ? '1 machine' : `${count} machines`),
  statesCount: (count: number) => (count === 1 ? '1 state' : `${count} states`),
  unnamed: 'User-facing states that name no section',
  noneUnnamed: 'None: every user-facing state names one.',
  unreferenced: 'Spec headings no machine names',
  command: 'The same report in a terminal: npm run statecharts:spec',
};

const es: typeof en = {
  tab: 'Especificación',
  machineSections: 'Secciones de la especificación de esta máquina',
  selected: 'Estado seleccionado',
  selectHint: 'Haga clic en un estado del diagrama para ver las secciones que implementa.',
  internal: 'Ningún usuario ve este estado (la máquina lo declara interno).',
  root: 'La máquina en su conjunto.',
  namesNone: 'Este estado visible para el usuario no nombra ninguna sección.',
  transitions: 'Sus transiciones',
  ownSection: 'sección propia',
  stateSection: 'sección de su estado',
  filter: 'Filtrar por sección',
  filterPlaceholder: 'Todas las secciones',
  filterHint: 'El diagrama marca los estados y transiciones que implementan la sección.',
  inMachine: (states, transitions) => `${states} estados y ${transitions} transiciones de esta máquina la implementan.`,
  elsewhere: 'También la implementan',
  report: 'Todas las máquinas por sección',
  reportSummary: (named, total, machines) => `${named} de ${total} estados visibles para el usuario en ${machines} máquinas nombran una sección.`,
  machinesCount: (count) => (count === 1 ? '1 máquina' : `${count} máquinas`),
  statesCount: (count) => (count === 1 ? '1 estado' : `${count} estados`),
  unnamed: 'Estados visibles para el usuario que no nombran ninguna sección',
  noneUnnamed: 'Ninguno: todos los estados visibles para el usuario nombran una.',
  unreferenced: 'Secciones de la especificación que ninguna máquina nombra',
  command: 'El mismo informe en una terminal: npm run statecharts:spec',
};

export type SpecTexts = typeof en;

export function useSpecTexts(): SpecTexts {
  const { i18n } = useTranslation('statecharts');
  return i18n.resolvedLanguage === 'es' ? es : en;
}
