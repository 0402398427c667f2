import { Badge, Box, Button, CopyButton, Flex, Group, NavLink, ScrollArea, SegmentedControl, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventObject } from 'xstate';
import type { MachineEntry } from '../../machines/registry';
import type { CoverageRecord } from '../inspect/record';
import { DiagramCanvas } from './DiagramCanvas';
import { suiteBreakdown, summarizeCoverage } from './coverage/summary';
import { SUITES, type Suite, type SuiteCoverageRecord } from './coverage/suites';
import { SuiteCoverage } from './panels/SuiteCoverage';
import { skeletonFileName, testSkeleton, type SkeletonKind } from './paths/testSkeleton';
import { DiffLegend } from './panels/DiffLegend';
import type { DiagramDiffFile } from './diff/diagramDiff';
import { loadDiagramDiff } from './diff/loadDiagramDiff';
import { loadCoverage, readCoverageFile } from './coverage/loadCoverage';
import type { DiagramHighlight } from './diagram/Diagram';
import { downloadPng, downloadSvg } from './export/download';
import { prepareNextLayouts, type DiagramLayout } from './layout/layout';
import { useLegibleLayout } from './layout/useLegibleLayout';
import { useLiveActors, type LiveActor } from './live/useLiveActors';
import { activeStateIds, countedStates, toChart, type Chart } from './model/chart';
import { CoveragePanel } from './panels/CoveragePanel';
import { LivePanel } from './panels/LivePanel';
import { PathsPanel } from './panels/PathsPanel';
import { SimulatePanel } from './panels/SimulatePanel';
import { StatePanel } from './panels/StatePanel';
import { WordsPanel } from './panels/WordsPanel';
import { generateQaPaths } from './paths/pathsClient';
import type { QaPath, Strategy } from './paths/qaPaths';
import { registeredMachines, findMachine } from './registry';
import { SpecPanel, specHighlight } from './spec/SpecPanel';
import { useSpecTexts } from './spec/texts';
import { eventOptions, startSimulation, stepSimulation, type SimulationStep } from './simulate/simulator';
import { urlFor, useUrlState, type UrlState } from './useUrlState';

// The statechart visualizer (ARCHITECTURE.md "Statecharts for QA and product managers"): a searchable list of every registered machine, its diagram, and the
// Simulate, Paths, Coverage and (in development) Live panels. Everything worth sharing is in the URL. Texts in
// English and Spanish (namespace `statecharts`); machine ids, event types and payloads are the statechart's own
// notation and stay as they are.

type Tab = 'simulate' | 'paths' | 'coverage' | 'live' | 'state' | 'words' | 'spec';

const VISUALIZER_LANGUAGES = ['en', 'es'] as const;
type VisualizerLanguage = (typeof VISUALIZER_LANGUAGES)[number];

/**
 * The machine list, the controls above the diagram and the side panels form a layer above the canvas. The drawing
 * pans under them and is clipped at the canvas's edge, but the shapes' own boxes reach past it; placing the controls
 * above says what the screen shows (nothing of the drawing covers a control) to the browser and to accessibility
 * checks that measure targets by those boxes (axe's target-size counts the unclipped box of a state drawn beyond the
 * edge as covering the control next to it).
 */
const ABOVE_CANVAS = { position: 'relative', zIndex: 1 } as const;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function MachineList({ selected, onSelect }: { selected: string; onSelect: (id: string) => void }) {
  const { t } = useTranslation('statecharts');
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const shown = registeredMachines.filter((entry) => !needle || `${entry.id} ${entry.title} ${entry.purpose}`.toLowerCase().includes(needle));
  return (
    <Stack gap="xs" style={{ flex: 1, minHeight: 0 }}>
      <TextInput label={t('machines.find')} placeholder={t('machines.findPlaceholder')} value={query} onChange={(event) => setQuery(event.currentTarget.value)} />
      <Text size="xs" c="dimmed">
        {t('machines.shown', { shown: shown.length, total: registeredMachines.length })}
      </Text>
      <ScrollArea style={{ flex: 1 }}>
        <nav aria-label={t('machines.list')}>
          {shown.map((entry) => (
            <NavLink
              key={entry.id}
              href={urlFor({ machine: entry.id })}
              active={entry.id === selected}
              label={entry.title}
              description={entry.id}
              aria-current={entry.id === selected ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                onSelect(entry.id);
              }}
            />
          ))}
        </nav>
      </ScrollArea>
    </Stack>
  );
}

/** Layout plus first drawing, as a performance measure the benchmark reads (`statecharts:drawn:<id>`). */
function markDrawn(layout: DiagramLayout): void {
  const start = `statecharts:layout:${layout.chartId}`;
  if (performance.getEntriesByName(start, 'mark').length > 0) performance.measure(`statecharts:drawn:${layout.chartId}`, start);
}

function usePaths(entry: MachineEntry, chart: Chart, strategy: Strategy, wanted: boolean): { paths: QaPath[] | null; error: string | null } {
  const [result, setResult] = useState<{ key: string; paths: QaPath[] | null; error: string | null }>({ key: '', paths: null, error: null });
  const key = `${entry.id}:${strategy}`;
  useEffect(() => {
    if (!wanted || result.key === key) return undefined;
    let current = true;
    // Off the main thread (pathsClient.ts): the panel shows "Generating paths…" meanwhile.
    generateQaPaths(entry, chart, strategy).then(
      (paths) => current && setResult({ key, paths, error: null }),
      (error: unknown) => current && setResult({ key, paths: null, error: errorText(error) }),
    );
    return () => {
      current = false;
    };
  }, [entry, chart, strategy, wanted, key, result.key]);
  return result.key === key ? result : { paths: null, error: null };
}

interface MachineViewProps {
  entry: MachineEntry;
  url: UrlState;
  setUrl: (patch: UrlState, options?: { push?: boolean }) => void;
  coverage: CoverageRecord | null;
  /** What changed since the revision the build was given (statecharts:diff --visualizer), if any. */
  diagramDiff: DiagramDiffFile | null;
  coverageError: string | null;
  onCoverageFile: (file: File) => void;
  live: boolean;
  liveActors: readonly LiveActor[];
  followed: string | null;
  onFollow: (actor: LiveActor) => void;
}

function MachineView({ entry, url, setUrl, coverage, diagramDiff, coverageError, onCoverageFile, live, liveActors, followed, onFollow }: MachineViewProps) {
  const { t } = useTranslation('statecharts');
  const chart = useMemo(() => toChart(entry.machine), [entry]);
  // Stable for the chart: the canvas reports a drawing again whenever this changes.
  const onDrawn = useCallback(
    (drawn: DiagramLayout) => {
      markDrawn(drawn);
      // The layouts one click away, computed while the person reads this one.
      prepareNextLayouts(chart, new Set(drawn.nodes.filter((node) => node.collapsed).map((node) => node.id)));
    },
    [chart],
  );
  const tab: Tab = (url.tab as Tab | undefined) ?? 'simulate';

  const [steps, setSteps] = useState<SimulationStep[]>(() => [startSimulation(entry, chart)]);
  const [simulationError, setSimulationError] = useState<string | null>(null);
  const current = steps[steps.length - 1]!;
  const options = useMemo(() => eventOptions(entry, chart, current), [entry, chart, current]);
  const send = (event: EventObject) => {
    try {
      setSteps([...steps, stepSimulation(entry, chart, current, event)]);
      setSimulationError(null);
    } catch (error) {
      setSimulationError(errorText(error));
    }
  };

  const strategy: Strategy = url.strategy === 'simple' ? 'simple' : 'shortest';
  const { paths, error: pathsError } = usePaths(entry, chart, strategy, tab === 'paths');
  const pathIndex = url.path ? Number(url.path) - 1 : null;
  const path = pathIndex === null ? undefined : paths?.[pathIndex];
  const pathStep = Math.min(Number(url.step ?? 0) || 0, path?.steps.length ?? 0);
  const replay = useMemo(() => {
    if (!path) return null;
    const played: SimulationStep[] = [startSimulation(entry, chart)];
    for (const step of path.steps) played.push(stepSimulation(entry, chart, played[played.length - 1]!, step.event));
    return played;
  }, [entry, chart, path]);

  // Coverage by suite (docs/statecharts.md "Statechart coverage"): the overlay shows one suite, or all merged.
  const suites = (coverage as SuiteCoverageRecord | null)?.suites;
  const suite = suites && (SUITES as readonly string[]).includes(url.suite ?? '') ? (url.suite as Suite) : null;
  const summary = useMemo(
    () => (coverage ? summarizeCoverage(chart, (suite ? suites?.[suite] : coverage)?.machines[chart.id]) : null),
    [chart, coverage, suite, suites],
  );
  const breakdown = useMemo(() => (coverage && suites ? suiteBreakdown(chart, coverage as SuiteCoverageRecord) : null), [chart, coverage, suites]);
  const overlay = url.coverage === '1' && summary !== null;
  const liveActor = liveActors.find((a) => a.actorId === followed && a.machineId === chart.id);
  // Legible at a glance: folded to fit the canvas on opening, the active path always drawn, or one state in focus.
  const canvasBox = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    // Measured once, as the canvas opens (zero where nothing can be measured: the machine then opens expanded).
    const box = canvasBox.current?.getBoundingClientRect();
    setViewport({ width: Math.max((box?.width ?? 0) - 2, 0), height: Math.max((box?.height ?? 0) - 2, 0) });
  }, []);
  const shownStates = useMemo(() => {
    if (tab === 'simulate') return current.active;
    if (tab === 'paths' && replay) return replay[pathStep]?.active ?? [];
    if (tab === 'live' && liveActor) return activeStateIds(chart, liveActor.value);
    return [];
  }, [tab, current, replay, pathStep, liveActor, chart]);
  const focus = url.focus && chart.states[url.focus] ? url.focus : null;
  const { layout, error: layoutError, collapsed, toggle: toggleCollapse, expandAll, collapseAll } = useLegibleLayout(chart, viewport, shownStates, focus);
  const specTexts = useSpecTexts();
  // The Spec tab's filter marks what implements the chosen section (docs/statecharts.md "Traced to the spec").
  const specMarks = useMemo(() => (tab === 'spec' ? specHighlight(entry.machine, url.spec) : null), [tab, entry, url.spec]);

  const diffMarks = diagramDiff?.machines[chart.id] ?? null;
  const diffShown = diagramDiff !== null && url.diff === '1';
  const highlight: DiagramHighlight = useMemo(() => {
    const base: DiagramHighlight = { selected: url.state ?? null, ...(diffShown && diffMarks ? { diff: diffMarks } : {}) };
    if (overlay && summary) {
      base.coverage = { states: new Set(summary.states.covered), transitions: new Set(summary.transitions.covered.map((transition) => transition.id)) };
    }
    if (tab === 'simulate') return { ...base, active: new Set(current.active), taken: new Set(current.taken) };
    if (tab === 'paths' && replay) {
      const shown = replay[pathStep];
      return shown ? { ...base, active: new Set(shown.active), taken: new Set(shown.taken) } : base;
    }
    if (tab === 'live' && liveActor) return { ...base, active: new Set(activeStateIds(chart, liveActor.value)) };
    if (tab === 'spec' && specMarks) return { ...base, ...specMarks };
    return base;
  }, [url.state, overlay, summary, tab, current, replay, pathStep, liveActor, chart, specMarks, diffShown, diffMarks]);

  // Stable, so a click re-renders nothing of the (memoised) drawing before the new layout arrives.
  // From the Spec tab a click keeps the tab, which shows the state's sections.
  const selectState = useCallback((stateId: string) => setUrl({ state: stateId, tab: tab === 'spec' ? 'spec' : 'state' }), [setUrl, tab]);
  const compound = chart.order.filter((id) => (chart.states[id]?.children.length ?? 0) > 0 && id !== chart.id);
  const shareUrl = `${window.location.origin}${urlFor(url)}`;

  return (
    <Flex h="100%" gap="md" style={{ minWidth: 0 }}>
      <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
        {/* The controls around the canvas sit in a layer above it (ABOVE_CANVAS). */}
        <Stack gap="xs" style={ABOVE_CANVAS}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Title order={2} size="h3">
                {entry.title}
              </Title>
              <Text size="sm">{entry.purpose}</Text>
              <Group gap={6} mt={4}>
                <Badge variant="light" ff="monospace" styles={{ label: { textTransform: 'none' } }}>
                  {chart.id}
                </Badge>
                <Badge variant="outline">{t('machine.states', { count: countedStates(chart).length })}</Badge>
                <Badge variant="outline">{t('machine.transitions', { count: chart.transitions.length })}</Badge>
              </Group>
            </div>
            <Group gap={6}>
              <Button size="xs" variant="default" onClick={expandAll} disabled={collapsed.size === 0 || focus !== null}>
                {t('machine.expandAll')}
              </Button>
              <Button size="xs" variant="default" onClick={collapseAll} disabled={compound.length === 0 || focus !== null}>
                {t('machine.collapseAll')}
              </Button>
              {url.state && url.state !== focus && chart.states[url.state]?.parent && (
                <Button size="xs" variant="default" onClick={() => setUrl({ focus: url.state })}>
                  {t('machine.focus')}
                </Button>
              )}
              {focus && (
                <Button size="xs" variant="light" onClick={() => setUrl({ focus: undefined })}>
                  {t('machine.unfocus')}
                </Button>
              )}
              <Button size="xs" variant="default" disabled={!layout} onClick={() => layout && downloadSvg(layout, entry.title, highlight)}>
                {t('machine.exportSvg')}
              </Button>
              <Button size="xs" variant="default" disabled={!layout} onClick={() => layout && void downloadPng(layout, entry.title, highlight)}>
                {t('machine.exportPng')}
              </Button>
              <CopyButton value={shareUrl}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? t('machine.linkCopied') : t('machine.copyLink')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Group>
          {diagramDiff && <DiffLegend ref_={diagramDiff.ref} marks={diffMarks} shown={diffShown} onShow={(on) => setUrl({ diff: on ? '1' : undefined })} />}
          {focus && (
            <Text size="sm" data-testid="focus-note">
              {t('machine.focused', { state: focus })}
            </Text>
          )}
        </Stack>
        <Box ref={canvasBox} style={{ flex: 1, minHeight: 0 }}>
          {layoutError && (
            <Text c="red" role="alert">
              {layoutError}
            </Text>
          )}
          {layout ? (
            <DiagramCanvas layout={layout} highlight={highlight} onSelectState={selectState} onToggleCollapse={toggleCollapse} onDrawn={onDrawn} />
          ) : (
            !layoutError && <Text size="sm">{t('machine.layingOut', { id: chart.id })}</Text>
          )}
        </Box>
      </Stack>
      <Box w={380} style={{ flexShrink: 0, ...ABOVE_CANVAS }}>
        <ScrollArea h="100%">
          <Tabs value={tab} onChange={(value) => setUrl({ tab: value ?? 'simulate' })} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="simulate">{t('tabs.simulate')}</Tabs.Tab>
              <Tabs.Tab value="paths">{t('tabs.paths')}</Tabs.Tab>
              <Tabs.Tab value="coverage">{t('tabs.coverage')}</Tabs.Tab>
              {live && <Tabs.Tab value="live">{t('tabs.live')}</Tabs.Tab>}
              {url.state && <Tabs.Tab value="state">{t('tabs.state')}</Tabs.Tab>}
              <Tabs.Tab value="words">{t('tabs.words')}</Tabs.Tab>
              <Tabs.Tab value="spec">{specTexts.tab}</Tabs.Tab>
            </Tabs.List>
            <Box pt="sm">
              <Tabs.Panel value="simulate">
                <SimulatePanel
                  steps={steps}
                  options={options}
                  error={simulationError}
                  onSend={send}
                  onBack={() => setSteps(steps.slice(0, -1))}
                  onReset={() => setSteps([startSimulation(entry, chart)])}
                />
              </Tabs.Panel>
              <Tabs.Panel value="paths">
                <PathsPanel
                  strategy={strategy}
                  paths={paths}
                  error={pathsError}
                  selected={path ? pathIndex : null}
                  step={pathStep}
                  onStrategy={(next) => setUrl({ strategy: next, path: undefined, step: undefined })}
                  onSelect={(index) => setUrl({ path: String(index + 1), step: '0' })}
                  onStep={(next) => setUrl({ step: String(next) })}
                  onSkeleton={(kind: SkeletonKind) => {
                    if (!path || pathIndex === null) return;
                    // Playwright needs the route that hosts the machine; the person names it.
                    const route = kind === 'playwright' ? window.prompt(t('paths.route'), '/') : undefined;
                    if (route === null) return;
                    const text = testSkeleton(entry, chart, path, pathIndex + 1, kind, route);
                    const link = document.createElement('a');
                    link.href = URL.createObjectURL(new Blob([text], { type: 'text/typescript' }));
                    link.download = skeletonFileName(entry, pathIndex + 1, kind);
                    link.click();
                    URL.revokeObjectURL(link.href);
                  }}
                />
              </Tabs.Panel>
              <Tabs.Panel value="coverage">
                <CoveragePanel
                  summary={summary}
                  available={coverage !== null}
                  overlay={overlay}
                  error={coverageError}
                  onOverlay={(on) => setUrl({ coverage: on ? '1' : undefined })}
                  onLoadFile={onCoverageFile}
                  onSelectState={selectState}
                />
                {breakdown && <SuiteCoverage breakdown={breakdown} suite={suite} onSuite={(next) => setUrl({ suite: next ?? undefined })} onSelectState={selectState} />}
              </Tabs.Panel>
              {live && (
                <Tabs.Panel value="live">
                  <LivePanel actors={liveActors} followed={followed} onFollow={onFollow} />
                </Tabs.Panel>
              )}
              <Tabs.Panel value="words">
                <WordsPanel chart={chart} onSelectState={selectState} />
              </Tabs.Panel>
              {url.state && (
                <Tabs.Panel value="state">
                  <StatePanel chart={chart} stateId={url.state} shareUrl={shareUrl} onSelectState={selectState} />
                </Tabs.Panel>
              )}
              <Tabs.Panel value="spec">
                <SpecPanel
                  machine={entry.machine}
                  stateId={url.state ?? null}
                  section={url.spec ?? null}
                  onSection={(section) => setUrl({ spec: section ?? undefined })}
                  onSelectState={selectState}
                  onOpenMachine={(machine, section) =>
                    setUrl({ machine, state: undefined, path: undefined, step: undefined, tab: 'spec', spec: section ?? undefined }, { push: true })
                  }
                />
              </Tabs.Panel>
            </Box>
          </Tabs>
        </ScrollArea>
      </Box>
    </Flex>
  );
}

/** English or Spanish for the visualizer; the choice is kept in the URL so a shared link opens in it. */
function LanguageSwitch({ onChange }: { onChange: (language: VisualizerLanguage) => void }) {
  const { t, i18n } = useTranslation('statecharts');
  const current: VisualizerLanguage = i18n.resolvedLanguage === 'es' ? 'es' : 'en';
  return (
    <SegmentedControl
      size="xs"
      value={current}
      onChange={(value) => onChange(value === 'es' ? 'es' : 'en')}
      data={VISUALIZER_LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
      aria-label={t('language')}
    />
  );
}

export function Visualizer({ live = false }: { live?: boolean }) {
  const { t, i18n } = useTranslation('statecharts');
  const [url, setUrl] = useUrlState();
  const entry = findMachine(url.machine) ?? registeredMachines[0];
  const [coverage, setCoverage] = useState<CoverageRecord | null>(null);
  const [diagramDiff, setDiagramDiff] = useState<DiagramDiffFile | null>(null);
  const [coverageError, setCoverageError] = useState<string | null>(null);
  const liveActors = useLiveActors(live);
  const [followed, setFollowed] = useState<string | null>(null);

  useEffect(() => {
    loadCoverage().then(setCoverage, (error: unknown) => setCoverageError(errorText(error)));
    loadDiagramDiff().then(setDiagramDiff, () => setDiagramDiff(null));
  }, []);

  const onCoverageFile = (file: File) => {
    readCoverageFile(file).then(
      (record) => {
        setCoverage(record);
        setCoverageError(null);
      },
      (error: unknown) => setCoverageError(errorText(error)),
    );
  };

  const changeLanguage = (language: VisualizerLanguage) => {
    void i18n.changeLanguage(language);
    setUrl({ lang: language });
  };

  return (
    <Flex h="100vh" p="md" gap="md" component="main" aria-label={t('visualizer')}>
      <Flex direction="column" w={260} style={{ flexShrink: 0, minHeight: 0, ...ABOVE_CANVAS }}>
        <Group justify="space-between" align="center" mb="xs" wrap="nowrap">
          <Title order={1} size="h4">
            {t('title')}
          </Title>
          <LanguageSwitch onChange={changeLanguage} />
        </Group>
        <MachineList selected={entry?.id ?? ''} onSelect={(id) => setUrl({ machine: id, state: undefined, path: undefined, step: undefined }, { push: true })} />
      </Flex>
      <Box style={{ flex: 1, minWidth: 0 }}>
        {entry ? (
          <MachineView
            key={entry.id}
            entry={entry}
            url={url}
            setUrl={setUrl}
            coverage={coverage}
            diagramDiff={diagramDiff}
            coverageError={coverageError}
            onCoverageFile={onCoverageFile}
            live={live}
            liveActors={liveActors}
            followed={followed}
            onFollow={(actor) => {
              setFollowed(actor.actorId);
              setUrl({ machine: actor.machineId, tab: 'live' });
            }}
          />
        ) : (
          <Text>{t('machines.none')}</Text>
        )}
      </Box>
    </Flex>
  );
}
