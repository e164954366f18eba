/**
 * Host name -> addresses, for the SSRF check after DNS resolution. workerd offers no DNS
 * API to a worker, so the worker asks a DNS-over-HTTPS server (the JSON API of RFC 8484
 * servers such as cloudflare-dns.com) for A and AAAA records. Tests point `WEBHOOK_DOH_URL`
 * at a local fake server speaking the same JSON.
 */
export interface Resolver {
  /** Every A and AAAA address of `host`; throws when the name cannot be resolved. */
  resolve(host: string): Promise<string[]>;
}

export const DEFAULT_DOH_URL = 'https://cloudflare-dns.com/dns-query';

interface DohAnswer {
  Status?: number;
  Answer?: { type: number; data: string }[];
}

const A = 1;
const AAAA = 28;

export function dohResolver(endpoint: string = DEFAULT_DOH_URL, send: typeof fetch = fetch): Resolver {
  const ask = async (host: string, type: 'A' | 'AAAA'): Promise<string[]> => {
    const url = new URL(endpoint);
    url.searchParams.set('name', host);
    url.searchParams.set('type', type);
    const res = await send(url.href, { headers: { Accept: 'application/dns-json' }, signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`DNS lookup of ${host} failed (${res.status})`);
    const answer = (await res.json()) as DohAnswer;
    // 3 = NXDOMAIN: no such name (no address of this type is not an error).
    if (answer.Status !== undefined && answer.Status !== 0) throw new Error(`DNS lookup of ${host} failed (status ${answer.Status})`);
    return (answer.Answer ?? []).filter((a) => a.type === A || a.type === AAAA).map((a) => a.data);
  };
  return {
    async resolve(host) {
      const [v4, v6] = await Promise.all([ask(host, 'A'), ask(host, 'AAAA')]);
      const all = [...v4, ...v6];
      if (all.length === 0) throw new Error(`${host} has no address`);
      return all;
    },
  };
}
