/** Test helper: a signed-in contributor calling the owner's JSON APIs (or anonymous). */
import { createSiteUser, demoOwner, signIn, type RunningWorker, type SignedIn } from '../../test-support.js';

export interface Answer {
  status: number;
  json: any;
}

export class OwnerSession {
  constructor(private readonly worker: RunningWorker, readonly signed?: SignedIn) {}

  async get(path: string): Promise<Answer> {
    const res = await this.worker.fetch(path, { headers: this.signed ? { Cookie: this.signed.cookie } : {} });
    return { status: res.status, json: await res.json().catch(() => undefined) };
  }

  /** A JSON write; `crumb: null` leaves the X-CSRF-Token header out. */
  async send(method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown = {}, crumb: string | null = this.signed?.xsrfToken ?? null): Promise<Answer> {
    const res = await this.worker.fetch(path, {
      method,
      headers: { 'Content-Type': 'application/json', ...(this.signed ? { Cookie: this.signed.cookie } : {}), ...(crumb === null ? {} : { 'X-CSRF-Token': crumb }) },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: await res.json().catch(() => undefined) };
  }

  /** An owner-area page (the shell the app takes over), as HTML. */
  async page(path: string): Promise<{ status: number; html: string }> {
    const res = await this.worker.fetch(path, { headers: this.signed ? { Cookie: this.signed.cookie } : {}, redirect: 'manual' });
    return { status: res.status, html: await res.text() };
  }
}

/** The demo owner (admin), a store manager and a reporting contributor, plus an anonymous visitor. */
export async function ownerSessions(worker: RunningWorker, tag: string) {
  const password = `${tag}-Password-1`;
  const owner = await demoOwner();
  await createSiteUser(worker, { email: `manager@${tag}.test`, password, roles: [8] });
  await createSiteUser(worker, { email: `reporter@${tag}.test`, password, roles: [3] });
  return {
    admin: new OwnerSession(worker, await signIn(worker, owner.email, owner.password)),
    manager: new OwnerSession(worker, await signIn(worker, `manager@${tag}.test`, password)),
    reporter: new OwnerSession(worker, await signIn(worker, `reporter@${tag}.test`, password)),
    anonymous: new OwnerSession(worker),
  };
}
