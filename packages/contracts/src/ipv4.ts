// IPv4 addresses and CIDR blocks, for spec §5's network rules: a subnet's mask, the private ranges
// a VPC lives in, a subnet inside its VPC and not overlapping a sibling, a route that conflicts with
// no other. Shared by the forms (to say it before sending) and the server (to refuse it). Addresses
// are unsigned 32-bit integers; a block is its first address and its prefix length.

export type Cidr = { base: number; prefix: number };

/** The private ranges of RFC 1918: a VPC's CIDR must lie inside one of them. */
export const PRIVATE_RANGES = ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"] as const;

/** The address as an unsigned integer, or null when the text is not a dotted IPv4 address. */
export function parseIpv4(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    // Digits only, no leading zeros (010 is octal to some tools and decimal to others).
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

export function formatIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join(".");
}

/**
 * The block, or null when the text is not `address/prefix` or the address has bits set beyond the
 * prefix (10.0.0.1/24 is a host address, not a block: the form must say 10.0.0.0/24).
 */
export function parseCidr(text: string): Cidr | null {
  const match = /^([^/]+)\/(\d{1,2})$/.exec(text.trim());
  if (!match) return null;
  const base = parseIpv4(match[1] as string);
  const prefix = Number(match[2]);
  if (base === null || prefix > 32) return null;
  if (base % blockSize(prefix) !== 0) return null;
  return { base, prefix };
}

export function formatCidr(cidr: Cidr): string {
  return `${formatIpv4(cidr.base)}/${cidr.prefix}`;
}

export function blockSize(prefix: number): number {
  return 2 ** (32 - prefix);
}

/** The block's last address. */
export function lastAddress(cidr: Cidr): number {
  return cidr.base + blockSize(cidr.prefix) - 1;
}

export function cidrContainsAddress(cidr: Cidr, address: number): boolean {
  return address >= cidr.base && address <= lastAddress(cidr);
}

/** Whether `inner` lies wholly inside `outer` (a block contains itself). */
export function cidrContains(outer: Cidr, inner: Cidr): boolean {
  return inner.prefix >= outer.prefix && cidrContainsAddress(outer, inner.base);
}

/** Whether the two blocks share an address (blocks either nest or are disjoint). */
export function cidrsOverlap(a: Cidr, b: Cidr): boolean {
  return cidrContains(a, b) || cidrContains(b, a);
}

/** Whether the block lies inside one of the private ranges. */
export function isPrivateCidr(cidr: Cidr): boolean {
  return PRIVATE_RANGES.some((range) => cidrContains(parseCidr(range) as Cidr, cidr));
}

/**
 * The n-th usable address of a block counted from 1 (its first host address is n = 1): a subnet's
 * default gateway is the first.
 */
export function nthHostAddress(cidr: Cidr, n: number): number {
  return cidr.base + n;
}

/**
 * Why a host may not be given this address on a subnet: `invalid` (not an IPv4 address), `outside`
 * the subnet's block, or `reserved` (the block's network or broadcast address, or its gateway);
 * null when it may (whether another host holds it is the network's to say).
 */
export function hostAddressProblem(
  subnetCidr: string,
  gatewayIp: string | null,
  address: string,
): "invalid" | "outside" | "reserved" | null {
  const cidr = parseCidr(subnetCidr);
  const value = parseIpv4(address.trim());
  if (!cidr || value === null) return "invalid";
  if (!cidrContainsAddress(cidr, value)) return "outside";
  if (value === cidr.base || value === lastAddress(cidr) || address.trim() === gatewayIp) return "reserved";
  return null;
}

/**
 * The first address of the block a host may be given that is not in `taken`, or null when none is
 * left (the network, broadcast and gateway addresses are never given).
 */
export function firstFreeHostAddress(
  subnetCidr: string,
  gatewayIp: string | null,
  taken: ReadonlySet<string>,
): string | null {
  const cidr = parseCidr(subnetCidr);
  if (!cidr) return null;
  for (let value = cidr.base + 1; value < lastAddress(cidr); value++) {
    const address = formatIpv4(value);
    if (address !== gatewayIp && !taken.has(address)) return address;
  }
  return null;
}
