import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../schema/seed/ids.js';
import { layoutOf, ifMatch, pageClient, textLayout } from '../api/pages/test-pages.js';
import { demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../test-support.js';
import { TestVisitor } from '../api/forms/test-visitor.js';

/** Blocks with server data (summary, product, form, newsletter, calendar) and the demo's block pages, on the worker. */
let worker: RunningWorker;
let owner: ReturnType<typeof pageClient>;
let session: SignedIn;

const CONTACT_FORM = demoId('fern-and-kiln', 'form', 'contact');
const NEWSLETTER_FORM = demoId('fern-and-kiln', 'form', 'newsletter');
const MOON_JAR = demoId('fern-and-kiln', 'item', 'shop', 'moon-jar');

beforeAll(async () => {
  worker = await startWorker();
  const demo = await demoOwner();
  session = await signIn(worker, demo.email, demo.password);
  owner = pageClient(worker, session);
}, 120_000);
afterAll(() => worker?.dispose());

async function html(path: string): Promise<string> {
  const res = await worker.fetch(path);
  expect(res.status, path).toBe(200);
  return res.text();
}

/** Creates, saves and publishes a page of `blocks`; answers its path. */
async function publish(slug: string, ...blocks: Parameters<typeof layoutOf>): Promise<string> {
  const created = await owner('POST', '', { title: `Page ${slug}`, slug });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const id = created.json.page.id;
  const saved = await owner('PUT', `/${id}/draft`, { layout: layoutOf(...blocks) }, ifMatch(1));
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  expect((await owner('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
  return `/${slug}`;
}

/** The markup of block `id` of a rendered page (up to the next block). */
function between(page: string, id: string): string {
  const start = page.indexOf(`id="block-${id}"`);
  expect(start, id).toBeGreaterThan(0);
  const next = page.indexOf('id="block-', start + 1);
  return page.slice(start, next < 0 ? undefined : next);
}

describe('summary blocks', () => {
  it("list a collection's items, filtered by category or tag, cut to the limit, products as cards with the add-to-cart island", async () => {
    const path = await publish(
      'summaries',
      { id: 'bowls', type: 'summary', props: { collection: 'shop', category: 'Bowls', title: 'Bowls' } },
      { id: 'sale', type: 'summary', props: { collection: 'shop', tag: 'sale', limit: 2, display: 'carousel' } },
      { id: 'posts', type: 'summary', props: { collection: 'journal', limit: 1, display: 'list' } },
      { id: 'none', type: 'summary', props: { collection: 'no-such-collection' } },
    );
    const page = await html(path);
    const bowls = between(page, 'bowls');
    expect(bowls).toContain('<h2>Bowls</h2>');
    expect(bowls).toContain('href="/shop/nesting-bowl-set"');
    expect(bowls).toContain('href="/shop/ramen-bowl"');
    expect(bowls).not.toContain('href="/shop/moon-jar"');
    expect(bowls).toContain('data-island="add-to-cart"');
    expect(bowls).toContain('data-prop-strings="{'); // the page's localizedStrings reach the card
    const sale = between(page, 'sale');
    expect(sale).toContain('block-summary-carousel');
    expect(sale.match(/<li class="product-card/g)).toHaveLength(2);
    const posts = between(page, 'posts');
    expect(posts).toContain('<ul class="summary-items post-list">');
    expect(posts.match(/<li class="post-card">/g)).toHaveLength(1);
    expect(page.slice(page.indexOf('id="block-none"'))).toContain('<p class="summary-empty">Nothing here yet.</p>');
  });
});

describe('product, form, newsletter and calendar blocks', () => {
  it('show a product card, the contact form and the newsletter sign-up with their islands, and an empty calendar', async () => {
    const path = await publish(
      'data-blocks',
      { id: 'jar', type: 'product', props: { item: MOON_JAR } },
      { id: 'gone', type: 'product', props: { item: 'aaaaaaaaaaaaaaaaaaaaaaaa' } },
      { id: 'contact', type: 'form', props: { form: CONTACT_FORM } },
      { id: 'notes', type: 'newsletter', props: { title: 'Join the list' } },
      { id: 'events', type: 'calendar', props: { collection: 'journal', title: 'Events' } },
    );
    const page = await html(path);
    expect(between(page, 'jar')).toContain('data-prop-item-id="&quot;' + MOON_JAR + '&quot;"');
    expect(between(page, 'gone')).toContain('This product is not available.');
    expect(page).toContain(`data-island="form" data-form-id="${CONTACT_FORM}"`);
    expect(page).toContain(`<form class="form" id="form-${CONTACT_FORM}" method="post" action="/forms/${CONTACT_FORM}" novalidate>`);
    // The no-JavaScript post comes back to this page.
    expect(page).toContain(`<input type="hidden" name="pagePath" value="${path}">`);
    expect(between(page, 'notes')).toContain('<h2 class="block-newsletter-title">Join the list</h2>');
    expect(between(page, 'notes')).toContain('data-island="form"');
    // Journal posts published in the past are no upcoming events.
    expect(page).toContain('<p class="calendar-empty">No upcoming events.</p>');
  });

  it('refuses a form block naming a product\'s additional-fields form (it renders as unavailable)', async () => {
    const path = await publish('extra-fields', { id: 'extra', type: 'form', props: { form: demoId('fern-and-kiln', 'form', 'gift-message') } });
    expect(await html(path)).toContain('This form is not available.');
  });
});

describe('a form block posted without JavaScript', () => {
  it('shows its block page again with the messages and values, and the thank-you state after a good post', async () => {
    const path = await publish('write-to-us', { id: 'intro', type: 'text', props: { text: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Write to the kiln crew' }] }] } } }, { id: 'contact', type: 'form', props: { form: CONTACT_FORM } });
    const v = await TestVisitor.arrive(worker, path);
    v.jar.set('crumbAt', String(Date.now() - 20_000));
    const origin = new URL((await worker.fetch(path)).url || 'http://localhost/').origin;
    const post = (fields: Record<string, string>) =>
      v.req('POST', `/forms/${CONTACT_FORM}`, new URLSearchParams({ pagePath: path, ...fields }).toString(), { 'content-type': 'application/x-www-form-urlencoded', origin });
    const good = { 'name.first': 'Ada', 'name.last': 'Blockform', email: 'blockform@example.com', topic: 'Workshops', message: 'Hello blocks' };
    const refused = await post({ ...good, email: 'not-an-email' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Write to the kiln crew');
    expect(refused.text).toContain('value="not-an-email"');
    const sent = await post(good);
    expect(sent.status).toBe(303);
    const location = sent.headers.get('location')!;
    expect(location).toBe(`${path}?form-submitted=${CONTACT_FORM}#form-${CONTACT_FORM}`);
    const thanks = await html(location.split('#')[0]!);
    expect(thanks).toContain('form-block form-kind-contact is-submitted');
  });
});

describe("the demo's home, about and contact pages are block pages", () => {
  it('/ shows the hero, the button, featured products and recent posts from its layout', async () => {
    const page = await html('/');
    expect(page).toContain('<div class="home-blocks">');
    expect(page).toContain('<h1>Made slowly, fired hot.</h1>');
    expect(page).toContain('<a class="button button-primary" href="/shop">Shop the latest firing</a>');
    expect(page).toContain('<h2>Featured</h2>');
    expect(page.match(/<li class="product-card/g)).toHaveLength(8);
    expect(page).toContain('<h2>From the journal</h2>');
    expect(page.match(/<li class="post-card">/g)).toHaveLength(3);
    // Starred products first, as before.
    expect(page.indexOf('href="/shop/speckled-stoneware-mug"')).toBeGreaterThan(0);
  });

  it('/about and /contact render their layouts inside the page frame; contact has its form', async () => {
    const about = await html('/about');
    expect(about).toContain('<h1>About the studio</h1>');
    expect(about).toContain('id="block-shipping-and-returns"');
    const contact = await html('/contact');
    expect(contact).toContain('<h1>Say hello</h1>');
    expect(contact).toContain('<strong>Studio &amp; shop:</strong> 41 Mill Street, Rhinebeck, NY 12572<br>Open Thursday to Sunday, 10am to 5pm.');
    expect(contact).toContain(`data-island="form" data-form-id="${CONTACT_FORM}"`);
  });

  it('an edit to the about page is a draft: visitors see the published one, the owner previews the draft', async () => {
    const list = await owner('GET', '');
    const about = list.json.pages.find((p: { slug: string }) => p.slug === 'about');
    expect(about).toBeTruthy();
    const saved = await owner('PUT', `/${about.id}/draft`, { layout: textLayout('A draft about us') }, ifMatch(1));
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(await html('/about')).not.toContain('A draft about us');
    const json = await (await worker.fetch('/about?format=json')).json();
    expect(JSON.stringify(json)).not.toContain('A draft about us');
    const preview = await worker.fetch('/about?preview', { headers: session.headers });
    expect(preview.headers.get('cache-control')).toBe('no-store');
    expect(preview.headers.get('x-robots-tag')).toContain('noindex');
    expect(await preview.text()).toContain('A draft about us');
  });
});

// Newsletter form id in the demo fixtures.
it('the demo has the newsletter form these tests name', async () => {
  const page = await html('/');
  expect(page).toContain(`data-form-id="${NEWSLETTER_FORM}"`);
});
