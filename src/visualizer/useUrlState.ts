import { useCallback, useEffect, useRef, useState } from 'react';

// Shareable visualizer URLs: everything a product manager may want to point at (machine, state, tab, path
// and step, coverage overlay, language) lives in the query string, so the same link works in the app's /statecharts route
// and on the static site. history.replaceState keeps the router's own history entry state untouched.

export type UrlKey = 'machine' | 'state' | 'tab' | 'strategy' | 'path' | 'step' | 'coverage' | 'q' | 'lang' | 'spec' | 'focus' | 'suite' | 'diff';
export type UrlState = Partial<Record<UrlKey, string>>;

function read(): UrlState {
  const params = new URLSearchParams(window.location.search);
  const state: UrlState = {};
  for (const [key, value] of params) state[key as UrlKey] = value;
  return state;
}

export function urlFor(state: UrlState): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state)) if (value !== undefined && value !== '') params.set(key, value);
  const query = params.toString();
  return `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
}

export function useUrlState(): [UrlState, (patch: UrlState, options?: { push?: boolean }) => void] {
  const [state, setState] = useState<UrlState>(read);
  const latest = useRef(state);
  useEffect(() => {
    const onPop = () => {
      latest.current = read();
      setState(latest.current);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const update = useCallback((patch: UrlState, options: { push?: boolean } = {}) => {
    const next: UrlState = { ...latest.current, ...patch };
    for (const key of Object.keys(next) as UrlKey[]) if (next[key] === undefined || next[key] === '') delete next[key];
    latest.current = next;
    const url = urlFor(next);
    if (options.push) window.history.pushState(window.history.state, '', url);
    else window.history.replaceState(window.history.state, '', url);
    setState(next);
  }, []);
  return [state, update];
}
