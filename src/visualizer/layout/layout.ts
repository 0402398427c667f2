import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { Chart, ChartState, ChartTransition } from '../model/chart';

// Layout adapter: turns a chart into an elkjs `layered` graph with `hierarchyHandling: INCLUDE_CHILDREN` (so
// arrows may cross compound borders), then reads elk's relative coordinates back as absolute boxes and
// polylines. The same function serves the visualizer and the headless SVG export, so both draw alike.
// Text is sized from character counts of a monospaced font, which keeps the result identical on every
// machine and in node, where nothing can be measured.

export const FONT_FAMILY = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace';
export const TITLE_FONT_PX = 13;
export const DETAIL_FONT_PX = 11;
export const LABEL_FONT_PX = 11;
const CHAR_WIDTH_EM = 0.6;
const LINE_HEIGHT = 1.35;
const PAD = 10;
const HISTORY_SIZE = 30;
const INITIAL_SIZE = 12;

export interface Point {
  x: number;
  y: number;
}

export interface NodeBox {
  /** The state id, or `<parent>::initial` for the initial-state marker. */
  id: string;
  kind: ChartState['kind'] | 'initial';
  x: number;
  y: number;
  width: number;
  height: number;
  title: string;
  details: string[];
  /** A compound or parallel state drawn without its children. */
  collapsed: boolean;
  /** Has children (drawn or collapsed): can be collapsed or expanded. */
  expandable: boolean;
  /** Drawn as a region of a parallel state (dashed border). */
  region: boolean;
  depth: number;
}

export interface EdgePath {
  /** `<transition id>#<target index>`, or `<parent>::initial` for the initial-state arrow. */
  id: string;
  /** The chart transition drawn; null for initial-state arrows. */
  transition: ChartTransition | null;
  /** The drawn ends: the state itself, or its nearest drawn ancestor when collapsed. */
  source: string;
  target: string;
  points: Point[];
  label: { x: number; y: number; width: number; height: number; lines: string[] } | null;
}

export interface DiagramLayout {
  chartId: string;
  width: number;
  height: number;
  /** Parents before children, so drawing in order paints containers first. */
  nodes: NodeBox[];
  edges: EdgePath[];
}

export interface LayoutOptions {
  /** Compound or parallel state ids drawn without their children. */
  collapsed?: ReadonlySet<string>;
}

export function textWidth(text: string, fontPx: number): number {
  return Math.ceil([...text].length * fontPx * CHAR_WIDTH_EM);
}

export function lineHeight(fontPx: number): number {
  return Math.ceil(fontPx * LINE_HEIGHT);
}

export function stateDetails(state: ChartState): string[] {
  const details: string[] = [];
  for (const invoke of state.invoke) details.push(`invoke ${invoke.src}`);
  if (state.entry.length > 0) details.push(`entry / ${state.entry.map((a) => a.label).join(', ')}`);
  if (state.exit.length > 0) details.push(`exit / ${state.exit.map((a) => a.label).join(', ')}`);
  if (state.tags.length > 0) details.push(`tags: ${state.tags.join(', ')}`);
  return details;
}

function stateTitle(state: ChartState): string {
  if (state.kind === 'history') return state.history === 'deep' ? 'H*' : 'H';
  return state.key;
}

/** Width and height of a state's heading: its name and the detail lines under it. */
function headingSize(title: string, details: readonly string[]): { width: number; height: number } {
  const width = Math.max(textWidth(title, TITLE_FONT_PX), ...details.map((d) => textWidth(d, DETAIL_FONT_PX)));
  return { width: width + PAD * 2, height: PAD + lineHeight(TITLE_FONT_PX) + details.length * lineHeight(DETAIL_FONT_PX) + PAD / 2 };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

const ROOT_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.direction': 'DOWN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.layered.thoroughness': '1',
  'elk.layered.crossingMinimization.greedySwitch.type': 'OFF',
  'elk.layered.crossingMinimization.greedySwitchHierarchical.type': 'OFF',
  'elk.layered.spacing.nodeNodeBetweenLayers': '48',
  'elk.layered.spacing.edgeNodeBetweenLayers': '16',
  'elk.spacing.nodeNode': '32',
  'elk.spacing.edgeEdge': '14',
  'elk.spacing.edgeNode': '16',
  'elk.spacing.edgeLabel': '4',
  'elk.edgeLabels.inline': 'false',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.padding': '[top=12,left=12,bottom=12,right=12]',
};

let engine: InstanceType<typeof ELK> | undefined;

/** One elk instance for the page or process: creating one registers every layout algorithm again. */
function elk(): InstanceType<typeof ELK> {
  engine ??= new ELK();
  return engine;
}

export async function layoutChart(chart: Chart, options: LayoutOptions = {}): Promise<DiagramLayout> {
  const collapsed = options.collapsed ?? new Set<string>();
  const hidden = (id: string): boolean => {
    for (let parent = chart.states[id]?.parent ?? null; parent !== null; parent = chart.states[parent]?.parent ?? null) {
      if (collapsed.has(parent)) return true;
    }
    return false;
  };
  /** The state itself when drawn, else the collapsed ancestor that stands for it. */
  const drawnAs = (id: string): string => {
    let drawn = id;
    for (let parent = chart.states[id]?.parent ?? null; parent !== null; parent = chart.states[parent]?.parent ?? null) {
      if (collapsed.has(parent)) drawn = parent;
    }
    return drawn;
  };

  const boxes = new Map<string, Omit<NodeBox, 'x' | 'y' | 'width' | 'height'>>();
  const toElk = (state: ChartState): ElkNode => {
    const title = stateTitle(state);
    const details = state.kind === 'history' ? [] : stateDetails(state);
    const isCollapsed = state.children.length > 0 && collapsed.has(state.id);
    const parent = state.parent === null ? undefined : chart.states[state.parent];
    boxes.set(state.id, {
      id: state.id,
      kind: state.kind,
      title,
      details,
      collapsed: isCollapsed,
      expandable: state.children.length > 0,
      region: parent?.kind === 'parallel',
      depth: state.depth,
    });
    const heading = headingSize(isCollapsed ? `${title} [+]` : title, details);
    if (state.kind === 'history') return { id: state.id, width: HISTORY_SIZE, height: HISTORY_SIZE };
    if (state.children.length === 0 || isCollapsed) {
      return { id: state.id, width: Math.max(heading.width, 72), height: Math.max(heading.height, 36) };
    }
    const children: ElkNode[] = [];
    const edges: ElkExtendedEdge[] = [];
    if (state.initial.length > 0) {
      const markerId = `${state.id}::initial`;
      boxes.set(markerId, { id: markerId, kind: 'initial', title: '', details: [], collapsed: false, expandable: false, region: false, depth: state.depth + 1 });
      children.push({ id: markerId, width: INITIAL_SIZE, height: INITIAL_SIZE });
      for (const target of state.initial) edges.push({ id: markerId, sources: [markerId], targets: [target] });
    }
    for (const childId of state.children) {
      const child = chart.states[childId];
      if (child) children.push(toElk(child));
    }
    return {
      id: state.id,
      children,
      edges,
      layoutOptions: {
        'elk.padding': `[top=${heading.height + 8},left=${PAD + 4},bottom=${PAD + 4},right=${PAD + 4}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${heading.width + 8}, ${heading.height + 24})`,
      },
    };
  };

  const root = chart.states[chart.id];
  if (!root) throw new Error(`chart ${chart.id} has no root state`);
  const transitions = new Map<string, { transition: ChartTransition; source: string; target: string }>();
  const edges: ElkExtendedEdge[] = [];
  for (const transition of chart.transitions) {
    if (hidden(transition.source) && transition.targets.every(hidden)) {
      // Inside a collapsed state on both ends: folded away with it, unless it leaves the collapsed state.
      const source = drawnAs(transition.source);
      if (transition.targets.every((t) => drawnAs(t) === source)) continue;
    }
    const targets = transition.targets.length > 0 ? transition.targets : [transition.source];
    targets.forEach((target, index) => {
      const id = `${transition.id}#${index}`;
      const source = drawnAs(transition.source);
      const drawnTarget = drawnAs(target);
      transitions.set(id, { transition, source, target: drawnTarget });
      const labelLines = transition.lines;
      const width = Math.max(...labelLines.map((l) => textWidth(l, LABEL_FONT_PX))) + 6;
      const height = labelLines.length * lineHeight(LABEL_FONT_PX) + 2;
      edges.push({ id, sources: [source], targets: [drawnTarget], labels: [{ id: `${id}:label`, text: labelLines.join('\n'), width, height }] });
    });
  }

  const graph: ElkNode = { id: '::graph', layoutOptions: ROOT_OPTIONS, children: [toElk(root)], edges };
  const result = await elk().layout(graph);

  const offsets = new Map<string, Point>([['::graph', { x: 0, y: 0 }]]);
  const nodes: NodeBox[] = [];
  const place = (node: ElkNode, parentOffset: Point) => {
    const x = parentOffset.x + (node.x ?? 0);
    const y = parentOffset.y + (node.y ?? 0);
    offsets.set(node.id, { x, y });
    const box = boxes.get(node.id);
    if (box) nodes.push({ ...box, x: round(x), y: round(y), width: round(node.width ?? 0), height: round(node.height ?? 0) });
    for (const child of node.children ?? []) place(child, { x, y });
  };
  for (const child of result.children ?? []) place(child, { x: 0, y: 0 });

  const paths: EdgePath[] = [];
  const collectEdges = (node: ElkNode) => {
    for (const edge of node.edges ?? []) {
      const offset = offsets.get(edge.container ?? node.id) ?? { x: 0, y: 0 };
      const shift = (p: Point): Point => ({ x: round(p.x + offset.x), y: round(p.y + offset.y) });
      const points = (edge.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]).map(shift);
      const known = transitions.get(edge.id);
      const label = edge.labels?.[0];
      paths.push({
        id: edge.id,
        transition: known?.transition ?? null,
        source: known?.source ?? edge.sources[0] ?? '',
        target: known?.target ?? edge.targets[0] ?? '',
        points,
        label:
          known && label
            ? { ...shift({ x: label.x ?? 0, y: label.y ?? 0 }), width: label.width ?? 0, height: label.height ?? 0, lines: known.transition.lines }
            : null,
      });
    }
    for (const child of node.children ?? []) collectEdges(child);
  };
  collectEdges(result);
  paths.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  return { chartId: chart.id, width: round(result.width ?? 0), height: round(result.height ?? 0), nodes, edges: paths };
}
