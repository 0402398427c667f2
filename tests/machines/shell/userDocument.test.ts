import { describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, fromCallback, setup, SimulatedClock, type EventObject } from 'xstate';
import { USER_DATA_LONG_LOAD_MS } from '../../../src/domain/constants';
import { machineEntry } from '../../../machines/index';
import type { PortError, UserDocument } from '../../../machines/ports';
import type { ErrorReporterEvent } from '../../../machines/shell/errorReporter.machine';
import type { SignedInUserChangedEvent, UserDocumentWatchEvent } from '../../../machines/shell/ports';
import { userDocumentMachine, userDocumentSelectors } from '../../../machines/shell/userDocument.machine';
import type { ErrorReporterActor, SessionActor } from '../../../src/app/shell/appActors';
import { provideUserDocumentMachine } from '../../../src/app/shell/machines';
import type { AppPorts } from '../../../src/app/ports';
import { inspect } from '../../../src/inspect';
import { runModelPaths } from '../../support/modelPaths';
import { sampleUserDocument } from '../../support/userDocumentSample';

const entry = machineEntry('userDocument');
if (!entry) throw new Error('userDocument is not registered');
runModelPaths(entry);

const documentOf = sampleUserDocument;

/** The machine with its two subscriptions faked: the test says who is signed in and what the listener reads. */
function startWithFakes(clock?: SimulatedClock) {
  let sendUser: (event: SignedInUserChangedEvent) => void = () => undefined;
  let sendDocument: (event: UserDocumentWatchEvent) => void = () => undefined;
  const listened: string[] = [];
  const stopped: string[] = [];
  const actor = createActor(
    userDocumentMachine.provide({
      actors: {
        watchSignedInUser: fromCallback<EventObject, void>(({ sendBack }) => {
          sendUser = sendBack;
        }),
        watchUserDocument: fromCallback<EventObject, { uid: string }>(({ input, sendBack }) => {
          listened.push(input.uid);
          sendDocument = sendBack;
          return () => stopped.push(input.uid);
        }),
      },
    }),
    clock ? { inspect, clock } : { inspect },
  );
  actor.start();
  return {
    actor,
    listened,
    stopped,
    user: (uid: string | null) => sendUser({ type: 'user.changed', uid }),
    read: (event: UserDocumentWatchEvent) => sendDocument(event),
    document: () => userDocumentSelectors.document(actor.getSnapshot()),
  };
}

describe('live user document (spec 000 §3.1)', () => {
  it('has no document while signed out, and none is listened to', () => {
    const live = startWithFakes();
    expect(live.document()).toBeNull();
    expect(live.listened).toEqual([]);
  });

  it("listens to the signed-in user's document: undefined until it is read, then the document as it changes", () => {
    const live = startWithFakes();
    live.user('u1');
    expect(live.listened).toEqual(['u1']);
    expect(live.document()).toBeUndefined();
    live.read({ type: 'userDocument.changed', document: documentOf('u1') });
    expect(live.document()).toEqual(documentOf('u1'));
    live.read({ type: 'userDocument.changed', document: { ...documentOf('u1'), firstName: 'Mar' } });
    expect(live.document()?.firstName).toBe('Mar');
    live.read({ type: 'userDocument.changed', document: null });
    expect(live.document()).toBeNull();
  });

  it("starts afresh for another user and stops listening on sign-out", () => {
    const live = startWithFakes();
    live.user('u1');
    live.read({ type: 'userDocument.changed', document: documentOf('u1') });
    live.user('u2');
    expect(live.stopped).toEqual(['u1']);
    expect(live.listened).toEqual(['u1', 'u2']);
    expect(live.document()).toBeUndefined();
    live.user(null);
    expect(live.stopped).toEqual(['u1', 'u2']);
    expect(live.document()).toBeNull();
  });

  it('raises the long-load flag when the first read takes longer than 5 s, and lowers it once the document arrives', () => {
    const clock = new SimulatedClock();
    const live = startWithFakes(clock);
    live.user('u1');
    clock.increment(USER_DATA_LONG_LOAD_MS - 1);
    expect(userDocumentSelectors.isLoadingLong(live.actor.getSnapshot())).toBe(false);
    clock.increment(1);
    expect(userDocumentSelectors.isLoadingLong(live.actor.getSnapshot())).toBe(true);
    expect(live.document()).toBeUndefined();
    live.read({ type: 'userDocument.changed', document: documentOf('u1') });
    expect(userDocumentSelectors.isLoadingLong(live.actor.getSnapshot())).toBe(false);
    expect(live.document()).toEqual(documentOf('u1'));
  });

  it('starts the long-load time again for another user, and never raises the flag for a quick read', () => {
    const clock = new SimulatedClock();
    const live = startWithFakes(clock);
    live.user('u1');
    clock.increment(4_000);
    live.read({ type: 'userDocument.changed', document: documentOf('u1') });
    clock.increment(10_000);
    expect(userDocumentSelectors.isLoadingLong(live.actor.getSnapshot())).toBe(false);
    live.user('u2');
    clock.increment(4_000);
    expect(userDocumentSelectors.isLoadingLong(live.actor.getSnapshot())).toBe(false);
    clock.increment(1_000);
    expect(userDocumentSelectors.isLoadingLong(live.actor.getSnapshot())).toBe(true);
    live.user(null);
    expect(userDocumentSelectors.isLoadingLong(live.actor.getSnapshot())).toBe(false);
  });

  it('leaves no document when the listener fails', () => {
    const live = startWithFakes();
    live.user('u1');
    live.read({ type: 'userDocument.changed', document: documentOf('u1') });
    live.read({ type: 'userDocument.failed', code: 'permission-denied' });
    expect(live.document()).toBeNull();
    expect(live.actor.getSnapshot().hasTag('error')).toBe(true);
    expect(live.actor.getSnapshot().context.errorCode).toBe('permission-denied');
  });
});

describe("the app's user document actors (src/app/shell/machines.ts)", () => {
  /** A stand-in session that only holds the user, and a reporter that keeps what it is sent. */
  function startApp(initialUid: string | null) {
    const session = createActor(
      setup({ types: { events: {} as { type: 'user'; uid: string | null } } }).createMachine({
        context: { user: initialUid === null ? null : { uid: initialUid } },
        on: { user: { actions: assign({ user: ({ event }) => (event.uid === null ? null : { uid: event.uid }) }) } },
      }),
    ).start();
    const reports: ErrorReporterEvent[] = [];
    const errorReporter = createActor(
      createMachine({ on: { 'report.add': { actions: ({ event }) => reports.push(event as ErrorReporterEvent) } } }),
    ).start();
    const listeners = new Map<string, { listener: (document: UserDocument | null) => void; onError: (error: PortError) => void }>();
    const ports = {
      subscribeUserDocument: (uid, listener, onError) => {
        listeners.set(uid, { listener, onError });
        return () => listeners.delete(uid);
      },
    } as Pick<AppPorts, 'subscribeUserDocument'> as AppPorts;
    const machine = provideUserDocumentMachine(ports, session as unknown as SessionActor, errorReporter as unknown as ErrorReporterActor);
    const actor = createActor(machine, { inspect }).start();
    return { session, actor, listeners, reports, document: () => userDocumentSelectors.document(actor.getSnapshot()) };
  }

  it("follows the session's user from the start and on every change", () => {
    const app = startApp('u1');
    expect([...app.listeners.keys()]).toEqual(['u1']);
    app.listeners.get('u1')?.listener(documentOf('u1'));
    expect(app.document()).toEqual(documentOf('u1'));
    app.session.send({ type: 'user', uid: 'u2' });
    expect([...app.listeners.keys()]).toEqual(['u2']);
    expect(app.document()).toBeUndefined();
    app.session.send({ type: 'user', uid: null });
    expect([...app.listeners.keys()]).toEqual([]);
    expect(app.document()).toBeNull();
  });

  it('reports a listener that fails (spec 000 §9) and shows no document', () => {
    const app = startApp('u1');
    app.listeners.get('u1')?.onError({ code: 'permission-denied' });
    expect(app.reports).toEqual([
      { type: 'report.add', report: { message: 'user-document-listener', extra: { code: 'permission-denied' } } },
    ]);
    expect(app.document()).toBeNull();
  });
});
