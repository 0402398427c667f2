import { describe, expect, it } from 'vitest';
import { machineEntry } from '../../../machines/index';
import { PAGE_ERROR_REPORTS, pageErrorCatcherMachine, pageErrorCatcherSelectors as select } from '../../../machines/shell/pageErrorCatcher.machine';
import { TRANSLATED_PAGE_REMOUNT_LIMIT, TRANSLATED_PAGE_STEADY_MS } from '../../../src/domain/constants';
import { run } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

// The page error catcher (spec 001 §8 "Video and translation"): a translated page that fails is remounted, reported
// and explained (global.error-browser-translate); any other failure shows the error view and is reported.

const entry = machineEntry('pageErrorCatcher');
if (!entry) throw new Error('pageErrorCatcher is not registered');

runModelPaths(entry);

const translatorFailure = {
  type: 'page.crashed',
  name: 'NotFoundError',
  message: "Failed to execute 'insertBefore' on 'Node': The node before which the new node is to be inserted is not a child of this node.",
  componentStack: '\n    at Balance',
} as const;
const ordinaryFailure = { type: 'page.crashed', name: 'TypeError', message: 'balance is undefined', componentStack: '\n    at Balance' } as const;

const reports = (emitted: { type: string; [key: string]: unknown }[]) => emitted.filter((event) => event.type === 'report').map((event) => event.report);
const notices = (emitted: { type: string; [key: string]: unknown }[]) => emitted.filter((event) => event.type === 'notify');

describe('the page error catcher', () => {
  it('remounts a page that fails while the browser has translated it, reports it and says why', () => {
    const m = run(pageErrorCatcherMachine);
    m.actor.send({ type: 'page.translated', language: 'fr' });
    expect(select.translated(m.actor.getSnapshot())).toBe(true);
    m.actor.send({ ...ordinaryFailure });
    const snapshot = m.actor.getSnapshot();
    expect(select.mount(snapshot)).toBe(1);
    expect(select.crashed(snapshot)).toBe(false);
    expect(reports(m.emitted)).toEqual([
      {
        message: PAGE_ERROR_REPORTS.browserTranslate,
        extra: { error: 'balance is undefined', language: 'fr', remounts: 0, componentStack: '\n    at Balance' },
      },
    ]);
    expect(notices(m.emitted)).toEqual([{ type: 'notify', level: 'warning', key: 'global.error-browser-translate' }]);
  });

  it('takes the failure a replaced text causes for a translated page even when the translator left no mark', () => {
    const m = run(pageErrorCatcherMachine);
    m.actor.send({ ...translatorFailure });
    expect(select.mount(m.actor.getSnapshot())).toBe(1);
    expect(select.crashed(m.actor.getSnapshot())).toBe(false);
    expect(reports(m.emitted)).toEqual([expect.objectContaining({ message: PAGE_ERROR_REPORTS.browserTranslate })]);
  });

  it('shows the error view and reports any other failure, without a remount or a notice', () => {
    const m = run(pageErrorCatcherMachine);
    m.actor.send({ ...ordinaryFailure });
    expect(select.crashed(m.actor.getSnapshot())).toBe(true);
    expect(select.mount(m.actor.getSnapshot())).toBe(0);
    expect(reports(m.emitted)).toEqual([{ message: 'balance is undefined', extra: { componentStack: '\n    at Balance' } }]);
    expect(notices(m.emitted)).toEqual([]);
  });

  it('no longer counts a page as translated once the browser shows the original again', () => {
    const m = run(pageErrorCatcherMachine);
    m.actor.send({ type: 'page.translated', language: 'de' });
    m.actor.send({ type: 'page.untranslated' });
    m.actor.send({ ...ordinaryFailure });
    expect(select.crashed(m.actor.getSnapshot())).toBe(true);
  });

  it(`gives a page that keeps failing up after ${TRANSLATED_PAGE_REMOUNT_LIMIT} remounts in a row`, () => {
    const m = run(pageErrorCatcherMachine);
    m.actor.send({ type: 'page.translated', language: 'fr' });
    for (let remount = 1; remount <= TRANSLATED_PAGE_REMOUNT_LIMIT; remount += 1) {
      m.actor.send({ ...translatorFailure });
      expect(select.mount(m.actor.getSnapshot())).toBe(remount);
    }
    m.actor.send({ ...translatorFailure });
    expect(select.crashed(m.actor.getSnapshot())).toBe(true);
    expect(select.mount(m.actor.getSnapshot())).toBe(TRANSLATED_PAGE_REMOUNT_LIMIT);
    expect(reports(m.emitted).at(-1)).toEqual({ message: translatorFailure.message, extra: { componentStack: '\n    at Balance', translatedTo: 'fr' } });
  });

  it('starts the count again once the remounted page has run steadily for a while', async () => {
    const m = run(pageErrorCatcherMachine);
    m.actor.send({ type: 'page.translated', language: 'fr' });
    for (let remount = 1; remount <= TRANSLATED_PAGE_REMOUNT_LIMIT; remount += 1) {
      m.actor.send({ ...translatorFailure });
      await m.advance(TRANSLATED_PAGE_STEADY_MS - 1);
    }
    // Each failure came just before the page counted as steady: the limit is reached.
    expect(m.actor.getSnapshot().context.remounts).toBe(TRANSLATED_PAGE_REMOUNT_LIMIT);
    await m.advance(1);
    expect(m.actor.getSnapshot().context.remounts).toBe(0);
    m.actor.send({ ...translatorFailure });
    expect(select.crashed(m.actor.getSnapshot())).toBe(false);
    expect(select.mount(m.actor.getSnapshot())).toBe(TRANSLATED_PAGE_REMOUNT_LIMIT + 1);
  });
});
