// The address a call came from, as the public callables' budgets count it (rateLimit.ts). Pure: no Firebase here.
//
// The rule, and why not Express's `req.ip`:
// - Deployed, a call reaches the function through Google's front end, which ends the caller's connection and
//   APPENDS the address it saw to X-Forwarded-For: "<whatever the caller sent>, <the caller's address>". A load
//   balancer of our own in front appends its address after that. Everything left of the front end's entry was
//   written by the caller. The Functions Framework sets Express's `trust proxy`, so `req.ip` is the LEFT-most entry:
//   the caller's own choice, and a fresh budget for every value they send.
// - So the header is read from the RIGHT: hops that are our own proxies (TRUSTED_PROXY_RANGES: Google's front-end
//   and load-balancer ranges, loopback, link-local, and any range the deployment adds) are skipped, and the first
//   entry that is not one is the caller. The socket's peer (Google's front end on Cloud Run) is the last hop of all.
//   A caller cannot make its own address a trusted one, so it never gets to the entries it wrote itself.
// - An IPv6 caller is counted by its /64 prefix: one subscriber is given at least a /64 and can pick any address
//   in it, so counting single addresses would give it billions of budgets.
// - The Functions emulator has no front end: it passes the caller's headers to its worker unchanged, so there the
//   whole header is the caller's and is ignored. The key is the socket's peer address instead. The emulator hands a
//   call to its worker over a local socket without a peer address; it listens only on the loopback (firebase.json),
//   so such a call comes from this machine and counts as 'loopback'.
import { isIP } from 'node:net';

export interface CallerHops {
  /** The X-Forwarded-For header(s) as received. */
  forwardedFor: string | readonly string[] | undefined;
  /** The connection's peer address (undefined on a local socket). */
  socketAddress: string | undefined;
}

export interface AddressRule {
  /** Whether a front end that appends the caller's address stands before the function (false in the emulator). */
  behindFrontEnd: boolean;
  /** Our own proxies' ranges: skipped when reading the header from the right. */
  trustedProxies: readonly Cidr[];
}

export interface Cidr {
  family: 4 | 6;
  /** The network's address as a number (IPv4: 32 bits, IPv6: 128 bits). */
  network: bigint;
  prefixLength: number;
}

/** The key of a call that came over a local socket in the emulator (no peer address, loopback only). */
export const LOCAL_CALLER = 'loopback';

/**
 * Google's front-end and load-balancer proxy ranges (Cloud Load Balancing's documented source ranges), loopback and
 * link-local (Cloud Run's own hop to the container). Never a caller's address on the internet.
 */
export const DEFAULT_TRUSTED_PROXY_RANGES = ['35.191.0.0/16', '130.211.0.0/22', '127.0.0.0/8', '169.254.0.0/16', '::1/128', 'fe80::/10'];

/** An address without IPv4-mapped IPv6 form, zone or port; null when it is not an IP address. */
export function normalizeAddress(raw: string): { family: 4 | 6; address: string } | null {
  let value = raw.trim();
  // "[2001:db8::1]:443" and "203.0.113.9:443": an address with its port.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) value = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  const zone = value.indexOf('%');
  if (zone !== -1) value = value.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(value);
  if (mapped?.[1]) value = mapped[1];
  const family = isIP(value);
  if (family === 4) return { family: 4, address: value };
  if (family === 6) return { family: 6, address: value.toLowerCase() };
  return null;
}

function ipv4ToBigInt(address: string): bigint {
  return address.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 part converted). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d{1,3}(\.\d{1,3}){3})$/.exec(text);
  if (dotted?.[1]) {
    const v4 = Number(ipv4ToBigInt(dotted[1]));
    text = `${text.slice(0, dotted.index)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => parseInt(group, 16));
}

function toBigInt(family: 4 | 6, address: string): bigint {
  if (family === 4) return ipv4ToBigInt(address);
  return ipv6Groups(address).reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}

/** "10.0.0.0/8" or "2001:db8::/32"; throws on anything else (a setting with a typo must not trust the world). */
export function parseCidr(text: string): Cidr {
  const [addressText = '', lengthText] = text.trim().split('/');
  const parsed = normalizeAddress(addressText);
  const bits = parsed?.family === 6 ? 128 : 32;
  const prefixLength = lengthText === undefined ? bits : Number(lengthText);
  if (!parsed || !/^\d+$/.test(lengthText ?? String(bits)) || prefixLength > bits) {
    throw new Error(`not an address range: '${text}' (expected e.g. 10.0.0.0/8 or 2001:db8::/32)`);
  }
  const shift = BigInt(bits - prefixLength);
  return { family: parsed.family, network: (toBigInt(parsed.family, parsed.address) >> shift) << shift, prefixLength };
}

/** A comma-separated list of ranges (the TRUSTED_PROXY_RANGES setting). */
export function parseCidrList(text: string | undefined): Cidr[] {
  return (text ?? '').split(',').filter((part) => part.trim() !== '').map(parseCidr);
}

function isInRange(family: 4 | 6, address: string, range: Cidr): boolean {
  if (range.family !== family) return false;
  const shift = BigInt((family === 6 ? 128 : 32) - range.prefixLength);
  return toBigInt(family, address) >> shift === range.network >> shift;
}

/** The key a caller is counted under: an IPv4 address, or an IPv6 address's /64 prefix. */
export function addressKey(family: 4 | 6, address: string): string {
  if (family === 4) return address;
  return `${ipv6Groups(address).slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
}

function headerEntries(forwardedFor: CallerHops['forwardedFor']): string[] {
  const values = typeof forwardedFor === 'string' ? [forwardedFor] : (forwardedFor ?? []);
  return values.flatMap((value) => value.split(',')).map((entry) => entry.trim()).filter((entry) => entry !== '');
}

/**
 * The caller's address key (see the rule at the top of this file). An entry the front end wrote that is not an
 * address at all is kept as written (bounded): the caller did not choose it.
 */
export function callerAddress(hops: CallerHops, rule: AddressRule): string {
  const socket = hops.socketAddress ? [hops.socketAddress] : [];
  const chain = rule.behindFrontEnd ? [...headerEntries(hops.forwardedFor), ...socket] : socket;
  for (let index = chain.length - 1; index >= 0; index -= 1) {
    const entry = chain[index] ?? '';
    const parsed = normalizeAddress(entry);
    if (!parsed) return `unparsed:${entry.slice(0, 64)}`;
    const trusted = rule.trustedProxies.some((range) => isInRange(parsed.family, parsed.address, range));
    if (!trusted) return addressKey(parsed.family, parsed.address);
    // The nearest untrusted hop is the caller; when every hop is ours (a call from inside), the farthest one is.
    if (index === 0) return addressKey(parsed.family, parsed.address);
  }
  return LOCAL_CALLER;
}
