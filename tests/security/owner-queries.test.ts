import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../edge/app.js';
import { PERMISSION_TAG, type Permission } from '../../edge/middleware/roles/index.js';
import { OWNER_SCREENS } from '../../edge/pages/config/shell.js';
import { demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../edge/test-support.js';

/**
 * 500-hunting on the owner side (issue 33, finding 9): every owner screen (OWNER_SCREENS)
 * and every GET route guarded by the permission table, asked by the admin with hostile
 * query strings. Bad input is the asker's mistake: a 4xx, never a 500.
 */
let worker: RunningWorker;
let admin: SignedIn;

beforeAll(async () => {
  worker = await startWorker();
  const owner = await demoOwner();
  admin = await signIn(worker, owner.email, owner.password);
}, 60_000);
afterAll(() => worker?.dispose());

const HOSTILE_QUERIES = [
  'from=abc',
  'from=2026-05-01&to=2026-01-01',
  'from=2026-02-31&to=2026-13-01',
  'page=-1&limit=1e9&perPage=0',
  'cursor=!!!&limit=abc',
  'q=%00%ff%fe&search=%27%22%3C',
  'sort=__proto__&order=constructor&status=toString',
  'from[]=a&to[a]=b&status=1&status=2',
  `q=${'x'.repeat(5000)}`,
];

function ownerGetRoutes(): string[] {
  const paths = new Set<string>();
  for (const route of createApp().routes) {
    const permission = (route.handler as { [PERMISSION_TAG]?: Permission })[PERMISSION_TAG];
    if (!permission || (route.method !== 'GET' && route.method !== 'ALL')) continue;
    paths.add(route.path.replace(/:[^/]+/g, 'walk-id').replace(/\*/g, 'walk'));
  }
  return [...paths];
}

const TARGETS = [...OWNER_SCREENS.map((s) => s.path), ...ownerGetRoutes()];

describe('hostile query strings on every owner screen and owner API', () => {
  it('walks the screens and the permission-guarded reads', () => {
    expect(TARGETS).toEqual(expect.arrayContaining(['/config/traffic', '/api/census/dashboard']));
  });

  it.each(TARGETS)('%s answers bad queries below 500', async (path) => {
    for (const query of HOSTILE_QUERIES) {
      const res = await worker.fetch(`${path}?${query}`, { headers: admin.headers });
      await res.arrayBuffer();
      expect(res.status, `${path}?${query.slice(0, 60)}`).toBeLessThan(500);
    }
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('the traffic CSV export of a table named %s is 404', async (name) => {
    const res = await worker.fetch(`/api/census/dashboard/${name}.csv`, { headers: admin.headers });
    expect(res.status).toBe(404);
  });
});
