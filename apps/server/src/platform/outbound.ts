import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import https from 'node:https';
import net, { BlockList } from 'node:net';

/**
 * Rules for the connections the server opens to addresses it was given (web push endpoints): only to public
 * addresses, so a member cannot make it reach the loopback, the private network, link-local addresses or a cloud's
 * metadata service (169.254.169.254, fd00:ec2::254). The address is checked when the connection is made, by the
 * agent's own DNS lookup, so the address connected is the address checked (no second resolution to rebind).
 */

// IPv4 special-purpose ranges (IANA registry): none of them is a push service.
const IPV4_REFUSED: [string, number][] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

// IPv6: only global unicast (2000::/3), less the ranges inside it that are not plain hosts or that tunnel to IPv4.
const IPV6_REFUSED_IN_GLOBAL: [string, number][] = [
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['3fff::', 20], // documentation
];

const refusedV4 = new BlockList();
for (const [address, prefix] of IPV4_REFUSED) refusedV4.addSubnet(address, prefix, 'ipv4');
const globalV6 = new BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');
const refusedV6 = new BlockList();
for (const [address, prefix] of IPV6_REFUSED_IN_GLOBAL) refusedV6.addSubnet(address, prefix, 'ipv6');

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or IPv4-compatible IPv6 address, else null. */
function embeddedIPv4(v6: string): string | null {
  // WHATWG URL parsing writes every IPv6 form the same way (compressed, lower case, hex).
  const host = new URL(`http://[${v6}]/`).hostname.slice(1, -1);
  const m = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!m) return null;
  const hi = Number.parseInt(m[1], 16);
  const lo = Number.parseInt(m[2], 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Whether the server may connect to this IP address: a public unicast address, IPv4 or IPv6. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !refusedV4.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIPv4(address);
    if (v4 !== null) return false; // IPv4 dressed as IPv6 is never how a push service is reached.
    return globalV6.check(address, 'ipv6') && !refusedV6.check(address, 'ipv6');
  }
  return false;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type Resolve = (
  hostname: string,
  options: LookupOptions & { all: true },
  cb: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for sockets that resolves the name and refuses it unless every address it has is public (a name with
 * one private address among public ones is refused too). `resolve` is DNS; tests give another.
 */
export function guardedLookup(resolve: Resolve = dns.lookup as unknown as Resolve) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) {
        const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to an address that is not public`);
        refused.code = 'EADDRNOTPUBLIC';
        return callback(refused, []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * An https agent whose connections go only to public addresses. Node's https client never follows redirects, and
 * an IP literal host (which skips the lookup) is refused before a request is made (see `push.ts`).
 */
export const guardedAgent = (resolve?: Resolve) =>
  new https.Agent({ lookup: guardedLookup(resolve) as unknown as https.AgentOptions['lookup'] });
