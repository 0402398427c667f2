import { describe, expect, it } from 'vitest';
import { toMermaid } from '../../src/visualizer/export/mermaid';
import { toChart } from '../../src/visualizer/model/chart';
import { demoMachine } from './fixtures/demoMachine';

describe('the Mermaid writer', () => {
  const text = toMermaid(toChart(demoMachine), 'Demo flow');
  const lines = text.split('\n').map((line) => line.trim());

  it('writes a titled stateDiagram-v2 with the machine as the outer composite state', () => {
    expect(text.startsWith('---\ntitle: "Demo flow"\n---\nstateDiagram-v2\n')).toBe(true);
    expect(lines).toContain('[*] --> demo');
    expect(lines).toContain('state demo {');
  });

  it('nests compound states and separates parallel regions with --', () => {
    const editing = text.slice(text.indexOf('state demo_editing {'));
    expect(editing.indexOf('state demo_editing_form {')).toBeLessThan(editing.indexOf('--'));
    expect(editing.indexOf('--')).toBeLessThan(editing.indexOf('state demo_editing_panel {'));
  });

  it('marks initial, final and history states', () => {
    expect(lines).toContain('[*] --> demo_editing_form_empty');
    expect(lines).toContain('demo_saved --> [*]');
    expect(lines).toContain('state "H" as demo_editing_form_hist');
  });

  it('labels transitions with guard in brackets, actions, named delays and actor results', () => {
    expect(lines).toContain('demo_editing_form_dirty --> demo_saved : form.submit [isStrongPassword] / notifySaved');
    expect(lines).toContain('demo_checking --> demo_failed : after lookupTimeout (15 s)');
    expect(lines).toContain('demo_checking --> demo_editing : done: validateLink');
    expect(lines).toContain('demo_checking --> demo_failed : error: validateLink / assignErrorCode');
    expect(lines).toContain('demo_failed --> demo_exhausted : always [isOutOfAttempts]');
    expect(lines).toContain('demo_checking : invoke validateLink');
  });

  it('writes an arrow that crosses a composite border after all blocks', () => {
    const crossing = 'demo_failed --> demo_editing_form_hist : form.edit';
    expect(text.lastIndexOf('}')).toBeLessThan(text.indexOf(crossing));
  });

  it('writes the same text every time', () => {
    expect(toMermaid(toChart(demoMachine), 'Demo flow')).toBe(text);
  });
});
