// A tiny raster drawing and PNG encoder for demo and test images (filled rectangles on a background; RGB, 8 bits,
// no interlace), so the fixtures are made by code: the e2e's photo (e2e/fixtures/receipt.heic, encoded from one of
// these with heif-enc) and its file whose bytes are a PNG whatever its name says, and the seed's photo of a card.
import { deflateSync } from 'node:zlib';

export type Rgb = readonly [number, number, number];

export interface Raster {
  width: number;
  height: number;
  /** RGB, row by row. */
  pixels: Uint8Array;
}

export function raster(width: number, height: number, background: Rgb): Raster {
  const pixels = new Uint8Array(width * height * 3);
  for (let index = 0; index < width * height; index += 1) pixels.set(background, index * 3);
  return { width, height, pixels };
}

/** Fills the rectangle (clipped to the raster). */
export function fillRect(image: Raster, x: number, y: number, width: number, height: number, color: Rgb): void {
  const left = Math.max(0, Math.floor(x));
  const right = Math.min(image.width, Math.floor(x + width));
  const top = Math.max(0, Math.floor(y));
  const bottom = Math.min(image.height, Math.floor(y + height));
  for (let row = top; row < bottom; row += 1) {
    for (let column = left; column < right; column += 1) image.pixels.set(color, (row * image.width + column) * 3);
  }
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let index = 0; index < 4; index += 1) out[4 + index] = type.charCodeAt(index);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The raster as a PNG file (PNG 1.2: signature, IHDR, one IDAT, IEND). */
export function encodePng(image: Raster): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, image.width);
  view.setUint32(4, image.height);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, adaptive filtering, no interlace
  const rowBytes = image.width * 3;
  const filtered = new Uint8Array((rowBytes + 1) * image.height);
  for (let row = 0; row < image.height; row += 1) {
    filtered[row * (rowBytes + 1)] = 0; // filter type None
    filtered.set(image.pixels.subarray(row * rowBytes, (row + 1) * rowBytes), row * (rowBytes + 1) + 1);
  }
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', new Uint8Array(deflateSync(filtered, { level: 9 }))),
    chunk('IEND', new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}

/** A shop receipt photographed on a table: a paper slip with lines of print, slightly off-centre (for cropping). */
export function receiptPhoto(width = 900, height = 1200): Raster {
  const image = raster(width, height, [122, 98, 77]);
  const paper = { x: width * 0.2, y: height * 0.08, width: width * 0.58, height: height * 0.84 };
  fillRect(image, paper.x + 10, paper.y + 12, paper.width, paper.height, [84, 66, 52]); // shadow
  fillRect(image, paper.x, paper.y, paper.width, paper.height, [246, 244, 238]);
  const ink: Rgb = [40, 40, 44];
  fillRect(image, paper.x + paper.width * 0.25, paper.y + 40, paper.width * 0.5, 26, ink); // the shop's name
  let y = paper.y + 110;
  for (let line = 0; line < 22; line += 1) {
    const item = ((line * 37) % 11) / 11;
    fillRect(image, paper.x + 30, y, paper.width * (0.3 + item * 0.3), 12, ink);
    fillRect(image, paper.x + paper.width - 30 - 70, y, 70, 12, ink);
    y += line === 17 ? 50 : 34;
  }
  fillRect(image, paper.x + 30, y + 20, paper.width - 60, 4, ink); // the total's rule
  return image;
}

/** The front of a driver license (demo): a blue header band, a photo box and lines of print. */
export function driverLicensePhoto(width = 428, height = 270): Raster {
  const image = raster(width, height, [223, 234, 245]);
  fillRect(image, 0, 0, width, 44, [29, 78, 137]);
  fillRect(image, 16, 14, 180, 16, [255, 255, 255]);
  fillRect(image, 18, 62, 110, 138, [154, 169, 184]);
  fillRect(image, 48, 84, 50, 50, [110, 124, 140]); // head
  fillRect(image, 33, 140, 80, 60, [110, 124, 140]); // shoulders
  const ink: Rgb = [27, 27, 27];
  for (const [row, length] of [[70, 190], [96, 120], [116, 100], [142, 150], [166, 150]] as const) fillRect(image, 146, row, length, 11, ink);
  fillRect(image, 18, 228, 240, 12, [179, 38, 30]);
  return image;
}
