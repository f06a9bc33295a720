// Client networks of file-share access rules (spec §5/§7): an IPv4 address with a prefix length
// (a bare address is one host, /32), written canonically, its host bits zero. Two rules overlap
// when one network contains the other.

export type Cidr = { network: number; prefix: number; text: string };

const OCTET = /^(0|[1-9][0-9]{0,2})$/;
const PREFIX = /^(0|[1-9][0-9]?)$/;

const maskOf = (prefix: number) => (prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0);

/** The network `text` names, or null when it is not an IPv4 network with zero host bits. */
export function parseCidr(text: string): Cidr | null {
  const [address, prefixText, extra] = text.trim().split("/");
  if (extra !== undefined || address === undefined) return null;
  const octets = address.split(".");
  if (octets.length !== 4 || !octets.every((o) => OCTET.test(o) && Number(o) <= 255)) return null;
  if (prefixText !== undefined && !PREFIX.test(prefixText)) return null;
  const prefix = prefixText === undefined ? 32 : Number(prefixText);
  if (prefix > 32) return null;
  const network = octets.reduce((n, o) => ((n << 8) | Number(o)) >>> 0, 0);
  if ((network & ~maskOf(prefix)) >>> 0 !== 0) return null;
  return { network, prefix, text: `${octets.map(Number).join(".")}/${prefix}` };
}

/** Whether the two networks share an address (one contains the other). */
export function cidrsOverlap(a: Cidr, b: Cidr): boolean {
  const mask = maskOf(Math.min(a.prefix, b.prefix));
  return (a.network & mask) >>> 0 === (b.network & mask) >>> 0;
}
