// Diagram colours. Written as SVG attributes (not CSS) so an exported SVG looks the same anywhere.
// Coverage uses colour and line style together (uncovered is dashed) so it survives colour blindness and
// grey-scale printing.
export const colors = {
  background: '#ffffff',
  text: '#212529',
  muted: '#495057',
  stateFill: '#ffffff',
  stateStroke: '#495057',
  compoundFill: '#f8f9fa',
  regionStroke: '#868e96',
  edge: '#868e96',
  labelBackground: '#ffffff',
  initial: '#212529',
  active: '#1971c2',
  activeFill: '#d0ebff',
  taken: '#1971c2',
  selected: '#e8590c',
  covered: '#2b8a3e',
  coveredFill: '#d3f9d8',
  uncovered: '#c92a2a',
  uncoveredFill: '#ffe3e3',
  // What changed since a revision (added, changed, removed): colour and line style together, as for coverage.
  added: '#2b8a3e',
  addedFill: '#d3f9d8',
  changed: '#e67700',
  changedFill: '#fff3bf',
  removed: '#c92a2a',
} as const;

export type EdgeTone = 'default' | 'taken' | 'covered' | 'uncovered' | 'added' | 'changed';

export const edgeColors: Record<EdgeTone, string> = {
  default: colors.edge,
  taken: colors.taken,
  covered: colors.covered,
  uncovered: colors.uncovered,
  added: colors.added,
  changed: colors.changed,
};
