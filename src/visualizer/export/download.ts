import type { DiagramHighlight } from '../diagram/Diagram';
import type { DiagramLayout } from '../layout/layout';
import { diagramSvgMarkup } from './svg';

// Export from the browser: the same standalone SVG the generator writes (with what is highlighted now), and a
// PNG drawn from it at twice the size for sharp slides.

function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadSvg(layout: DiagramLayout, title: string, highlight?: DiagramHighlight): void {
  save(new Blob([diagramSvgMarkup(layout, title, highlight)], { type: 'image/svg+xml' }), `${layout.chartId}.svg`);
}

export async function downloadPng(layout: DiagramLayout, title: string, highlight?: DiagramHighlight, scale = 2): Promise<void> {
  const svgUrl = URL.createObjectURL(new Blob([diagramSvgMarkup(layout, title, highlight)], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.decoding = 'async';
    image.src = svgUrl;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(layout.width * scale);
    canvas.height = Math.ceil(layout.height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, layout.width, layout.height);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!png) throw new Error('the PNG could not be encoded');
    save(png, `${layout.chartId}.png`);
  } finally {
    URL.revokeObjectURL(svgUrl);
  }
}
