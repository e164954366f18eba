import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { variantOf } from './test-catalog.js';
import { TestVisitor } from './test-visitor.js';

/**
 * Issue 33 finding 4b: a cart entry's additionalFields are checked against the product's
 * additional-fields form on add-to-cart and on PUT .../additionalFields, the way a form
 * submission is (SPEC §5 checks, SPEC §8 texts): required answers cannot be skipped through
 * the API, answers have their field's type, length and options, unknown keys are refused, and
 * a product without a form takes no answers. The demo's workshops ask 'Workshop details'
 * (attendee name required, experience a required radio, apron size a select, notes a
 * textarea); gift cards ask 'Gift message' (recipient required, message at most 240 characters).
 */
let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

const ENTRIES = '/api/commerce/shopping-cart/entries';
const TEXT = {
  invalid: 'One or more fields is invalid, please check your entries.',
  parse: 'Could not parse the form fields, please check your entries.',
  required: 'Required',
  tooLong: 'You have exceeded the character limit.',
  option: 'Choose one of the listed options.',
  unknown: 'This item has no such field.',
};
const WORKSHOP = 'FK-WS-INTRO-0131';
const GIFT = 'FK-GC-050';
const ada = { 'attendee-name': ['Ada', 'Lovelace'], experience: 'Never' };

let ip = 0;
async function visitor(): Promise<TestVisitor> {
  const v = new TestVisitor(worker, `198.51.100.${++ip + 150}`);
  await v.visit('/');
  return v;
}

async function add(v: TestVisitor, sku: string, additionalFields: unknown) {
  const variant = await variantOf(worker.db, sku);
  return v.send('POST', ENTRIES, { itemId: variant.itemId, sku, quantity: 1, additionalFields });
}

describe('additional fields on add to cart', () => {
  it('refuses a workshop without its required answers, naming each field', async () => {
    const v = await visitor();
    for (const none of [null, {}, '{}']) {
      const r = await add(v, WORKSHOP, none);
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ error: 'invalid_fields', message: TEXT.invalid, fields: { 'attendee-name': TEXT.required, experience: TEXT.required } });
    }
    // Half a name is not a name (both parts are required).
    const half = await add(v, WORKSHOP, { ...ada, 'attendee-name': ['Ada', ''] });
    expect(half.json.fields).toEqual({ 'attendee-name': TEXT.required });
    expect((await v.send('GET', '/api/commerce/shopping-cart')).json.shoppingCart.totalQuantity).toBe(0);
  });

  it('refuses answers of the wrong type, an option the field does not offer, and keys that are no field', async () => {
    const v = await visitor();
    const notAnObject = await add(v, WORKSHOP, '["Ada"]');
    expect(notAnObject.status).toBe(400);
    expect(notAnObject.json).toMatchObject({ error: 'unparsable_form', message: TEXT.parse });
    const wrongShape = await add(v, WORKSHOP, { ...ada, experience: { pick: 'Never' } });
    expect(wrongShape.status).toBe(400);
    expect(wrongShape.json).toMatchObject({ message: TEXT.parse, fields: { experience: TEXT.parse } });
    const option = await add(v, WORKSHOP, { ...ada, 'apron-size': 'XXL' });
    expect(option.json).toMatchObject({ message: TEXT.invalid, fields: { 'apron-size': TEXT.option } });
    const unknown = await add(v, WORKSHOP, { ...ada, price: 0 });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ message: TEXT.invalid, fields: { price: TEXT.unknown } });
    expect((await v.send('GET', '/api/commerce/shopping-cart')).json.shoppingCart.totalQuantity).toBe(0);
  });

  it('refuses a gift message over the form\'s 240 characters, and any answers for a product without a form', async () => {
    const v = await visitor();
    const long = await add(v, GIFT, JSON.stringify({ recipient: 'Grace', message: 'x'.repeat(241) }));
    expect(long.status).toBe(400);
    expect(long.json.fields).toEqual({ message: TEXT.tooLong });
    const mug = await add(v, 'FK-MUG-08-OAT', { engraving: 'Hi' });
    expect(mug.status).toBe(400);
    expect(mug.json).toMatchObject({ message: TEXT.invalid, fields: { engraving: TEXT.unknown } });
    // No answers, or an empty object, is what a product without a form takes.
    expect((await add(v, 'FK-MUG-08-OAT', {})).status).toBe(200);
  });

  it('stores valid answers trimmed, without blank optional ones', async () => {
    const v = await visitor();
    const r = await add(v, WORKSHOP, { 'attendee-name': [' Ada ', 'Lovelace'], experience: 'A few times', notes: '  ', 'apron-size': 'S/M' });
    expect(r.status).toBe(200);
    expect(r.json.newlyAdded.additionalFields).toEqual({ 'attendee-name': ['Ada', 'Lovelace'], experience: 'A few times', 'apron-size': 'S/M' });
    const gift = await add(v, GIFT, { recipient: 'Grace', message: 'x'.repeat(240) });
    expect(gift.status).toBe(200);
  });
});

describe('PUT .../additionalFields', () => {
  it('checks edited answers against the same form', async () => {
    const v = await visitor();
    const added = await add(v, WORKSHOP, ada);
    expect(added.status).toBe(200);
    const id = added.json.newlyAdded.id as string;
    const variant = await variantOf(worker.db, WORKSHOP);
    const put = (additionalFields: unknown) => v.send('PUT', `${ENTRIES}/${id}/additionalFields`, { itemId: variant.itemId, sku: WORKSHOP, additionalFields });
    const cleared = await put(null);
    expect(cleared.status).toBe(400);
    expect(cleared.json.fields).toEqual({ 'attendee-name': TEXT.required, experience: TEXT.required });
    const unknown = await put({ ...ada, seat: 'front' });
    expect(unknown.json.fields).toEqual({ seat: TEXT.unknown });
    const bad = await put({ ...ada, experience: 'Expert' });
    expect(bad.json.fields).toEqual({ experience: TEXT.option });
    const good = await put({ ...ada, experience: 'I take classes regularly' });
    expect(good.status).toBe(200);
    expect(good.json.updatedEntry.additionalFields).toEqual({ ...ada, experience: 'I take classes regularly' });
    // The refused edits changed nothing in between.
    expect((await v.send('GET', '/api/commerce/shopping-cart')).json.shoppingCart.entries).toHaveLength(1);
  });
});
