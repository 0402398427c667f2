import { describe, expect, it } from 'vitest';
import { parseTestArgs, runTestSkeleton } from '../../scripts/statecharts-test';

// Paths to tests (docs/statecharts.md): a generated path written as a test skeleton, each event a step.

describe('statecharts:test', () => {
  it('writes a Vitest skeleton of a password reset path with each event as a step and the state it reaches', () => {
    const { name, text } = runTestSkeleton(parseTestArgs(['passwordReset', '--path', '2']));
    expect(name).toBe('passwordReset-path-2.test.ts');
    expect(text).toContain("const entry = machineEntries.find((candidate) => candidate.id === 'passwordReset');");
    expect(text).toMatch(/\/\/ 1\. .+ → /);
    expect(text).toMatch(/(actor\.send\(\{.*"type":.*\} as never\);|clock\.increment\(\d+\);)\n {4}expect\(actor\.getSnapshot\(\)\.value\)\.toEqual\(/);
  });

  it('writes a Playwright skeleton for the route that hosts the machine, one test.step per event', () => {
    const { text } = runTestSkeleton(parseTestArgs(['passwordReset', '--path', '1', '--kind', 'playwright', '--route', '/handle']));
    expect(text).toContain("await page.goto('/handle');");
    expect(text).toContain("await test.step('1. ");
  });

  it('refuses a path the machine does not have, and a Playwright skeleton without a route', () => {
    expect(() => runTestSkeleton(parseTestArgs(['passwordReset', '--path', '999']))).toThrow(/there is no path 999/);
    expect(() => runTestSkeleton(parseTestArgs(['passwordReset', '--path', '1', '--kind', 'playwright']))).toThrow(/needs the route/);
    expect(() => parseTestArgs(['passwordReset'])).toThrow(/usage/);
  });
});
