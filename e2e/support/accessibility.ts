// The accessibility step every spec runs without asking (see test.ts): Deque's axe rules for WCAG 2.0, 2.1 and 2.2
// A and AA on every page the test shows. Each time the main frame reaches a new address (a full load or a route
// change through the history API) the page is checked once it has settled, and before the test loads another
// document the page it leaves is checked first; the page the test ends on is checked too. A page is checked once
// per run for each width and language, so a route added later is checked by the first spec that visits it and the
// suite stays fast. The test fails listing every serious or critical violation: the route, the rule and the
// elements.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** The page counts as settled once its DOM has not changed for this long (transitions and loaders are over). */
const QUIET_MS = 300;
/** A page that keeps changing (a poll, an animation) is checked after this long anyway. */
const SETTLE_LIMIT_MS = 3_000;

export interface AccessibilityViolation {
  route: string;
  viewport: string;
  language: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** What a check says when the page it was checking went away (navigation, closing). */
const INTERRUPTED = /Execution context was destroyed|navigat|has been closed|detached|garbage collected/i;

/** Routes, widths and languages already checked in this run (one Playwright worker runs the suite). */
const checked = new Set<string>();

/** For each watched page: check the page as it is now (and wait for the checks under way). */
const checkNow = new WeakMap<Page, () => Promise<void>>();

/**
 * Moves the app to `path` the way its own links do (a history entry and the router's popstate), with no new page
 * load: the page it leaves is checked first, and the new address gets its check once it settles. A full load
 * (`page.goto`) boots the app, restores the session and reads its data again, which is most of a page visit's time.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await checkNow.get(page)?.();
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(
    ({ quietMs, limitMs }) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, quietMs);
        const limit = setTimeout(done, limitMs);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quietMs);
        });
        function done() {
          observer.disconnect();
          clearTimeout(timer);
          clearTimeout(limit);
          resolve();
        }
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      }),
    { quietMs: QUIET_MS, limitMs: SETTLE_LIMIT_MS },
  );
}

/**
 * The page an address shows: its path and query, where long values (codes, tokens, ids) stand for any value, so
 * /handle?mode=verifyEmail and /handle?mode=resetPassword are different pages but two reset codes are not.
 */
function routeOf(url: string): string {
  const { pathname, searchParams } = new URL(url);
  const query = [...searchParams].map(([name, value]) => `${name}=${value.length > 24 ? '…' : value}`).join('&');
  return query ? `${pathname}?${query}` : pathname;
}

function describeNode(node: { target: unknown[]; failureSummary?: string }): string {
  const summary = node.failureSummary?.split('\n').slice(1).join(' ').trim();
  return `${node.target.map(String).join(' ')}${summary ? ` (${summary})` : ''}`;
}

/**
 * Watches `page` for the test's lifetime, calling `onChecked` with each page it checks. Before the test loads another
 * document (`page.goto`, `page.reload`) or changes the width, the page is checked as it was, so a page a test only passes through is
 * still checked; a route change inside the app is checked once the page has settled, if the test is still on it.
 * `finish()` checks the page the test ended on, waits for the checks under way and returns every violation found.
 */
export function watchAccessibility(
  page: Page,
  onChecked: (page: string) => void,
): { finish: () => Promise<AccessibilityViolation[]> } {
  const violations: AccessibilityViolation[] = [];
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const keyOf = async (url: string) => {
    // A document being replaced (the test's next `goto` to this same address) has no root element for a moment.
    const language = await page.evaluate(() => document.documentElement?.lang || 'unknown');
    const viewport = `${page.viewportSize()?.width ?? 0}px`;
    return { route: routeOf(url), viewport, language, key: `${routeOf(url)} ${viewport} ${language}` };
  };

  async function check(url: string): Promise<void> {
    if (stopped || page.isClosed() || page.url() !== url) return;
    if (checked.has((await keyOf(url)).key)) return;
    await settle(page);
    // The test moved on while the page settled: the new address gets its own check.
    if (page.url() !== url) return;
    const { route, viewport, language, key } = await keyOf(url);
    if (checked.has(key)) return;
    // Legacy mode runs axe inside the page's own frames; the default finishes in a new page of the context, which a
    // spec waiting for a window the app opens (the e-sign page) would take for that window.
    const results = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze();
    if (page.url() !== url) return;
    checked.add(key);
    onChecked(key);
    for (const v of results.violations) {
      if (!v.impact || !FAILING_IMPACTS.has(v.impact)) continue;
      violations.push({ route, viewport, language, rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(describeNode) });
    }
  }

  // One check at a time, in the order the addresses were reached.
  const enqueue = (url: string): Promise<void> => {
    running = running
      .then(() => check(url))
      .catch((error: unknown) => {
        // A check the test's next navigation interrupted is redone at the next address; any other failure of the
        // step fails the test rather than passing unchecked.
        if (stopped || page.isClosed() || page.url() !== url || INTERRUPTED.test(String(error))) return;
        violations.push({ route: routeOf(url), viewport: '', language: '', rule: 'axe-run', impact: 'critical', help: String(error), nodes: [] });
      });
    return running;
  };
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().startsWith('http')) void enqueue(frame.url());
  });
  const checkBeforeLeaving = async () => {
    if (!page.isClosed() && page.url().startsWith('http')) await enqueue(page.url());
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    await checkBeforeLeaving();
    return goto(...args);
  };
  page.reload = async (...args) => {
    await checkBeforeLeaving();
    return reload(...args);
  };
  checkNow.set(page, checkBeforeLeaving);
  const setViewportSize = page.setViewportSize.bind(page);
  page.setViewportSize = async (...args) => {
    await checkBeforeLeaving();
    return setViewportSize(...args);
  };

  return {
    finish: async () => {
      await checkBeforeLeaving();
      stopped = true;
      return violations;
    },
  };
}

export function formatViolations(violations: AccessibilityViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.route} (${v.viewport}, ${v.language}): ${v.rule} [${v.impact}] ${v.help}\n${v.nodes.map((n) => `    ${n}`).join('\n')}`,
    )
    .join('\n');
}
