import { describe, expect, it } from 'vitest';
import { parsePathsArgs, runPaths } from '../../src/visualizer/paths/pathsCli';
import { describeEvent } from '../../src/visualizer/paths/qaPaths';
import { toChart } from '../../src/visualizer/model/chart';
import { demoEntry } from './fixtures/demoMachine';

describe('npm run paths', () => {
  it('reads a machine id, the strategy and the format', () => {
    expect(parsePathsArgs(['demo', '--strategy', 'simple', '--format=json'])).toEqual({ ids: ['demo'], strategies: ['simple'], format: 'json' });
    expect(parsePathsArgs(['--all'])).toEqual({ ids: 'all', strategies: ['shortest', 'simple'], format: 'md' });
  });

  it('refuses a missing id, an unknown strategy or format with the usage line', () => {
    expect(() => parsePathsArgs([])).toThrow(/usage: npm run paths/);
    expect(() => parsePathsArgs(['demo', '--strategy', 'longest'])).toThrow(/unknown strategy 'longest'/);
    expect(() => parsePathsArgs(['demo', '--format', 'csv'])).toThrow(/unknown format 'csv'/);
  });

  it('names the registered machines when the id is unknown', () => {
    expect(() => runPaths({ ids: ['nope'], strategies: ['shortest'], format: 'md' }, [demoEntry])).toThrow("no machine 'nope' in machines/index.ts; registered: demo");
  });

  it('prints numbered plain-language steps with the payload and the state reached, and totals', () => {
    const { output } = runPaths({ ids: ['demo'], strategies: ['shortest'], format: 'md' }, [demoEntry]);
    expect(output).toContain('# Test paths: Demo flow (`demo`)');
    expect(output).toMatch(/\| shortest \| \d+ \| \d+ \|/);
    expect(output).not.toContain('| simple |');
    expect(output).toContain('1. Send link.open {"token":"abc"} → checking');
    expect(output).toContain('2. validateLink succeeds with {"valid":true} → editing.form.empty + editing.panel.closed');
    expect(output).toMatch(/### Path \d+: reaches saved \(\d+ steps\)/);
  });

  it('writes both strategies to the file whatever is printed', () => {
    const { files } = runPaths({ ids: ['demo'], strategies: ['simple'], format: 'json' }, [demoEntry]);
    const file = files.get('demo') ?? '';
    expect(file).toContain('## Shortest paths');
    expect(file).toContain('## Simple paths');
  });

  it('prints JSON with the events, states and totals', () => {
    const { output } = runPaths({ ids: ['demo'], strategies: ['shortest'], format: 'json' }, [demoEntry]);
    const parsed = JSON.parse(output) as { machine: string; totals: Array<{ strategy: string; paths: number }>; paths: { shortest: Array<{ steps: unknown[] }> } };
    expect(parsed.machine).toBe('demo');
    expect(parsed.totals[0]?.paths).toBe(parsed.paths.shortest.length);
  });

  it('describes delays with their duration and actor failures with their reason', () => {
    const chart = toChart(demoEntry.machine);
    expect(describeEvent(chart, { type: 'xstate.after.lookupTimeout.demo.checking' })).toBe('Wait lookupTimeout (15 s)');
    expect(describeEvent(chart, { type: 'xstate.error.actor.validateLink', error: new Error('expired') })).toBe('validateLink fails (expired)');
    expect(describeEvent(chart, { type: 'xstate.error.actor.validateLink', error: { code: 'internal' } })).toBe('validateLink fails ({"code":"internal"})');
  });
});
