import { createSocket } from 'node:dgram';
import dnsPacket from 'dns-packet';

/**
 * A small authoritative DNS server on loopback (127.0.0.1, a free port), for the tests of domain verification and
 * the demo seed, which must not need the network: TXT records the test controls (`txt`), names that exist without a TXT
 * record (`names`), names it never answers (`silent`, the resolver times out); any other name is NXDOMAIN.
 */
export interface Zone {
  txt: Map<string, string[][]>;
  names: Set<string>;
  silent: Set<string>;
}

export interface DnsServer {
  zone: Zone;
  /** `127.0.0.1:<port>`, the form DNS_RESOLVER takes. */
  address: string;
  /** Names asked for, in order. */
  asked: string[];
  close(): Promise<void>;
}

const NXDOMAIN = 3;

export async function startDnsServer(): Promise<DnsServer> {
  const zone: Zone = { txt: new Map(), names: new Set(), silent: new Set() };
  const asked: string[] = [];
  const socket = createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(msg);
    } catch {
      return;
    }
    const q = query.questions?.[0];
    if (!q) return;
    const name = q.name.toLowerCase();
    asked.push(name);
    if (zone.silent.has(name)) return;
    const records = zone.txt.get(name);
    const exists = records !== undefined || zone.names.has(name);
    const answers =
      q.type === 'TXT' && records
        ? records.map((chunks) => ({ type: 'TXT' as const, name: q.name, ttl: 60, data: chunks }))
        : [];
    const reply = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_AVAILABLE | (exists ? 0 : NXDOMAIN),
      questions: [q],
      answers,
    });
    socket.send(reply, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    zone,
    address: `127.0.0.1:${port}`,
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
