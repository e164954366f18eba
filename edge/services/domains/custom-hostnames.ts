/**
 * Certificates for custom domains (issue 34). Production registers each verified domain as
 * a custom hostname of the platform zone through the Cloudflare for SaaS API
 * (`CUSTOM_HOSTNAMES = "cloudflare"`): Cloudflare then issues and renews its certificate.
 * The local default issues nothing and reports every certificate active at once.
 */
export interface CustomHostname {
  id: string;
  /** The certificate's state as the service names it ('pending_validation', 'active', ...). */
  sslStatus: string;
}

export interface CustomHostnames {
  create(host: string): Promise<CustomHostname>;
  get(id: string): Promise<CustomHostname>;
  remove(id: string): Promise<void>;
}

export const DEFAULT_CLOUDFLARE_API = 'https://api.cloudflare.com/client/v4';

interface CloudflareAnswer {
  success: boolean;
  errors?: { code: number; message: string }[];
  result?: { id: string; hostname: string; status?: string; ssl?: { status?: string } };
}

export interface CloudflareConfig {
  zoneId: string;
  apiToken: string;
  base?: string;
  send?: typeof fetch;
}

/** The Cloudflare for SaaS custom hostnames API of one zone. */
export function cloudflareCustomHostnames({ zoneId, apiToken, base = DEFAULT_CLOUDFLARE_API, send = fetch }: CloudflareConfig): CustomHostnames {
  const call = async (method: string, path: string, body?: unknown): Promise<CloudflareAnswer> => {
    const res = await send(`${base}/zones/${encodeURIComponent(zoneId)}/custom_hostnames${path}`, {
      method,
      headers: { Authorization: `Bearer ${apiToken}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await res.json().catch(() => ({ success: false }))) as CloudflareAnswer;
    if (!res.ok || !answer.success) {
      const why = answer.errors?.map((e) => `${e.code} ${e.message}`).join('; ') || `HTTP ${res.status}`;
      throw new Error(`custom hostname ${method} failed: ${why}`);
    }
    return answer;
  };
  const hostname = (answer: CloudflareAnswer): CustomHostname => ({ id: answer.result!.id, sslStatus: answer.result!.ssl?.status ?? 'pending_validation' });
  return {
    create: async (host) => hostname(await call('POST', '', { hostname: host, ssl: { method: 'http', type: 'dv' } })),
    get: async (id) => hostname(await call('GET', `/${encodeURIComponent(id)}`)),
    remove: async (id) => {
      await call('DELETE', `/${encodeURIComponent(id)}`);
    },
  };
}

/** Local development and tests: no certificates to issue; each one is active at once. */
export function localCustomHostnames(): CustomHostnames {
  return {
    create: async (host) => ({ id: `local:${host}`, sslStatus: 'active' }),
    get: async (id) => ({ id, sslStatus: 'active' }),
    remove: async () => undefined,
  };
}
