/**
 * A stand-in for https://js.stripe.com's Stripe.js, served through Playwright routing: just
 * what the checkout island uses (`Stripe(pk)`, `elements()`, `create('payment')`/`mount`,
 * `submit`, `update`, `confirmPayment`) and the billing screen's card form (`elements({ clientSecret })`,
 * `confirmSetup`, which posts to .../v1/setup_intents/<id>/confirm). Its "Payment Element" is one labelled card input;
 * `confirmPayment` posts to https://api.stripe.com as Stripe.js does, which the test routes
 * to the local Stripe server (test-stripe-server.ts) so the worker then sees the result.
 */
export const FAKE_STRIPE_JS = `(() => {
  const calls = (window.__fakeStripe = { elements: [], amounts: [], confirms: 0 });
  window.Stripe = function (publishableKey) {
    let input;
    return {
      elements(options) {
        calls.elements.push(options);
        return {
          options,
          create(type) {
            if (type !== 'payment') throw new Error('unexpected element ' + type);
            return {
              mount(container) {
                const label = document.createElement('label');
                label.htmlFor = 'fake-stripe-card';
                label.textContent = 'Card number';
                input = document.createElement('input');
                input.id = 'fake-stripe-card';
                input.inputMode = 'numeric';
                container.append(label, input);
              },
              destroy() { input && input.parentElement && input.parentElement.replaceChildren(); },
            };
          },
          async submit() {
            return input && input.value.trim() ? {} : { error: { type: 'validation_error', message: 'Your card number is incomplete.' } };
          },
          update(options) { calls.amounts.push(options.amount); },
        };
      },
      async confirmSetup({ elements, redirect }) {
        calls.confirms++;
        const clientSecret = elements && elements.options && elements.options.clientSecret;
        if (!clientSecret || redirect !== 'if_required') throw new Error('confirmSetup called without client-secret elements / redirect if_required');
        const id = clientSecret.split('_secret_')[0];
        const res = await fetch('https://api.stripe.com/v1/setup_intents/' + id + '/confirm', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ key: publishableKey, client_secret: clientSecret, 'payment_method_data[card][number]': input.value }),
        });
        const json = await res.json();
        return json.error ? { error: json.error } : { setupIntent: json };
      },
      async confirmPayment({ elements, clientSecret, redirect }) {
        calls.confirms++;
        if (!elements || redirect !== 'if_required') throw new Error('confirmPayment called without elements / redirect if_required');
        const id = clientSecret.split('_secret_')[0];
        const res = await fetch('https://api.stripe.com/v1/payment_intents/' + id + '/confirm', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          // What Stripe checks at confirm in deferred-intent mode: the element's setupFutureUsage must be the intent's.
          body: new URLSearchParams({ key: publishableKey, client_secret: clientSecret, 'payment_method_data[card][number]': input.value, elements_setup_future_usage: elements.options.setupFutureUsage || '' }),
        });
        const json = await res.json();
        return json.error ? { error: json.error } : { paymentIntent: json };
      },
    };
  };
  window.Stripe.version = 'endive';
})();`;
