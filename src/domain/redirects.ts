// Redirect-back paths (spec 000 §2.2, §2.3): after sign-in the user returns to where they were, and only ever to
// a path inside the app — a redirect target taken from a query string or navigation state must not send the
// user to another site.

const PROBE_ORIGIN = 'http://app.invalid';
const MAX_DECODE_ROUNDS = 3;

// Control characters: browsers drop tabs and newlines from URLs ('/\t/evil.com' becomes '//evil.com').
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
// A raw redirect value has no business containing whitespace or invisible characters at all; once decoded, a
// plain space ('%20') is an ordinary part of a path or query.
const RAW_UNSAFE_CHARACTERS = /[\s\u200b-\u200f\u2028\u2029\ufeff]/;

function isInAppPath(path: string): boolean {
  if (!path.startsWith('/')) return false;
  if (path.startsWith('//')) return false;
  // Browsers read '\' as '/' in http(s) URLs, so '/\evil.com' is '//evil.com'.
  if (path.includes('\\')) return false;
  if (CONTROL_CHARACTERS.test(path)) return false;
  try {
    return new URL(path, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * Returns `candidate` unchanged (query and hash kept) when it is a path inside the app, otherwise `fallback`.
 * The candidate is also checked after percent-decoding, so that code decoding it later cannot turn
 * '/%2F%2Fevil.com' into '//evil.com'; malformed percent-encoding is refused.
 */
export function safeRedirectPath(candidate: unknown, fallback = '/'): string {
  if (typeof candidate !== 'string' || RAW_UNSAFE_CHARACTERS.test(candidate) || !isInAppPath(candidate)) {
    return fallback;
  }
  let current = candidate;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      // Malformed as given is refused; a '%' that only appears after decoding ('100%25' -> '100%') is text.
      return round === 0 ? fallback : candidate;
    }
    if (decoded === current) return candidate;
    if (!isInAppPath(decoded)) return fallback;
    current = decoded;
  }
  // Still changing after several rounds of decoding: layered encoding has no business in a redirect.
  return fallback;
}
