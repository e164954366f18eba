import { createSiteUser, demoOwner, jsonOrUndefined, signIn, startWorker, type RunningWorker, type SignedIn, type StartOptions } from '../../test-support.js';

/** An owner-API answer as the tests read it. */
export interface OwnerAnswer {
  status: number;
  json: any;
  text: string;
  headers: Headers;
  etag: string | null;
}

export type OwnerCall = (who: SignedIn | undefined, method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<OwnerAnswer>;

/** A worker with the demo owner (admin) signed in, plus an editor (role 4) and a campaigns editor (role 11). */
export interface OwnerSessions {
  worker: RunningWorker;
  admin: SignedIn;
  editor: SignedIn;
  campaigns: SignedIn;
  /** A JSON call as `who` (undefined: anonymous). */
  call: OwnerCall;
}

/**
 * The owner-session setup the forms, mailing-list and popup tests share (tests only): `tag`
 * keeps each file's contributors' addresses apart.
 */
export async function startWithOwners(tag: string, options: StartOptions = {}): Promise<OwnerSessions> {
  const worker = await startWorker(options);
  const owner = await demoOwner();
  const admin = await signIn(worker, owner.email, owner.password);
  const password = `${tag}-Password-1`;
  await createSiteUser(worker, { email: `editor@${tag}.test`, password, roles: [4] });
  await createSiteUser(worker, { email: `campaigns@${tag}.test`, password, roles: [11] });
  const editor = await signIn(worker, `editor@${tag}.test`, password);
  const campaigns = await signIn(worker, `campaigns@${tag}.test`, password);
  const call: OwnerCall = async (who, method, path, body, headers = {}) => {
    const res = await worker.fetch(path, {
      method,
      headers: { ...(who ? who.headers : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: jsonOrUndefined(text), text, headers: res.headers, etag: res.headers.get('etag') };
  };
  return { worker, admin, editor, campaigns, call };
}
