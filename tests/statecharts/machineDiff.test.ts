// "What changed" between two revisions of the machines (src/visualizer/diff/machineDiff.ts): a small checkout flow
// is changed in each way a product manager would want to hear about, and the test reads the Markdown lines they
// would read. Each side is the JSON `npm run statecharts` checks in (`machine.toJSON()`).
import { fromPromise, setup, type AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { diffMarkdown, diffStatecharts, parseMachineJson, type StateNodeJson } from '../../src/visualizer/diff/machineDiff';
import { demoMachine } from './fixtures/demoMachine';

const checkoutSetup = setup({
  types: { events: {} as { type: 'card.submit' } | { type: 'card.retry' } | { type: 'cancel' } | { type: 'review.confirm' } },
  guards: { isCardValid: () => true, isCardComplete: () => true, isCardExpired: () => false },
  actions: {
    showReceipt: () => undefined,
    logCharge: () => undefined,
    clearCard: () => undefined,
    showError: (_, _params: { key: string }) => undefined,
  },
  actors: { chargeCard: fromPromise(async () => ({ paid: true })), chargeCardAgain: fromPromise(async () => ({ paid: true })) },
  delays: { gatewayTimeout: 30_000 },
});

type States = NonNullable<Parameters<typeof checkoutSetup.createMachine>[0]['states']>;

function checkout(states: States, id = 'checkout') {
  return checkoutSetup.createMachine({ id, initial: 'editing', states });
}

/** The checkout flow as it was in the older revision. */
const base = (): States => ({
  editing: {
    on: {
      'card.submit': [{ guard: 'isCardValid', target: 'charging' }, { actions: { type: 'showError', params: { key: 'card.invalid' } } }],
      cancel: 'cancelled',
    },
  },
  charging: {
    invoke: { src: 'chargeCard', onDone: { target: 'paid', actions: 'showReceipt' }, onError: 'failed' },
    after: { gatewayTimeout: 'failed' },
  },
  failed: { on: { 'card.retry': 'editing' } },
  paid: { type: 'final' },
  cancelled: { type: 'final' },
});

const json = (machine: AnyStateMachine): StateNodeJson => parseMachineJson(JSON.stringify(machine.toJSON()), machine.id);
const machines = (...list: AnyStateMachine[]) => new Map(list.map((machine) => [machine.id, json(machine)]));

function summary(before: AnyStateMachine[], after: AnyStateMachine[]): string {
  return diffMarkdown(diffStatecharts(machines(...before), machines(...after)), { since: '`last-week`', against: '`today`' });
}

/** The lines of one `### heading` section of the summary. */
function section(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(`### ${heading}`);
  if (start < 0) return [];
  const end = lines.findIndex((line, i) => i > start && line.startsWith('#'));
  return lines.slice(start + 1, end < 0 ? undefined : end).filter((line) => line !== '');
}

const headings = (markdown: string) => markdown.split('\n').filter((line) => line.startsWith('### '));

describe('statecharts:diff summary', () => {
  it('says no machine changed when both revisions are the same', () => {
    expect(summary([checkout(base())], [checkout(base())])).toBe('No machine changed since `last-week`.\n');
  });

  it('lists a state added with its transitions, and nothing else', () => {
    const after = base();
    after.charging = { ...after.charging, on: { cancel: 'cancelling' } };
    after.cancelling = { on: { 'card.retry': 'charging' } };
    const markdown = summary([checkout(base())], [checkout(after)]);
    expect(markdown).toContain('# Statechart changes since `last-week`\n\nCompared with `today`: 1 machine changed, 0 added, 0 removed, 0 unchanged.');
    expect(markdown).toContain('## `checkout`');
    expect(section(markdown, 'States added')).toEqual(['- `cancelling`']);
    expect(section(markdown, 'Transitions added')).toEqual(['- `charging` on `cancel` → `cancelling`', '- `cancelling` on `card.retry` → `charging`']);
    expect(headings(markdown)).toEqual(['### States added', '### Transitions added']);
  });

  it('lists a state removed with the transitions into and out of it', () => {
    const after = base();
    delete after.cancelled;
    after.editing = { on: { 'card.submit': [{ guard: 'isCardValid', target: 'charging' }, { actions: { type: 'showError', params: { key: 'card.invalid' } } }] } };
    const markdown = summary([checkout(base())], [checkout(after)]);
    expect(section(markdown, 'States removed')).toEqual(['- `cancelled` (final)']);
    expect(section(markdown, 'Transitions removed')).toEqual(['- `editing` on `cancel` → `cancelled`']);
    expect(headings(markdown)).toEqual(['### States removed', '### Transitions removed']);
  });

  it('shows a renamed state as one removed and one added, and the transitions into it as retargeted', () => {
    const after = base();
    delete after.failed;
    after.declined = { on: { 'card.retry': 'editing' } };
    after.charging = { invoke: { src: 'chargeCard', onDone: { target: 'paid', actions: 'showReceipt' }, onError: 'declined' }, after: { gatewayTimeout: 'declined' } };
    const markdown = summary([checkout(base())], [checkout(after)]);
    expect(section(markdown, 'States added')).toEqual(['- `declined`']);
    expect(section(markdown, 'States removed')).toEqual(['- `failed`']);
    expect(section(markdown, 'Transitions added')).toEqual(['- `declined` on `card.retry` → `editing`']);
    expect(section(markdown, 'Transitions removed')).toEqual(['- `failed` on `card.retry` → `editing`']);
    expect(section(markdown, 'Transitions retargeted')).toEqual([
      '- `charging` when `chargeCard` fails: went to `failed`, now goes to `declined`',
      '- `charging` after `gatewayTimeout`: went to `failed`, now goes to `declined`',
    ]);
  });

  it('shows a transition sent elsewhere as retargeted, not as one removed and one added', () => {
    const after = base();
    after.failed = { on: { 'card.retry': 'charging' } };
    const markdown = summary([checkout(base())], [checkout(after)]);
    expect(section(markdown, 'Transitions retargeted')).toEqual(['- `failed` on `card.retry`: went to `editing`, now goes to `charging`']);
    expect(headings(markdown)).toEqual(['### Transitions retargeted']);
  });

  it('names the guard that changed, was added or was dropped on the same transition', () => {
    const complete = base();
    complete.editing = { on: { 'card.submit': [{ guard: 'isCardComplete', target: 'charging' }, { actions: { type: 'showError', params: { key: 'card.invalid' } } }], cancel: 'cancelled' } };
    const changed = summary([checkout(base())], [checkout(complete)]);
    expect(section(changed, 'Guards changed')).toEqual(['- `editing` on `card.submit` → `charging`: guard was `isCardValid`, now `isCardComplete`']);
    expect(headings(changed)).toEqual(['### Guards changed']);

    const guarded = base();
    guarded.failed = { on: { 'card.retry': { guard: 'isCardExpired', target: 'editing' } } };
    expect(section(summary([checkout(base())], [checkout(guarded)]), 'Guards changed')).toEqual([
      '- `failed` on `card.retry` → `editing`: guard was none, now `isCardExpired`',
    ]);
    expect(section(summary([checkout(guarded)], [checkout(base())]), 'Guards changed')).toEqual(['- `failed` on `card.retry` → `editing`: guard was `isCardExpired`, now none']);
  });

  it('names the actions before and after, fixed params included', () => {
    const after = base();
    after.charging = {
      invoke: { src: 'chargeCard', onDone: { target: 'paid', actions: ['showReceipt', 'logCharge'] }, onError: 'failed' },
      after: { gatewayTimeout: 'failed' },
    };
    after.editing = { on: { 'card.submit': [{ guard: 'isCardValid', target: 'charging' }, { actions: { type: 'showError', params: { key: 'card.expired' } } }], cancel: 'cancelled' } };
    const markdown = summary([checkout(base())], [checkout(after)]);
    expect(section(markdown, 'Actions changed')).toEqual([
      '- `editing` on `card.submit` → (stays in `editing`): actions were `showError(key: "card.invalid")`, now `showError(key: "card.expired")`',
      '- `charging` when `chargeCard` succeeds → `paid`: actions were `showReceipt`, now `showReceipt`, `logCharge`',
    ]);
    expect(headings(markdown)).toEqual(['### Actions changed']);
  });

  it('tells a new guarded alternative from a changed one and says when their order changed', () => {
    const inserted = base();
    inserted.editing = {
      on: {
        'card.submit': [
          { guard: 'isCardExpired', actions: { type: 'showError', params: { key: 'card.expired' } } },
          { guard: 'isCardValid', target: 'charging' },
          { actions: { type: 'showError', params: { key: 'card.invalid' } } },
        ],
        cancel: 'cancelled',
      },
    };
    const added = summary([checkout(base())], [checkout(inserted)]);
    expect(section(added, 'Transitions added')).toEqual(['- `editing` on `card.submit` [`isCardExpired`] → (stays in `editing`) / `showError(key: "card.expired")`']);
    expect(headings(added)).toEqual(['### Transitions added']);

    const swapped = base();
    swapped.editing = { on: { 'card.submit': [{ actions: { type: 'showError', params: { key: 'card.invalid' } } }, { guard: 'isCardValid', target: 'charging' }], cancel: 'cancelled' } };
    const reordered = summary([checkout(base())], [checkout(swapped)]);
    expect(section(reordered, 'Guarded alternatives tried in another order')).toEqual([
      '- `editing` on `card.submit`: was [`isCardValid`] → `charging`, then [no guard] → (stays in `editing`); now [no guard] → (stays in `editing`), then [`isCardValid`] → `charging`',
    ]);
    expect(headings(reordered)).toEqual(['### Guarded alternatives tried in another order']);
  });

  it('lists the states of a state that became nested, its new initial state and its moved transitions', () => {
    const after = base();
    after.charging = {
      initial: 'authorizing',
      invoke: { src: 'chargeCard', onDone: { target: 'paid', actions: 'showReceipt' }, onError: 'failed' },
      after: { gatewayTimeout: 'failed' },
      states: { authorizing: { on: { 'review.confirm': 'capturing' } }, capturing: {} },
    };
    const markdown = summary([checkout(base())], [checkout(after)]);
    expect(section(markdown, 'States added')).toEqual(['- `charging.authorizing`', '- `charging.capturing`']);
    expect(section(markdown, 'Transitions added')).toEqual(['- `charging.authorizing` on `review.confirm` → `charging.capturing`']);
    expect(section(markdown, 'States changed')).toEqual(['- `charging`: kind was `atomic`, now `compound`', '- `charging`: initial state was none, now `charging.authorizing`']);
  });

  it('reports a changed entry action and invoked actor, but not the timer xstate adds for a delay', () => {
    const after = base();
    after.charging = {
      entry: 'clearCard',
      invoke: { src: 'chargeCardAgain', onDone: { target: 'paid', actions: 'showReceipt' }, onError: 'failed' },
      after: { gatewayTimeout: 'failed' },
    };
    after.failed = { on: { 'card.retry': 'editing' }, after: { 60_000: 'editing' } };
    const markdown = summary([checkout(base())], [checkout(after)]);
    expect(section(markdown, 'States changed')).toEqual([
      '- `charging`: entry actions were none, now `clearCard`',
      '- `charging`: invoked actors were `chargeCard`, now `chargeCardAgain`',
    ]);
    expect(section(markdown, 'Transitions added')).toEqual(['- `failed` after 1 min → `editing`']);
    expect(headings(markdown)).toEqual(['### Transitions added', '### States changed']);
  });

  it('reports descriptions and meta (the spec section) that changed', () => {
    const after = base();
    after.failed = { description: 'The card was refused', meta: { spec: '001 §8' }, on: { 'card.retry': { target: 'editing', description: 'Try another card' } } };
    const markdown = summary([checkout(base())], [checkout(after)]);
    expect(section(markdown, 'Descriptions and meta changed')).toEqual([
      '- state `failed`: description was none, now “The card was refused”',
      '- state `failed`: meta was none, now `{"spec":"001 §8"}`',
      '- `failed` on `card.retry` → `editing`: description was none, now “Try another card”',
    ]);
  });

  it('names events on the machine itself, a region finishing and a transition that now re-enters', () => {
    const regions = (reenter: boolean, finishedTarget: string) =>
      setup({ types: { events: {} as { type: 'session.expire' } | { type: 'step.done' } | { type: 'refresh' } } }).createMachine({
        id: 'wizard',
        initial: 'filling',
        on: { 'session.expire': '.expired' },
        states: {
          filling: {
            type: 'parallel',
            onDone: finishedTarget,
            on: { refresh: { target: 'filling', reenter } },
            states: {
              identity: { initial: 'open', states: { open: { on: { 'step.done': 'done' } }, done: { type: 'final' } } },
              address: { initial: 'open', states: { open: { on: { 'step.done': 'done' } }, done: { type: 'final' } } },
            },
          },
          review: {},
          submitted: { type: 'final' },
          expired: { type: 'final' },
        },
      });
    const markdown = summary([regions(false, 'review')], [regions(true, 'submitted')]);
    expect(section(markdown, 'Transitions retargeted')).toEqual(['- `filling` when `filling` is done: went to `review`, now goes to `submitted`']);
    expect(section(markdown, 'Re-entry changed')).toEqual(['- `filling` on `refresh` → `filling`: now exits and re-enters its target']);

    const expiring = setup({}).createMachine({ id: 'wizard', initial: 'filling', states: { filling: {} } });
    expect(section(summary([regions(false, 'review')], [expiring]), 'Transitions removed')[0]).toBe('- `(machine)` on `session.expire` → `expired`');
  });

  it('lists machines added and removed by id with their size, changed machines in id order, and counts the unchanged', () => {
    const markdown = summary([checkout(base(), 'zeta'), checkout(base(), 'alpha'), checkout(base(), 'gone'), demoMachine], [
      demoMachine,
      checkout({ ...base(), failed: { on: { 'card.retry': 'charging' } } }, 'zeta'),
      checkout({ ...base(), failed: { on: { 'card.retry': 'charging' } } }, 'alpha'),
      checkout(base(), 'fresh'),
    ]);
    expect(markdown).toContain('Compared with `today`: 2 machines changed, 1 added, 1 removed, 1 unchanged.');
    expect(markdown).toContain('## Machines added\n\n- `fresh`: 5 states, 7 transitions\n');
    expect(markdown).toContain('## Machines removed\n\n- `gone`: 5 states, 7 transitions\n');
    expect(markdown.split('\n').filter((line) => line.startsWith('## '))).toEqual(['## Machines added', '## Machines removed', '## `alpha`', '## `zeta`']);
    expect(markdown).not.toContain('`demo`');
  });

  it('writes the same summary whatever order the machines were read in', () => {
    const after = [checkout({ ...base(), failed: { on: { 'card.retry': 'charging' } } }, 'b'), checkout(base(), 'a'), checkout(base(), 'c')];
    const before = [checkout(base(), 'b'), checkout(base(), 'd')];
    expect(summary(before, after)).toBe(summary([...before].reverse(), [...after].reverse()));
  });

  it('puts the machine title in the heading when the caller knows it', () => {
    const diff = diffStatecharts(machines(checkout(base())), machines(checkout({ ...base(), failed: { on: { 'card.retry': 'charging' } } })));
    const markdown = diffMarkdown(diff, { since: '`v1`', against: 'now', titles: new Map([['checkout', 'Card checkout']]) });
    expect(markdown).toContain('## Card checkout (`checkout`)');
  });

  it('refuses a file that is not a machine, naming it', () => {
    expect(() => parseMachineJson('{"id": "x"}', 'statecharts/x.json at main')).toThrow(/^statecharts\/x\.json at main is not a machine's JSON/);
    expect(() => parseMachineJson('not json', 'statecharts/y.json')).toThrow(/^statecharts\/y\.json is not JSON/);
  });
});
