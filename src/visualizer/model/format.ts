// Plain-language formatting shared by the diagram, the Mermaid writer, the path and coverage reports.

/** 1000 → '1 s', 1500 → '1.5 s', 250 → '250 ms', 120000 → '2 min', 3600000 → '1 h'. */
export function formatDuration(ms: number): string {
  const round = (value: number) => String(Math.round(value * 100) / 100);
  if (ms >= 3_600_000 && ms % 60_000 === 0) return `${round(ms / 3_600_000)} h`;
  if (ms >= 60_000 && ms % 1_000 === 0) return `${round(ms / 60_000)} min`;
  if (ms >= 1_000) return `${round(ms / 1_000)} s`;
  return `${ms} ms`;
}

/** Deterministic, compact JSON of a payload: the event's defined fields other than `type`, or '' when none. */
export function formatPayload(event: { type: string } & Record<string, unknown>): string {
  const { type: _type, ...fields } = event;
  const payload = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (Object.keys(payload).length === 0) return '';
  return stableStringify(payload);
}

/** JSON with object keys sorted, Errors as `Error("message")`, functions and actor refs named. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(toStable(value)) ?? 'undefined';
}

function toStable(value: unknown, seen = new WeakSet<object>()): unknown {
  if (value instanceof Error) return `Error(${JSON.stringify(value.message)})`;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if ('sessionId' in value && 'send' in value) return `[actor ${String((value as { id?: unknown }).id ?? '')}]`;
  if (Array.isArray(value)) return value.map((item) => toStable(item, seen));
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = toStable((value as Record<string, unknown>)[key], seen);
  return sorted;
}

/** Indented stable JSON for reading (context, state values). */
export function stablePretty(value: unknown): string {
  return JSON.stringify(toStable(value), null, 2) ?? 'undefined';
}

/** An invoked actor's failure in words: an Error's message, anything else as stable JSON. */
export function formatError(error: unknown): string {
  if (error === undefined) return '';
  return error instanceof Error ? error.message : stableStringify(error);
}
