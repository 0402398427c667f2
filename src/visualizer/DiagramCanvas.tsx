import { ActionIcon, Box, Group, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { Zoom, type ProvidedZoom, type ZoomState } from '@visx/zoom';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DiagramContent, type DiagramHighlight, type DiagramLabels } from './diagram/Diagram';
import type { DiagramLayout } from './layout/layout';
import { legibleFit } from './layout/legible';

// The interactive drawing: the shared diagram inside a pan/zoom group (drag to pan, wheel or pinch to zoom,
// buttons to zoom and fit). It fits the machine to the screen whenever another layout arrives, never smaller than
// the scale that keeps state names legible (layout/legible.ts).

const initialMatrix = { scaleX: 1, scaleY: 1, translateX: 0, translateY: 0, skewX: 0, skewY: 0 };

interface CanvasProps {
  layout: DiagramLayout;
  highlight: DiagramHighlight;
  onSelectState: (stateId: string) => void;
  onToggleCollapse: (stateId: string) => void;
  /** Called once the browser has painted a new layout (the benchmark times layout plus first drawing). */
  onDrawn?: (layout: DiagramLayout) => void;
}

function fitMatrix(layout: DiagramLayout, width: number, height: number, anchor: string | null) {
  const box = anchor ? layout.nodes.find((node) => node.id === anchor) : undefined;
  const { scale, translateX, translateY } = legibleFit(layout, { width, height }, box);
  return { ...initialMatrix, scaleX: scale, scaleY: scale, translateX, translateY };
}

function ZoomedDiagram({ zoom, width, height, layout, highlight, onSelectState, onToggleCollapse, onDrawn }: CanvasProps & { zoom: ProvidedZoom<SVGSVGElement> & ZoomState; width: number; height: number }) {
  const { t } = useTranslation('statecharts');
  const labels = useMemo<DiagramLabels>(
    () => ({
      state: (id) => t('diagram.state', { id }),
      expand: (id) => t('diagram.expand', { id }),
      collapse: (id) => t('diagram.collapse', { id }),
      history: (id, deep) => t(deep ? 'diagram.deepHistory' : 'diagram.shallowHistory', { id }),
      itself: t('diagram.itself'),
    }),
    [t],
  );
  const { setTransformMatrix } = zoom;
  useEffect(() => {
    if (!onDrawn) return undefined;
    const frame = requestAnimationFrame(() => onDrawn(layout));
    return () => cancelAnimationFrame(frame);
  }, [layout, onDrawn]);
  // The deepest active state drawn: kept in view when the machine is too large to fit legibly.
  const anchor = useMemo(() => {
    const drawn = layout.nodes.filter((node) => highlight.active?.has(node.id));
    return drawn.sort((a, b) => b.depth - a.depth)[0]?.id ?? null;
  }, [layout, highlight.active]);
  const fit = useCallback(() => setTransformMatrix(fitMatrix(layout, width, height, anchor)), [setTransformMatrix, layout, width, height, anchor]);
  useEffect(() => {
    if (width > 0 && height > 0) fit();
  }, [fit, width, height]);
  const zoomBy = (factor: number) => zoom.scale({ scaleX: factor, scaleY: factor });
  return (
    <>
      <svg
        ref={zoom.containerRef}
        width={width}
        height={height}
        role="group"
        aria-label={t('diagram.canvas', { id: layout.chartId })}
        data-testid="statechart-canvas"
        data-layout-engine={layout.engine}
        style={{ cursor: zoom.isDragging ? 'grabbing' : 'grab', touchAction: 'none', display: 'block' }}
        onMouseDown={zoom.dragStart}
        onMouseMove={zoom.dragMove}
        onMouseUp={zoom.dragEnd}
        onMouseLeave={() => {
          if (zoom.isDragging) zoom.dragEnd();
        }}
        onTouchStart={zoom.dragStart}
        onTouchMove={zoom.dragMove}
        onTouchEnd={zoom.dragEnd}
      >
        <rect width={width} height={height} fill="#ffffff" />
        <g transform={zoom.toString()}>
          <DiagramContent layout={layout} highlight={highlight} labels={labels} idPrefix="live" onSelectState={onSelectState} onToggleCollapse={onToggleCollapse} />
        </g>
      </svg>
      <Group gap={4} pos="absolute" top={8} right={8}>
        <Tooltip label={t('diagram.zoomIn')}>
          <ActionIcon variant="default" aria-label={t('diagram.zoomIn')} onClick={() => zoomBy(1.2)}>
            +
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('diagram.zoomOut')}>
          <ActionIcon variant="default" aria-label={t('diagram.zoomOut')} onClick={() => zoomBy(1 / 1.2)}>
            −
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('diagram.fitToScreen')}>
          <ActionIcon variant="default" aria-label={t('diagram.fitToScreen')} onClick={fit} w="auto" px={6}>
            {t('diagram.fit')}
          </ActionIcon>
        </Tooltip>
      </Group>
    </>
  );
}

export function DiagramCanvas(props: CanvasProps) {
  const { ref, width, height } = useElementSize<HTMLDivElement>();
  return (
    <Box ref={ref} pos="relative" h="100%" mih={360} style={{ overflow: 'hidden', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
      {width > 0 && height > 0 && (
        <Zoom<SVGSVGElement> width={width} height={height} scaleXMin={0.05} scaleXMax={4} scaleYMin={0.05} scaleYMax={4} initialTransformMatrix={initialMatrix}>
          {(zoom) => <ZoomedDiagram zoom={zoom} width={width} height={height} {...props} />}
        </Zoom>
      )}
    </Box>
  );
}
