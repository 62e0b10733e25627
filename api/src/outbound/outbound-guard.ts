// The guard for every outbound address a user gave (SSRF). A user may name any URL; the server must
// not become their way into its own network: loopback, private and link-local ranges (where cloud
// metadata lives, 169.254.169.254 and fd00:ec2::254), carrier-grade NAT, multicast and the
// reserved blocks are refused unless the operator lists them in the allow-list. The check that
// counts is at connect time: the socket's own `lookup` goes through `guardedLookup`, so the
// address actually dialled is the one checked, and a name re-pointed after it was saved (DNS
// rebinding) is refused there. The save-time check only gives an early, clear answer.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/** Ranges no user-given address may reach unless allowed (IANA special-purpose registries). */
const refusedRanges: readonly [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.88.99.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001::', 23, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['2002::', 16, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

export class OutboundRefused extends Error {
  constructor(
    readonly reason: 'scheme' | 'address' | 'url',
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

export interface OutboundGuard {
  /** Whether this IP address (v4 or v6) may be dialled. */
  allows(address: string): boolean;
  /** The save-time check of a URL: scheme, form, and the address it names or resolves to now. */
  checkUrl(url: string, opts: { requireHttps: boolean }): Promise<URL>;
  /** A net/tls `lookup` that resolves and refuses what `allows` refuses (the connect-time check). */
  lookup: (
    hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => void;
}

/** Parses "a.b.c.d/n, x::/n, …" (the operator's allow-list); throws on a malformed entry. */
export function parseCidrs(list: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' }[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [address = '', bits] = entry.split('/');
      const version = isIP(address);
      const max = version === 6 ? 128 : 32;
      const prefix = bits === undefined ? max : Number(bits);
      if (!version || !Number.isInteger(prefix) || prefix < 0 || prefix > max)
        throw new Error(`not a CIDR block: ${entry}`);
      return { address, prefix, family: version === 6 ? ('ipv6' as const) : ('ipv4' as const) };
    });
}

/** An IPv4 address carried in an IPv6 one (::ffff:a.b.c.d), which must be judged as IPv4. */
function embeddedIpv4(address: string): string | null {
  const match = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (match) return match[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

export function createOutboundGuard(options: { allowCidrs: string; resolve?: Resolver }): OutboundGuard {
  const refused = new BlockList();
  for (const [address, prefix, family] of refusedRanges) refused.addSubnet(address, prefix, family);
  const allowed = new BlockList();
  for (const { address, prefix, family } of parseCidrs(options.allowCidrs)) allowed.addSubnet(address, prefix, family);
  const resolve = options.resolve ?? systemResolver;

  function allows(address: string): boolean {
    const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
    const v4 = isIP(bare) === 6 ? embeddedIpv4(bare) : null;
    const [ip, family] = v4 ? [v4, 'ipv4' as const] : [bare, isIP(bare) === 6 ? ('ipv6' as const) : ('ipv4' as const)];
    if (!isIP(ip)) return false;
    if (allowed.check(ip, family)) return true;
    return !refused.check(ip, family);
  }

  const refusal = (hostname: string, address: string) =>
    new OutboundRefused('address', `${hostname} resolves to ${address}, an address this server does not contact.`);

  return {
    allows,
    async checkUrl(raw, { requireHttps }) {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        throw new OutboundRefused('url', 'The URL is not valid.');
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:')
        throw new OutboundRefused('scheme', 'The URL must use https (or http in test mode).');
      if (requireHttps && url.protocol !== 'https:')
        throw new OutboundRefused('scheme', 'Live mode needs an https URL.');
      if (url.username || url.password)
        throw new OutboundRefused('url', 'The URL may not carry a user name or password.');
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host)) {
        if (!allows(host)) throw refusal(host, host);
        return url;
      }
      // A name that resolves now to refused addresses only is refused now; one that does not resolve
      // yet is accepted (the connect-time lookup judges it on every delivery).
      const addresses = await resolve(host).catch(() => []);
      if (addresses.length > 0 && addresses.every((a) => !allows(a.address)))
        throw refusal(host, addresses[0]!.address);
      return url;
    },
    lookup(hostname, opts, callback) {
      resolve(hostname).then(
        (addresses) => {
          const family =
            opts.family === 6 || opts.family === 'IPv6' ? 6 : opts.family === 4 || opts.family === 'IPv4' ? 4 : 0;
          const usable = addresses.filter((a) => family === 0 || a.family === family);
          const bad = usable.find((a) => !allows(a.address));
          // One refused address refuses the name: the socket may pick any of them.
          if (bad || usable.length === 0) {
            callback(bad ? refusal(hostname, bad.address) : new Error(`${hostname} has no address`), '', 4);
            return;
          }
          if (opts.all) callback(null, usable);
          else callback(null, usable[0]!.address, usable[0]!.family);
        },
        (error: Error) => callback(error, '', 4),
      );
    },
  };
}
