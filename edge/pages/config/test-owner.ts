/** Test helper: a signed-in contributor reading owner screens and posting their forms. */
import { createSiteUser, demoOwner, signIn, type RunningWorker, type SignedIn } from '../../test-support.js';

export interface Page {
  status: number;
  html: string;
  location: string | null;
}

export class OwnerSession {
  constructor(private readonly worker: RunningWorker, readonly signed?: SignedIn) {}

  /** The crumb cookie the session carries (what the hidden `crumb` field holds). */
  get crumb(): string {
    return /(?:^|; )crumb=([^;]+)/.exec(this.signed?.cookie ?? '')?.[1] ?? '';
  }

  async get(path: string): Promise<Page> {
    const res = await this.worker.fetch(path, { headers: this.signed ? { Cookie: this.signed.cookie } : {}, redirect: 'manual' });
    return { status: res.status, html: await res.text(), location: res.headers.get('location') };
  }

  /** A form post; `crumb: null` leaves the crumb field out. */
  async post(path: string, fields: Record<string, string>, crumb: string | null = this.crumb): Promise<Page> {
    const body = new URLSearchParams({ ...(crumb === null ? {} : { crumb }), ...fields }).toString();
    const res = await this.worker.fetch(path, {
      method: 'POST',
      headers: { ...(this.signed ? { Cookie: this.signed.cookie } : {}), 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
      redirect: 'manual',
    });
    return { status: res.status, html: await res.text(), location: res.headers.get('location') };
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
