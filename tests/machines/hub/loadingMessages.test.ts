import { describe, expect, it } from 'vitest';
import { loadingMessagesMachine, loadingMessagesSelectors } from '../../../machines/hub/loadingMessages.machine';
import { machineEntry } from '../../../machines/index';
import { LOADING_MESSAGE_COUNT, LOADING_MESSAGE_MAX_MS, LOADING_MESSAGE_MIN_MS, LOADING_MESSAGES_AFTER_MS } from '../../../src/domain/constants';
import { loadingMessageDelayMs } from '../../../src/domain/hub';
import { run } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('loadingMessages');
if (!entry) throw new Error('loadingMessages is not registered');

runModelPaths(entry);

describe('the loading messages on long waits (spec 002 §9)', () => {
  it('shows nothing during a short wait, then rotates the messages every 2 to 6 seconds', async () => {
    const m = run(loadingMessagesMachine, { start: 48 });
    const index = () => loadingMessagesSelectors.messageIndex(m.actor.getSnapshot());
    await m.advance(LOADING_MESSAGES_AFTER_MS - 1);
    expect(index()).toBeNull();
    await m.advance(1);
    expect(index()).toBe(48);
    await m.advance(loadingMessageDelayMs(48) - 1);
    expect(index()).toBe(48);
    await m.advance(1);
    expect(index()).toBe(49);
    await m.advance(loadingMessageDelayMs(49));
    // Round the 50 and back to the first.
    expect(index()).toBe(0);
  });

  it('gives every message 2 to 6 seconds, not always the same', () => {
    const delays = Array.from({ length: LOADING_MESSAGE_COUNT }, (_, index) => loadingMessageDelayMs(index));
    expect(Math.min(...delays)).toBe(LOADING_MESSAGE_MIN_MS);
    expect(Math.max(...delays)).toBe(LOADING_MESSAGE_MAX_MS);
    expect(new Set(delays).size).toBe(5);
  });
});
