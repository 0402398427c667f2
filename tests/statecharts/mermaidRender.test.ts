// Every checked-in diagram renders in its real consumer: the mermaid library (the renderer GitHub and most wikis
// use), run in Debian's Chromium as a reader's browser runs it. A file mermaid refuses fails here, naming the file
// and mermaid's own error.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const STATECHARTS = path.resolve(__dirname, '../../statecharts');
const MERMAID_BUNDLE = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const files = readdirSync(STATECHARTS)
  .filter((name) => name.endsWith('.mmd'))
  .sort();

type MermaidWindow = { mermaid: { initialize(config: object): void; render(id: string, text: string): Promise<{ svg: string }> } };

// One page with mermaid loaded serves every diagram; one test per diagram keeps each short and names the file.
describe('checked-in Mermaid diagrams', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    });
    page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ path: MERMAID_BUNDLE });
    await page.evaluate(() => (window as unknown as MermaidWindow).mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' }));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('has a diagram for every machine to render', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((name, index) => [name, index] as const))('renders %s with the mermaid library, notes drawn, without an error', async (name, index) => {
    const text = readFileSync(path.join(STATECHARTS, name), 'utf8');
    const { svg, error } = await page.evaluate(
      async ({ id, diagram }) => {
        try {
          return { svg: (await (window as unknown as MermaidWindow).mermaid.render(id, diagram)).svg, error: null };
        } catch (caught) {
          return { svg: '', error: caught instanceof Error ? caught.message : String(caught) };
        }
      },
      { id: `diagram${index}`, diagram: text },
    );
    expect(error, 'mermaid refused the diagram').toBeNull();
    expect(svg).toContain('<svg');
    // A composite state's actors and tags are in a note: the reader must see them in the drawing.
    const missingNotes = [...text.matchAll(/note right of \S+\n\s+(.+)\n/g)].map((match) => match[1] ?? '').filter((line) => !svg.includes(line.replace(/&/g, '&amp;')));
    expect(missingNotes, 'notes not drawn').toEqual([]);
  });
});
