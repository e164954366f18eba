import { expect, it } from 'vitest';
import { islandsReached, recordAdds, useStorefront } from './harness.js';

/** The demo home's summary block (a block layout): its product cards add to the cart like the shop's. */
const store = useStorefront();

it("the home page's featured products (a summary block) add to the cart through the card's island", async () => {
  const visitor = await store.visitor();
  const adds = recordAdds(visitor.page);
  await visitor.page.clock.install({ time: Date.now() });
  await visitor.page.goto(store.url('/'));
  const block = visitor.page.locator('#block-featured-products');
  // The card's island adds; the cart pill's island shows the popover: both must be up.
  await islandsReached(visitor.page, '#block-featured-products [data-island="add-to-cart"], [data-island="cart-pill"]');
  const card = block.locator('.product-card', { has: visitor.page.getByRole('link', { name: 'Oval Serving Platter', exact: true }) });
  await card.locator('button.sqs-add-to-cart-button').click();
  const popover = visitor.page.locator('.added-popover');
  await popover.waitFor();
  expect(await popover.locator('p').innerText()).toBe('Oval Serving Platter was added to your cart.');
  expect(adds).toHaveLength(1);
  // The journal summary lists posts, not cards.
  expect(await visitor.page.locator('#block-recent-posts .post-card').count()).toBe(3);
});
