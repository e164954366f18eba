/**
 * Member pages (issue 30): the same 60-block page published twice, once public and once in a
 * free member area, both requested by a signed-in member (their session bypasses the page
 * cache, so both render on every request): the access check's cost is the difference. The
 * issue's target: the member page within 1.5x the public page's time. Run alone with
 * `npx tsx bench/members.ts`; `npm run bench` calls `run()`.
 */
import { pathToFileURL } from 'node:url';
import { createSiteUser, demoOwner, signIn, startWorker } from '../edge/test-support.js';
import { sixtyBlockPage } from './block-pages.js';
import { CONCURRENCY, REQUESTS, TIME_LIMIT_MS, combine, line, measure, ratio, type RouteStats } from './pages.js';

const PUBLIC_PAGE = '/bench-public-sixty';
const MEMBER_PAGE = '/bench-member-sixty';

export async function run(): Promise<void> {
  const worker = await startWorker({ port: 0 });
  try {
    const demo = await demoOwner();
    const owner = await signIn(worker, demo.email, demo.password);
    await sixtyBlockPage(worker, owner, PUBLIC_PAGE.slice(1), true);
    const member = await sixtyBlockPage(worker, owner, MEMBER_PAGE.slice(1), true);
    const area = await fetch(new URL('/api/owner/members/areas', worker.url), {
      method: 'POST',
      headers: { ...owner.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Bench members', access: 'free', pages: [{ pageId: member.id, teaserSections: null }] }),
    });
    if (area.status !== 201) throw new Error(`member area: ${area.status} ${await area.text()}`);
    const { area: made } = (await area.json()) as { area: { id: string } };
    await createSiteUser(worker, { email: 'bench-member@members.test', password: 'bench-Member-1' });
    const reader = await signIn(worker, 'bench-member@members.test', 'bench-Member-1');
    const join = await fetch(new URL('/members/join', worker.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: reader.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ crumb: /crumb=([^;]+)/.exec(reader.cookie)![1]!, area: made.id }).toString(),
    });
    if (join.status !== 303) throw new Error(`join: ${join.status}`);
    const asMember = () => ({ headers: { Cookie: reader.cookie } });
    const routes = [PUBLIC_PAGE, MEMBER_PAGE];
    const runs: Awaited<ReturnType<typeof measure>>[][] = [[], []];
    for (let round = 0; round < 2; round++) for (const [i, path] of routes.entries()) runs[i]!.push(await measure(worker.url, path, asMember));
    const [pub, mem] = runs.map((r) => combine(r[0]!, r[1]!)) as [RouteStats, RouteStats];
    console.log(`\nmember pages (workerd via Miniflare, loopback, ${CONCURRENCY} concurrent, two alternating runs of up to ${REQUESTS} requests or ${TIME_LIMIT_MS / 1000} s each; signed in, so the page cache is bypassed)`);
    line(`${PUBLIC_PAGE} (public) render`, pub);
    line(`${MEMBER_PAGE} (member) render`, mem);
    ratio('member page / public page:', mem, pub);
  } finally {
    await worker.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}
