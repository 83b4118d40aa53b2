// Who a rate limit counts. An IPv6 client is counted by its /64: that is the network one host (or one
// site) is given, and a client holding one has 2^64 addresses to choose from, each a new bucket.

/** The bucket key of a caller: its principal, else its address (an IPv6 one by its /64), else one for all. */
export function callerKey(principal: string | undefined, address: string | undefined): string {
  if (principal !== undefined) return `p:${principal}`;
  return address === undefined ? '-' : `a:${addressKey(address)}`;
}

/**
 * An IPv4 address as it is; an IPv6 address as its /64 (`2001:db8:0:1::/64`), but for those of
 * `::/64` (loopback, IPv4-mapped: one host each, the mapped ones as their IPv4); anything else as it is.
 */
export function addressKey(address: string): string {
  if (!address.includes(':')) return address;
  const groups = ipv6Groups(address);
  if (groups === undefined) return address;
  if (groups.slice(0, 5).every((group) => group === '0') && groups[5] === 'ffff') {
    const [high, low] = [Number.parseInt(groups[6]!, 16), Number.parseInt(groups[7]!, 16)];
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  if (groups.slice(0, 4).every((group) => group === '0')) return groups.join(':');
  return `${groups.slice(0, 4).join(':')}::/64`;
}

const GROUP = /^[0-9a-f]{1,4}$/i;
const IPV4_TAIL = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * The eight groups of an IPv6 address (`::` expanded, a zone and an IPv4 tail read), lower-case without leading zeros.
 */
function ipv6Groups(address: string): string[] | undefined {
  const bare = address.replace(/%.*$/, '');
  const halves = bare.split('::');
  if (halves.length > 2) return undefined;
  const parts = halves.map((half) => (half === '' ? [] : half.split(':')));
  const tail = parts.at(-1)!;
  const ipv4 = IPV4_TAIL.exec(tail.at(-1) ?? '');
  if (ipv4 !== null) {
    const bytes = ipv4.slice(1).map(Number);
    if (bytes.some((byte) => byte > 255)) return undefined;
    tail.splice(-1, 1, ((bytes[0]! << 8) | bytes[1]!).toString(16), ((bytes[2]! << 8) | bytes[3]!).toString(16));
  }
  const [head = [], rest = []] = parts;
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...rest];
  if (!groups.every((group) => GROUP.test(group))) return undefined;
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}
