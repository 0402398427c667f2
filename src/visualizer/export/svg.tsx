import { renderToStaticMarkup } from 'react-dom/server';
import { DiagramSvg, type DiagramHighlight } from '../diagram/Diagram';
import type { DiagramLayout } from '../layout/layout';

/** The diagram as a standalone SVG file, drawn by the same component as the visualizer. */
export function diagramSvgMarkup(layout: DiagramLayout, title: string, highlight?: DiagramHighlight): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${renderToStaticMarkup(<DiagramSvg layout={layout} title={title} highlight={highlight} />)}\n`;
}
