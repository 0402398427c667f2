// What view tests share around the real machines they render: the actors a test starts are stopped after it, and
// the accessibility check (axe) on what is on screen.
import axe from 'axe-core';
import type { AnyActorRef } from 'xstate';
import { afterEach } from 'vitest';

/** Registers the file's afterEach that stops every actor the test started; `start` starts one and records it. */
export function actorsStoppedAfterEach(): { actors: AnyActorRef[]; start: <T extends AnyActorRef>(actor: T) => T } {
  const actors: AnyActorRef[] = [];
  afterEach(() => {
    for (const actor of actors.splice(0)) actor.stop();
  });
  return {
    actors,
    start: (actor) => {
      actor.start();
      actors.push(actor);
      return actor;
    },
  };
}

/**
 * The axe violations on the page, one line each (rule: the elements), under axe's rules that need no layout: colour
 * contrast and page regions are checked in the browser (e2e/a11y.spec.ts). `off` turns further rules off.
 */
export async function axeViolations(off: readonly string[] = []): Promise<string[]> {
  const rules = Object.fromEntries(['color-contrast', 'region', ...off].map((rule) => [rule, { enabled: false }]));
  const results = await axe.run(document.body, { rules });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
