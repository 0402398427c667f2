import { track } from '.';

// Clicks that matter (spec 002 §7): a view marks a control with `data-track="<name>"` (and optional
// `data-track-<property>` attributes, e.g. data-track-goal="mortgage_loan"), and this one listener on the document
// reports a click on it, or on anything inside it, as a `click` event with that name. Views hold no analytics code
// beyond the attribute.

const TRACK_ATTRIBUTE = 'data-track';
const PROPERTY_PREFIX = 'data-track-';

function propertyName(attribute: string): string {
  return attribute.slice(PROPERTY_PREFIX.length).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** Reports clicks on marked controls inside `root` until the returned function is called. */
export function trackClicks(root: Document | HTMLElement = document): () => void {
  const listener = (event: Event) => {
    const target = event.target instanceof Element ? event.target.closest(`[${TRACK_ATTRIBUTE}]`) : null;
    if (!target) return;
    const properties: Record<string, string> = {};
    for (const attribute of target.getAttributeNames()) {
      if (attribute.startsWith(PROPERTY_PREFIX)) properties[propertyName(attribute)] = target.getAttribute(attribute) ?? '';
    }
    track('click', { control: target.getAttribute(TRACK_ATTRIBUTE) ?? '', ...properties });
  };
  // Capture: a control that stops the click's propagation is still reported.
  root.addEventListener('click', listener, true);
  return () => root.removeEventListener('click', listener, true);
}
