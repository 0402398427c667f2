import { act, render } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { assign, emit, setup } from 'xstate';
import type { NavigateEmitted, RouteChangedEvent } from '../../../machines/ports';
import { useRouteMachine } from '../../../src/app/shell/routeMachine';

// A route⇄machine pair as every flow page has it: the machine accepts pages 1-3 and sends anything else back to
// the page it shows; a `go` event moves it on by itself.
const pagesMachine = setup({
  types: {
    context: {} as { page: number; seen: string[] },
    events: {} as RouteChangedEvent | { type: 'go'; page: number } | { type: 'leave'; to: string },
    emitted: {} as NavigateEmitted,
  },
  actions: {
    assignRoute: assign(({ context, event }) => {
      if (event.type !== 'route.changed') return {};
      const asked = Number(event.path.split('/').at(-1));
      return { page: asked >= 1 && asked <= 3 ? asked : context.page, seen: [...context.seen, `${event.path}${event.search}`] };
    }),
    assignPage: assign(({ event }) => (event.type === 'go' ? { page: event.page } : {})),
    // An accepted address is asked for as it is (the hook then does nothing); a refused one is replaced.
    emitPage: emit(({ context, event }) => ({
      type: 'navigate' as const,
      to:
        event.type === 'route.changed' && event.path === `/pages/${context.page}`
          ? `${event.path}${event.search}`
          : `/pages/${context.page}`,
      replace: event.type === 'route.changed',
    })),
    emitLeave: emit(({ event }) => ({ type: 'navigate' as const, to: event.type === 'leave' ? event.to : '/' })),
  },
}).createMachine({
  context: { page: 1, seen: [] },
  on: {
    'route.changed': { actions: ['assignRoute', 'emitPage'] },
    go: { actions: ['assignPage', 'emitPage'] },
    leave: { actions: 'emitLeave' },
  },
});

let actorRef: ReturnType<typeof useActorRef<typeof pagesMachine>> | null = null;
let navigateTo: ((to: string) => void) | null = null;

function PagesRoute() {
  const actor = useActorRef(pagesMachine);
  actorRef = actor;
  useRouteMachine(actor);
  const location = useLocation();
  navigateTo = useNavigate();
  return <p data-testid="address">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/pages/*" element={<PagesRoute />} />
        <Route path="*" element={<p data-testid="address">elsewhere</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the route⇄machine pattern (useRouteMachine)', () => {
  it('tells the machine the address it opened with, query included', () => {
    renderAt('/pages/2?from=email');
    expect(actorRef?.getSnapshot().context.seen).toEqual(['/pages/2?from=email']);
    expect(actorRef?.getSnapshot().context.page).toBe(2);
  });

  it('follows the machine when it refuses the address (typed or back/forward)', () => {
    const view = renderAt('/pages/9');
    expect(view.getByTestId('address').textContent).toBe('/pages/1');
  });

  it('tells the machine about every later address change', () => {
    const view = renderAt('/pages/1');
    act(() => navigateTo?.('/pages/3'));
    expect(view.getByTestId('address').textContent).toBe('/pages/3');
    expect(actorRef?.getSnapshot().context.page).toBe(3);
  });

  it('moves the address when the machine moves by itself', () => {
    const view = renderAt('/pages/1');
    act(() => actorRef?.send({ type: 'go', page: 2 }));
    expect(view.getByTestId('address').textContent).toBe('/pages/2');
  });

  it('never follows a navigation out of the app', () => {
    const view = renderAt('/pages/1');
    act(() => actorRef?.send({ type: 'leave', to: 'https://evil.example/phish' }));
    act(() => actorRef?.send({ type: 'leave', to: '//evil.example' }));
    expect(view.getByTestId('address').textContent).toBe('/pages/1');
    act(() => actorRef?.send({ type: 'leave', to: '/somewhere' }));
    expect(view.getByTestId('address').textContent).toBe('elsewhere');
  });
});
