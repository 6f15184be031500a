import dns from 'node:dns';
import net from 'node:net';

/**
 * Where pushes may go. A subscription names its push service's URL and the server then POSTs there, so an
 * unchecked endpoint lets any account make the server connect into its own network (loopback, the cloud's
 * metadata address, private hosts): blind requests and port scans. So: only the push services browsers use,
 * and never an address that is not public, checked when the connection is made to the address it is made
 * to (a name that resolves to a public address when checked and to a private one a moment later cannot
 * slip through).
 */
export interface PushServices {
  /** Host names; each also allows its subdomains (`notify.windows.com` takes `wns2-par02p.notify.windows.com`). */
  hosts: readonly string[];
  /** Loopback, private and plain-http push services too: a push service of the operator's own, and the tests. */
  allowPrivate: boolean;
}

/**
 * Chrome, Edge on Android, Opera and Samsung Internet (Google's FCM, and its older name), Firefox (Mozilla's
 * autopush), Safari (Apple) and Edge on Windows (WNS).
 */
export const BROWSER_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

const hostOf = (url: URL) =>
  url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

/** The endpoint as a URL when a push may go there (before any address is known), else null. */
export function allowedEndpoint(endpoint: string, services: PushServices): URL | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  const scheme = url.protocol === 'https:' || (services.allowPrivate && url.protocol === 'http:');
  if (!scheme || url.username || url.password) return null;
  const host = hostOf(url);
  // An address written as a number (127.0.0.1, [::1], 2130706433 after URL parsing) is never a browser's
  // push service; it passes only when the operator lists it.
  const listed = services.hosts.some((allowed) =>
    net.isIP(host) ? host === allowed : host === allowed || host.endsWith(`.${allowed}`),
  );
  return listed ? url : null;
}

/** Addresses no push goes to: this host, private networks, link-local, unique-local, and the reserved rest. */
const NOT_PUBLIC = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3], // multicast, reserved and broadcast
] as const)
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 127], // unspecified and loopback
  ['64:ff9b::', 96], // NAT64: the IPv4 address inside may be private
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv6');

/** Whether `address` is on the public internet (IPv4-mapped IPv6 addresses are judged as IPv4). */
export const isPublicAddress = (address: string) =>
  net.isIP(address) !== 0 && !NOT_PUBLIC.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');

/**
 * A `lookup` for http(s).request: resolves the name and hands the connection only the addresses it checked,
 * so the address connected to is an address allowed. Refuses a name with any non-public address (unless the
 * operator allows private push services).
 */
export function guardedLookup(services: PushServices): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, '');
      const refused = services.allowPrivate ? [] : addresses.filter((a) => !isPublicAddress(a.address));
      const [first] = addresses;
      if (!first || refused.length) {
        const denied = Object.assign(new Error(`push refused: ${hostname} is not a public address`), {
          code: 'EPUSHADDRESS',
        });
        return callback(denied, '');
      }
      // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily), else for one.
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}
