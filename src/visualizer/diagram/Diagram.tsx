import { memo, type KeyboardEvent, type ReactElement } from 'react';
import { Group } from '@visx/group';
import { LinePath } from '@visx/shape';
import {
  DETAIL_FONT_PX,
  FONT_FAMILY,
  LABEL_FONT_PX,
  TITLE_FONT_PX,
  lineHeight,
  type DiagramLayout,
  type EdgePath,
  type NodeBox,
  type Point,
} from '../layout/layout';
import { colors, edgeColors, type EdgeTone } from './theme';

// The statechart drawing, shared by the visualizer (inside a pan/zoom group) and the headless export
// (rendered to markup with react-dom/server). Pure: everything it shows comes in through props.

export interface DiagramHighlight {
  /** States to mark as current (simulation, path step, live actor). */
  active?: ReadonlySet<string>;
  /** Transition ids just taken. */
  taken?: ReadonlySet<string>;
  /** Coverage overlay: covered state and transition ids; everything else counts as uncovered. */
  coverage?: { states: ReadonlySet<string>; transitions: ReadonlySet<string> };
  selected?: string | null;
  /** What changed since a revision: added or changed states and transitions (by id). */
  diff?: { states: Readonly<Record<string, 'added' | 'changed'>>; transitions: Readonly<Record<string, 'added' | 'changed'>> };
}

/** The words the drawing uses for assistive technology and tooltips (English by default: the exported files). */
export interface DiagramLabels {
  state: (id: string) => string;
  expand: (id: string) => string;
  collapse: (id: string) => string;
  history: (id: string, deep: boolean) => string;
  /** Where a transition without targets goes. */
  itself: string;
}

export const ENGLISH_DIAGRAM_LABELS: DiagramLabels = {
  state: (id) => `state ${id}`,
  expand: (id) => `expand ${id}`,
  collapse: (id) => `collapse ${id}`,
  history: (id, deep) => `${id} (${deep ? 'deep' : 'shallow'} history)`,
  itself: 'itself',
};

export interface DiagramProps {
  layout: DiagramLayout;
  highlight?: DiagramHighlight;
  labels?: DiagramLabels;
  /** Prefix for marker ids, unique per drawing on a page. */
  idPrefix?: string;
  onSelectState?: (stateId: string) => void;
  onToggleCollapse?: (stateId: string) => void;
}

const pointX = (p: Point) => p.x;
const pointY = (p: Point) => p.y;

function edgeTone(edge: EdgePath, highlight: DiagramHighlight): EdgeTone {
  const transition = edge.transition;
  if (!transition) return 'default';
  if (highlight.taken?.has(transition.id)) return 'taken';
  const changed = highlight.diff?.transitions[transition.id];
  if (changed) return changed;
  if (highlight.coverage) return highlight.coverage.transitions.has(transition.id) ? 'covered' : 'uncovered';
  return 'default';
}

function nodePaint(node: NodeBox, highlight: DiagramHighlight): { fill: string; stroke: string; width: number; dash?: string } {
  const container = node.kind === 'compound' || node.kind === 'parallel';
  const base = { fill: container && !node.collapsed ? colors.compoundFill : colors.stateFill, stroke: colors.stateStroke, width: 1.2 };
  const region = node.region ? { dash: '6 4', stroke: colors.regionStroke } : {};
  if (highlight.active?.has(node.id)) return { ...base, ...region, fill: container && !node.collapsed ? base.fill : colors.activeFill, stroke: colors.active, width: 2.5 };
  const changed = highlight.diff?.states[node.id];
  if (changed) {
    return {
      ...base,
      fill: container && !node.collapsed ? base.fill : changed === 'added' ? colors.addedFill : colors.changedFill,
      stroke: changed === 'added' ? colors.added : colors.changed,
      width: 2.2,
      dash: changed === 'changed' ? '8 3' : region.dash,
    };
  }
  // The machine itself and history markers are not states a run can cover (see countedStates).
  if (highlight.coverage && node.kind !== 'history' && node.depth > 0) {
    const covered = highlight.coverage.states.has(node.id);
    return {
      ...base,
      fill: container && !node.collapsed ? base.fill : covered ? colors.coveredFill : colors.uncoveredFill,
      stroke: covered ? colors.covered : colors.uncovered,
      width: 1.8,
      dash: covered ? region.dash : '4 3',
    };
  }
  return { ...base, ...region };
}

function activate(handler: (() => void) | undefined) {
  return handler
    ? (event: KeyboardEvent) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          handler();
        }
      }
    : undefined;
}

function StateNode({
  node,
  highlight,
  labels,
  onSelectState,
  onToggleCollapse,
}: { node: NodeBox; highlight: DiagramHighlight; labels: DiagramLabels } & Pick<DiagramProps, 'onSelectState' | 'onToggleCollapse'>) {
  if (node.kind === 'initial') {
    return <circle cx={node.x + node.width / 2} cy={node.y + node.height / 2} r={node.width / 2} fill={colors.initial} data-initial-of={node.id.replace(/::initial$/, '')} />;
  }
  const paint = nodePaint(node, highlight);
  const select = onSelectState ? () => onSelectState(node.id) : undefined;
  const interactive = select ? { role: 'button', tabIndex: 0, 'aria-label': labels.state(node.id), onClick: select, onKeyDown: activate(select), style: { cursor: 'pointer' } } : {};
  const selected = highlight.selected === node.id;
  if (node.kind === 'history') {
    const r = node.width / 2;
    return (
      <Group data-state-id={node.id} {...interactive}>
        <title>{labels.history(node.id, node.title === 'H*')}</title>
        <circle cx={node.x + r} cy={node.y + r} r={r} fill={paint.fill} stroke={selected ? colors.selected : paint.stroke} strokeWidth={paint.width} />
        <text x={node.x + r} y={node.y + r + 4} textAnchor="middle" fontFamily={FONT_FAMILY} fontSize={TITLE_FONT_PX} fill={colors.text}>
          {node.title}
        </text>
      </Group>
    );
  }
  const titleY = node.y + 10 + TITLE_FONT_PX;
  const toggle = onToggleCollapse && node.expandable ? () => onToggleCollapse(node.id) : undefined;
  return (
    <Group data-state-id={node.id} data-kind={node.kind} data-diff={highlight.diff?.states[node.id]}>
      <title>{node.id}</title>
      <rect
        x={node.x}
        y={node.y}
        width={node.width}
        height={node.height}
        rx={8}
        fill={paint.fill}
        stroke={selected ? colors.selected : paint.stroke}
        strokeWidth={selected ? 2.5 : paint.width}
        strokeDasharray={paint.dash}
        {...interactive}
      />
      {node.kind === 'final' && (
        <rect x={node.x + 3} y={node.y + 3} width={node.width - 6} height={node.height - 6} rx={6} fill="none" stroke={paint.stroke} strokeWidth={1} pointerEvents="none" />
      )}
      <text x={node.x + 10} y={titleY} fontFamily={FONT_FAMILY} fontSize={TITLE_FONT_PX} fontWeight={600} fill={colors.text} pointerEvents="none">
        {node.collapsed ? `${node.title} [+]` : node.title}
      </text>
      {node.details.map((line, index) => (
        <text
          key={index}
          x={node.x + 10}
          y={titleY + (index + 1) * lineHeight(DETAIL_FONT_PX)}
          fontFamily={FONT_FAMILY}
          fontSize={DETAIL_FONT_PX}
          fill={colors.muted}
          pointerEvents="none"
        >
          {line}
        </text>
      ))}
      {toggle && (
        <Group
          role="button"
          tabIndex={0}
          aria-label={node.collapsed ? labels.expand(node.id) : labels.collapse(node.id)}
          aria-expanded={!node.collapsed}
          onClick={toggle}
          onKeyDown={activate(toggle)}
          style={{ cursor: 'pointer' }}
          data-toggle={node.id}
        >
          <rect x={node.x + node.width - 24} y={node.y + 6} width={18} height={18} rx={4} fill={colors.stateFill} stroke={colors.regionStroke} />
          <text x={node.x + node.width - 15} y={node.y + 19} textAnchor="middle" fontFamily={FONT_FAMILY} fontSize={TITLE_FONT_PX} fill={colors.text}>
            {node.collapsed ? '+' : '−'}
          </text>
        </Group>
      )}
    </Group>
  );
}

function Edge({ edge, highlight, idPrefix, labels }: { edge: EdgePath; highlight: DiagramHighlight; idPrefix: string; labels: DiagramLabels }) {
  const tone = edgeTone(edge, highlight);
  const color = edgeColors[tone];
  const eventless = edge.transition?.kind === 'always';
  return (
    <Group data-transition-id={edge.transition?.id ?? edge.id} data-tone={tone}>
      {edge.transition && <title>{`${edge.transition.lines.join(' ')} (${edge.transition.source} → ${edge.transition.targets.join(', ') || labels.itself})`}</title>}
      <LinePath<Point>
        data={edge.points}
        x={pointX}
        y={pointY}
        fill="none"
        stroke={color}
        strokeWidth={tone === 'taken' ? 3 : tone === 'default' ? 1.3 : tone === 'added' || tone === 'changed' ? 2.4 : 2}
        strokeDasharray={tone === 'uncovered' ? '6 4' : tone === 'changed' ? '8 3' : eventless ? '2 3' : undefined}
        markerEnd={`url(#${idPrefix}-arrow-${tone})`}
      />
      {edge.label && (
        <Group>
          <rect x={edge.label.x - 1} y={edge.label.y} width={edge.label.width + 2} height={edge.label.height} rx={3} fill={colors.labelBackground} fillOpacity={0.92} />
          {edge.label.lines.map((line, index) => (
            <text
              key={index}
              x={edge.label!.x + 2}
              y={edge.label!.y + (index + 1) * lineHeight(LABEL_FONT_PX) - 3}
              fontFamily={FONT_FAMILY}
              fontSize={LABEL_FONT_PX}
              fill={tone === 'default' ? colors.text : color}
            >
              {line}
            </text>
          ))}
        </Group>
      )}
    </Group>
  );
}

/**
 * The drawing's content, in layout coordinates. Memoised: panning, zooming and the click that starts a new
 * layout change nothing in it, and the largest machine takes tens of milliseconds to render again.
 */
export const DiagramContent = memo(function DiagramContent({
  layout,
  highlight = {},
  labels = ENGLISH_DIAGRAM_LABELS,
  idPrefix = 'sc',
  onSelectState,
  onToggleCollapse,
}: DiagramProps): ReactElement {
  return (
    <Group>
      <defs>
        {(Object.keys(edgeColors) as EdgeTone[]).map((tone) => (
          <marker key={tone} id={`${idPrefix}-arrow-${tone}`} viewBox="0 0 10 10" refX={9} refY={5} markerWidth={9} markerHeight={9} markerUnits="userSpaceOnUse" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill={edgeColors[tone]} />
          </marker>
        ))}
      </defs>
      {layout.nodes.map((node) => (
        <StateNode key={node.id} node={node} highlight={highlight} labels={labels} onSelectState={onSelectState} onToggleCollapse={onToggleCollapse} />
      ))}
      {layout.edges.map((edge) => (
        <Edge key={edge.id} edge={edge} highlight={highlight} idPrefix={idPrefix} labels={labels} />
      ))}
    </Group>
  );
});

/** A standalone SVG document of the drawing (export, statecharts/<id>.svg). */
export function DiagramSvg({ layout, highlight, title }: { layout: DiagramLayout; highlight?: DiagramHighlight; title: string }): ReactElement {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={layout.width}
      height={layout.height}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="img"
      aria-label={title}
    >
      <title>{title}</title>
      <rect width={layout.width} height={layout.height} fill={colors.background} />
      <DiagramContent layout={layout} highlight={highlight} idPrefix={layout.chartId.replace(/[^A-Za-z0-9_-]/g, '_')} />
    </svg>
  );
}
