/**
 * Test helper: a local HTTP server that speaks the few Stripe API calls checkout and the
 * renewal job make (form-encoded posts, Stripe's error JSON, idempotent replays), so the
 * Stripe path runs offline against the real `stripe` client in the worker. `confirm()`
 * plays the part of Stripe.js in the browser.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DECLINE, error, formObject, list, missing, newId, OFF_SESSION_DECLINES, SAVED_CARD_BEHAVIOUR, unexpectedState,
  type FakeCustomer, type FakeIntent, type FakePaymentMethod, type OffSessionDecline, type Reply,
} from './test-stripe-objects.js';

export type { FakeCustomer, FakeIntent, FakePaymentMethod } from './test-stripe-objects.js';

/** A SetupIntent as the fake keeps it (the fields billing reads). */
export interface FakeSetupIntent {
  id: string;
  object: 'setup_intent';
  status: 'requires_payment_method' | 'succeeded';
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  usage: string;
  metadata: Record<string, string>;
  last_setup_error: typeof DECLINE | null;
  livemode: false;
}

export interface StripeCall {
  method: string;
  path: string;
  idempotencyKey?: string;
  authorization?: string;
  form: Record<string, string>;
  query: Record<string, string>;
}

export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  readonly customers = new Map<string, FakeCustomer>();
  readonly paymentMethods = new Map<string, FakePaymentMethod>();
  readonly refunds: { id: string; payment_intent: string; amount: number }[] = [];
  /** Plan subscriptions of the platform's billing (edge/services/billing): id -> status and form. */
  readonly subscriptions = new Map<string, { id: string; status: string; customer: string; form: Record<string, string> }>();
  /** SetupIntents of the platform's billing (a card saved in the browser for the plan's subscription). */
  readonly setupIntents = new Map<string, FakeSetupIntent>();
  /** Create new subscriptions `incomplete`, as Stripe does when the first invoice's payment fails. */
  incompleteSubscriptions = false;
  readonly calls: StripeCall[] = [];
  /** Make the next captures fail as the card network declined them (402 card_error). */
  declineCaptures = false;
  /** Make refunds fail with a 500 (for the refund_failed record). */
  failRefunds = false;
  /** Answer every call with a 500 (Stripe unreachable). */
  down = false;
  /** Apply captures but answer them with a 500 (the answer is lost on the way back). */
  loseCaptureAnswers = false;
  /** Decline every off-session charge of a saved card this way (whatever the card). */
  offSessionDecline: OffSessionDecline | undefined;
  /** Make off-session charges succeed but answer them with a 500 (the answer is lost). */
  loseOffSessionAnswers = false;
  /** Secret keys /v1/balance refuses with 401 (a revoked or mistyped key). */
  readonly revokedKeys = new Set<string>();
  private readonly replies = new Map<string, Reply>();
  private server?: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /**
   * What Stripe.js does in the browser: confirm the intent with a card (4000...0002 declines).
   * The card becomes a PaymentMethod on the intent, attached to its customer when the
   * intent saves it for later (`setup_future_usage`), as Stripe does.
   */
  confirm(id: string, card = '4242424242424242'): FakeIntent {
    const intent = this.intents.get(id)!;
    const number = card.replace(/\s/g, '');
    if (number === '4000000000000002') {
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: DECLINE, payment_method: null });
      return intent;
    }
    const pm: FakePaymentMethod = { id: newId('pm'), object: 'payment_method', type: 'card', customer: null, card: { brand: 'visa', last4: number.slice(-4) }, number };
    if (intent.customer && intent.setup_future_usage) pm.customer = intent.customer;
    this.paymentMethods.set(pm.id, pm);
    Object.assign(intent, { status: intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded', last_payment_error: null, payment_method: pm.id });
    return intent;
  }

  /** What Stripe.js's confirmSetup does: the card becomes the customer's PaymentMethod (4000...0002 declines). */
  confirmSetup(id: string, card: string): FakeSetupIntent {
    const intent = this.setupIntents.get(id)!;
    const number = card.replace(/\s/g, '');
    if (number === '4000000000000002') return Object.assign(intent, { status: 'requires_payment_method', last_setup_error: DECLINE, payment_method: null });
    const pm: FakePaymentMethod = { id: newId('pm'), object: 'payment_method', type: 'card', customer: intent.customer, card: { brand: 'visa', last4: number.slice(-4) }, number };
    this.paymentMethods.set(pm.id, pm);
    return Object.assign(intent, { status: 'succeeded', last_setup_error: null, payment_method: pm.id });
  }

  callsTo(method: string, pattern: RegExp): StripeCall[] {
    return this.calls.filter((c) => c.method === method && pattern.test(c.path));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const [path = '', search = ''] = req.url!.split('?');
    const key = req.headers['idempotency-key'] as string | undefined;
    const call: StripeCall = {
      method: req.method!, path, form, query: Object.fromEntries(new URLSearchParams(search)),
      ...(key ? { idempotencyKey: key } : {}), ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
    };
    this.calls.push(call);
    const replayKey = key ? `${call.method} ${call.path} ${key}` : undefined;
    const reply = this.down ? error(500, { type: 'api_error', message: 'An unknown error occurred.' }) : (replayKey && this.replies.get(replayKey)) || this.route(call);
    if (replayKey) this.replies.set(replayKey, reply);
    res.writeHead(reply.status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomBytes(6).toString('hex')}` });
    res.end(JSON.stringify(reply.body));
  }

  private route(call: StripeCall): Reply {
    // The owner's "Test connection": keys listed in `revokedKeys` are refused as Stripe refuses a bad key.
    if (call.method === 'GET' && call.path === '/v1/balance') {
      const key = call.authorization?.replace(/^Bearer\s+/, '') ?? '';
      if (this.revokedKeys.has(key)) return error(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}` });
      return { status: 200, body: { object: 'balance', available: [{ amount: 0, currency: 'usd' }], pending: [], livemode: false } };
    }
    if (call.path === '/v1/subscriptions' && call.method === 'POST') return this.createSubscription(call.form);
    const sub = call.path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (sub && call.method === 'DELETE') {
      const found = this.subscriptions.get(sub[1]!);
      if (!found) return missing('subscription', sub[1]!, 'id');
      found.status = 'canceled';
      return { status: 200, body: { object: 'subscription', ...found } };
    }
    if (call.method === 'POST' && call.path === '/v1/setup_intents') return this.createSetupIntent(call.form);
    const setup = call.path.match(/^\/v1\/setup_intents\/([^/]+)$/);
    if (setup && call.method === 'GET') {
      const found = this.setupIntents.get(setup[1]!);
      return found ? { status: 200, body: found } : missing('setup_intent', setup[1]!, 'intent');
    }
    if (call.path === '/v1/customers') return call.method === 'POST' ? this.createCustomer(call.form) : this.listCustomers(call.query);
    const m = call.path.match(/^\/v1\/payment_intents(?:\/([^/]+))?(?:\/(capture|cancel))?$/);
    if (call.method === 'POST' && call.path === '/v1/payment_intents') return this.create(call.form);
    if (call.method === 'POST' && call.path === '/v1/refunds') return this.refund(call.form);
    const intent = m?.[1] ? this.intents.get(m[1]) : undefined;
    if (m?.[1] && !intent) return missing('payment_intent', m[1], 'intent');
    if (intent && call.method === 'GET' && !m![2]) return { status: 200, body: intent };
    if (intent && call.method === 'POST' && m![2] === 'capture') {
      if (intent.status !== 'requires_capture') return unexpectedState(intent, 'capture');
      if (this.declineCaptures) return error(402, { ...DECLINE, payment_intent: intent });
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      if (this.loseCaptureAnswers) return error(500, { type: 'api_error', message: 'An unknown error occurred.' });
      return { status: 200, body: intent };
    }
    if (intent && call.method === 'POST' && m![2] === 'cancel') {
      if (intent.status === 'succeeded' || intent.status === 'canceled') return unexpectedState(intent, 'cancel');
      intent.status = 'canceled';
      return { status: 200, body: intent };
    }
    return error(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${call.method}: ${call.path}).` });
  }

  private createSubscription(form: Record<string, string>): Reply {
    if (!form.customer || !this.customers.has(form.customer)) return missing('customer', form.customer ?? '', 'customer');
    if (!form['items[0][price_data][unit_amount]'] && !form['items[0][price]']) {
      return error(400, { type: 'invalid_request_error', param: 'items', message: 'Missing required param: items.' });
    }
    const pm = form.default_payment_method;
    if (pm && this.paymentMethods.get(pm)?.customer !== form.customer) {
      return error(400, { type: 'invalid_request_error', param: 'default_payment_method', message: `The customer does not have a payment method with the ID ${pm}.` });
    }
    const found = { id: newId('sub'), status: this.incompleteSubscriptions ? 'incomplete' : 'active', customer: form.customer, form };
    this.subscriptions.set(found.id, found);
    return { status: 200, body: { object: 'subscription', id: found.id, status: found.status, customer: found.customer, metadata: formObject(form, 'metadata'), livemode: false } };
  }

  private createSetupIntent(form: Record<string, string>): Reply {
    if (form.customer && !this.customers.has(form.customer)) return missing('customer', form.customer, 'customer');
    const id = newId('seti');
    const intent: FakeSetupIntent = {
      id, object: 'setup_intent', status: 'requires_payment_method', client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`, customer: form.customer ?? null,
      payment_method: null, usage: form.usage ?? 'off_session', metadata: formObject(form, 'metadata'), last_setup_error: null, livemode: false,
    };
    this.setupIntents.set(id, intent);
    return { status: 200, body: intent };
  }

  private createCustomer(form: Record<string, string>): Reply {
    const customer: FakeCustomer = { id: newId('cus'), object: 'customer', email: form.email ?? null, metadata: formObject(form, 'metadata'), created: Math.floor(Date.now() / 1000), livemode: false };
    this.customers.set(customer.id, customer);
    return { status: 200, body: customer };
  }

  /** GET /v1/customers?email=: Stripe's email filter is exact (case-sensitive), newest first. */
  private listCustomers(query: Record<string, string>): Reply {
    const found = [...this.customers.values()].filter((c) => query.email === undefined || c.email === query.email).reverse();
    return { status: 200, body: list('/v1/customers', found.slice(0, Number(query.limit ?? 10))) };
  }

  private create(form: Record<string, string>): Reply {
    const amount = Number(form.amount);
    if (!Number.isInteger(amount) || amount < 1) return error(400, { type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'amount', message: 'Invalid integer: amount' });
    const types = Object.values(formObject(form, 'allowed_payment_method_types'));
    if (types.length && form['automatic_payment_methods[enabled]']) {
      return error(400, { type: 'invalid_request_error', code: 'parameters_exclusive', message: 'You may only specify one of these parameters: allowed_payment_method_types, automatic_payment_methods.' });
    }
    if (form.customer && !this.customers.has(form.customer)) return missing('customer', form.customer, 'customer');
    const id = newId('pi');
    const intent: FakeIntent = {
      id, object: 'payment_intent', amount, amount_received: 0, currency: form.currency ?? '', capture_method: form.capture_method ?? 'automatic',
      status: 'requires_payment_method', client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`, metadata: formObject(form, 'metadata'), last_payment_error: null,
      customer: form.customer ?? null, payment_method: form.payment_method ?? null, setup_future_usage: (form.setup_future_usage as FakeIntent['setup_future_usage']) ?? null,
      allowed_payment_method_types: types, payment_method_types: types.length ? types : ['card', 'link'], automatic_payment_methods: types.length ? null : { enabled: true }, livemode: false,
    };
    if (form.confirm === 'true') {
      const refused = this.chargeSaved(intent, form.off_session === 'true');
      if (refused) return refused;
    }
    this.intents.set(id, intent);
    if (form.off_session === 'true' && this.loseOffSessionAnswers) return error(500, { type: 'api_error', message: 'An unknown error occurred.' });
    return { status: 200, body: intent };
  }

  /** `confirm=true` with a saved card: pays at once, or a card error with the failed intent. */
  private chargeSaved(intent: FakeIntent, offSession: boolean): Reply | undefined {
    const pm = intent.payment_method ? this.paymentMethods.get(intent.payment_method) : undefined;
    if (!pm) return missing('payment_method', intent.payment_method ?? '', 'payment_method');
    if (pm.customer !== intent.customer) {
      return error(400, { type: 'invalid_request_error', param: 'payment_method', message: `The provided PaymentMethod ${pm.id} does not belong to the Customer ${intent.customer ?? ''}.` });
    }
    const decline = offSession ? (this.offSessionDecline ?? SAVED_CARD_BEHAVIOUR[pm.number]) : undefined;
    if (decline) {
      const failure = OFF_SESSION_DECLINES[decline];
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: failure });
      this.intents.set(intent.id, intent);
      return error(402, { ...failure, payment_intent: intent, payment_method: pm });
    }
    Object.assign(intent, intent.capture_method === 'manual' ? { status: 'requires_capture' } : { status: 'succeeded', amount_received: intent.amount });
    return undefined;
  }

  private refund(form: Record<string, string>): Reply {
    if (this.failRefunds) return error(500, { type: 'api_error', message: 'An unknown error occurred.' });
    const intent = this.intents.get(form.payment_intent ?? '');
    const refunded = this.refunds.filter((r) => r.payment_intent === intent?.id).reduce((n, r) => n + r.amount, 0);
    if (intent && refunded + Number(form.amount ?? intent.amount) > intent.amount_received) {
      return error(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge for ${intent.id} has already been refunded.` });
    }
    if (!intent || intent.status !== 'succeeded') return error(400, { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'This PaymentIntent has no successful charge to refund.' });
    const refund = { id: newId('re'), object: 'refund', payment_intent: intent.id, amount: Number(form.amount ?? intent.amount), status: 'succeeded' };
    this.refunds.push(refund);
    return { status: 200, body: refund };
  }
}

/**
 * A `Stripe-Signature` header as Stripe computes it: `t=<unix seconds>,v1=<hex HMAC-SHA256
 * of "t.payload" under the endpoint secret>`. Written here from Stripe's documented scheme.
 */
export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
