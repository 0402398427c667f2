// Every checked-in diagram renders in its real consumer: the mermaid library (the renderer GitHub and most wikis
// use), run in Debian's Chromium as a reader's browser runs it. A file mermaid refuses fails here, naming the file
// and mermaid's own error.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const STATECHARTS = path.resolve(__dirname, '../../statecharts');
const MERMAID_BUNDLE = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const files = readdirSync(STATECHARTS)
  .filter((name) => name.endsWith('.mmd'))
  .sort();

describe('checked-in Mermaid diagrams', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('has a diagram for every machine to render', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('renders every statecharts/<id>.mmd with the mermaid library without an error', async () => {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ path: MERMAID_BUNDLE });
    const diagrams = files.map((name) => ({ name, text: readFileSync(path.join(STATECHARTS, name), 'utf8') }));
    const failures = await page.evaluate(async (list) => {
      const { mermaid } = window as unknown as {
        mermaid: { initialize(config: object): void; render(id: string, text: string): Promise<{ svg: string }> };
      };
      mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
      const failed: string[] = [];
      for (const [index, diagram] of list.entries()) {
        try {
          const { svg } = await mermaid.render(`diagram${index}`, diagram.text);
          if (!svg.includes('<svg')) failed.push(`${diagram.name}: no SVG`);
          // A composite state's actors and tags are in a note: the reader must see them in the drawing.
          for (const match of diagram.text.matchAll(/note right of \S+\n\s+(.+)\n/g)) {
            const line = match[1] ?? '';
            if (!svg.includes(line.replace(/&/g, '&amp;'))) failed.push(`${diagram.name}: the note '${line}' is not drawn`);
          }
        } catch (error) {
          failed.push(`${diagram.name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      return failed;
    }, diagrams);
    await page.close();
    expect(failures).toEqual([]);
  }, 120_000);
});
