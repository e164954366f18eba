import type { Context } from 'hono';
import type { AppEnv } from '../env.js';
import { activeContentHeaders } from '../files/active-content.js';
import { uploadContentTypeOf } from '../files/content-types.js';
import { checkDownloadLink, countDownload, downloadLinkSecret, grantFile, type DownloadFile } from '../services/downloads/index.js';
import { baseContext } from './page-context.js';
import { type PageRequest } from './page-request.js';
import { PAGE_TYPE, type PageResult } from './page-types.js';
import { pageRequest, respond } from './respond.js';
import { localizedStatus } from './utility-pages.js';

/** What a refused download link says (the theme's status.html shows it). */
export const DOWNLOAD_REFUSALS = {
  forged: { code: 403, title: 'Link not valid', message: 'This download link is not valid. Use the link from your order confirmation.' },
  expired: { code: 410, title: 'Link expired', message: 'This download link has expired. Please contact the store for a new one.' },
  usedUp: { code: 410, title: 'Download limit reached', message: 'This file has been downloaded as many times as this link allows. Please contact the store.' },
  missing: { code: 410, title: 'File unavailable', message: 'This file is no longer available. Please contact the store.' },
} as const;

type Refusal = (typeof DOWNLOAD_REFUSALS)[keyof typeof DOWNLOAD_REFUSALS];

async function refusalPage(req: PageRequest, refusal: Refusal): Promise<PageResult> {
  return { status: refusal.code, templates: ['status.html'], context: { ...(await baseContext(req, PAGE_TYPE.error, 'error')), status: await localizedStatus(req, refusal) } };
}

/** RFC 6266: a plain ASCII name for old clients and the exact UTF-8 name beside it. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(filename).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

function fileResponse(file: DownloadFile, body: ReadableStream, size: number): Response {
  // As for /assets/ (docs/security.md): the type from the server's allow-list, and a
  // sandbox for types that could carry script should the file be opened in place.
  const type = uploadContentTypeOf(file.r2Key);
  return new Response(body, {
    headers: {
      ...activeContentHeaders(type, file.r2Key),
      'Content-Type': type,
      'Content-Length': String(size),
      'Content-Disposition': contentDisposition(file.filename),
      // The link is the buyer's: no shared cache keeps the file or the URL's answer.
      'Cache-Control': 'private, no-store',
    },
  });
}

/**
 * GET /downloads/<grant>?expires=&sig=: checks the signature and expiry, reads
 * the file from R2, then counts the download in one conditional UPDATE (a file that is
 * missing uses up nothing) and streams it as an attachment.
 */
export async function downloadResponse(c: Context<AppEnv>): Promise<Response> {
  const req = pageRequest(c);
  c.header('Cache-Control', 'no-store');
  const secret = downloadLinkSecret(c.env);
  const check = secret ? await checkDownloadLink(secret, c.req.param('grant') ?? '', c.req.query('expires'), c.req.query('sig'), req.now) : { ok: false as const, reason: 'forged' as const };
  if (!check.ok) return respond(c, req, await refusalPage(req, check.reason === 'expired' ? DOWNLOAD_REFUSALS.expired : DOWNLOAD_REFUSALS.forged));
  const found = await grantFile(req.db, req.site.id, check.grantId, req.now);
  if (found.kind !== 'file') {
    const refusal = found.kind === 'unknown' ? DOWNLOAD_REFUSALS.forged : found.kind === 'expired' ? DOWNLOAD_REFUSALS.expired : DOWNLOAD_REFUSALS.usedUp;
    return respond(c, req, await refusalPage(req, refusal));
  }
  const object = await c.env.FILES.get(found.file.r2Key);
  if (!object) return respond(c, req, await refusalPage(req, DOWNLOAD_REFUSALS.missing));
  if (!(await countDownload(req.db, req.site.id, check.grantId, req.now))) {
    await object.body.cancel();
    return respond(c, req, await refusalPage(req, DOWNLOAD_REFUSALS.usedUp));
  }
  return fileResponse(found.file, object.body as unknown as ReadableStream, object.size);
}
