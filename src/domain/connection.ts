// The connection's quality as the upload's connection dialog names it (spec 001 §4 "Upload"). Its own module: the
// documents adapter, part of the app's start-up code, watches the connection without loading the documents rules.

/** The connection dialog's three states (spec 001 §4): anything other than 4g counts as slow. */
export type ConnectionQuality = 'offline' | 'poor' | 'online';

export function connectionQuality(online: boolean, effectiveType: string | null | undefined): ConnectionQuality {
  if (!online) return 'offline';
  if (effectiveType && effectiveType !== '4g') return 'poor';
  return 'online';
}

