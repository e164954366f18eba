/**
 * TXT lookups for custom-domain verification (issue 34). workerd has no DNS API, so
 * production asks a DNS-over-HTTPS server (the JSON API of cloudflare-dns.com and other
 * RFC 8484 servers; `DOMAINS_DNS = "doh"`). The local default reads a fake zone from R2:
 * the object `local-dns/<name>` holds the name's TXT records, one a line (docs/api/domains.md).
 */
import type { R2Bucket } from '@cloudflare/workers-types';

export interface TxtResolver {
  /** Every TXT record of `name` (chunks joined); [] when the name has none; throws when the lookup fails. */
  txt(name: string): Promise<string[]>;
}

export const DEFAULT_DOH_URL = 'https://cloudflare-dns.com/dns-query';
const TXT = 16;
const NXDOMAIN = 3;

interface DohAnswer {
  Status?: number;
  Answer?: { type: number; data: string }[];
}

/** A TXT record's data as DoH JSON gives it: one or more quoted strings; joined unquoted. */
export function txtData(data: string): string {
  const chunks = [...data.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
  return chunks.length ? chunks.join('') : data;
}

export function dohTxtResolver(endpoint: string = DEFAULT_DOH_URL, send: typeof fetch = fetch): TxtResolver {
  return {
    async txt(name) {
      const url = new URL(endpoint);
      url.searchParams.set('name', name);
      url.searchParams.set('type', 'TXT');
      const res = await send(url.href, { headers: { Accept: 'application/dns-json' }, signal: AbortSignal.timeout(5000) });
      if (!res.ok) throw new Error(`TXT lookup of ${name} failed (${res.status})`);
      const answer = (await res.json()) as DohAnswer;
      if (answer.Status === NXDOMAIN) return [];
      if (answer.Status !== undefined && answer.Status !== 0) throw new Error(`TXT lookup of ${name} failed (status ${answer.Status})`);
      return (answer.Answer ?? []).filter((a) => a.type === TXT).map((a) => txtData(a.data));
    },
  };
}

/** The R2 key of a name's records in the local fake zone. */
export const localDnsKey = (name: string) => `local-dns/${name.toLowerCase()}`;

export function localTxtResolver(files: R2Bucket): TxtResolver {
  return {
    async txt(name) {
      const object = await files.get(localDnsKey(name));
      if (!object) return [];
      return (await object.text()).split('\n').map((l) => l.trim()).filter(Boolean);
    },
  };
}
