import { describe, expect, it } from 'vitest';
import { machineEntries } from '../../machines';
import { toChart } from '../../src/visualizer/model/chart';
import { guardWords, transitionSentences, words } from '../../src/visualizer/words/machineWords';
import { answersFor } from '../support/answers';

// The machine in words (docs/statecharts.md "Legible at a glance"): sentences built from the machine's names.

describe('the machine in words', () => {
  it('turns the notation into words', () => {
    const names = { lockedOut: 'locked out', 'card.retry': 'card retry', assignErrorCode: 'assign error code' };
    expect(answersFor(words, names)).toEqual(names);
    const guards = { 'isValid && !hasExpired': 'is valid and not has expired', 'hasStatus(expected: "current")': 'has status' };
    expect(answersFor(guardWords, guards)).toEqual(guards);
  });

  it('gives every transition of the password reset a sentence with where it starts, what triggers it and where it goes', () => {
    const entry = machineEntries.find((e) => e.id === 'passwordReset');
    if (!entry) throw new Error('no passwordReset');
    const chart = toChart(entry.machine);
    const sentences = transitionSentences(chart);
    expect(sentences).toHaveLength(chart.transitions.length);
    const timeout = sentences.find((s) => s.trigger.kind === 'after');
    expect(timeout).toMatchObject({ state: 'Loading', trigger: { kind: 'after', delay: 'lookupTimeout (15 s)' }, targets: ['Bad request'] });
    const done = sentences.find((s) => s.trigger.kind === 'done' && s.source === 'passwordReset.loading');
    expect(done?.trigger).toEqual({ kind: 'done', actor: 'validate reset code' });
  });
});
