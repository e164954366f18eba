/**
 * Test helper: a local HTTP server that speaks the few Stripe API calls checkout makes
 * (form-encoded posts, Stripe's error JSON), so the Stripe path runs offline against the
 * real `stripe` client in the worker. `confirm()` plays the part of Stripe.js in the browser.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  capture_method: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_capture' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: null | { type: string; code: string; decline_code?: string; message: string };
  livemode: false;
}

export interface StripeCall {
  method: string;
  path: string;
  idempotencyKey?: string;
  authorization?: string;
  form: Record<string, string>;
}

const DECLINE = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };

export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  readonly refunds: { id: string; payment_intent: string; amount: number }[] = [];
  readonly calls: StripeCall[] = [];
  /** Make the next captures fail as the card network declined them (402 card_error). */
  declineCaptures = false;
  /** Make refunds fail with a 500 (for the refund_failed record). */
  failRefunds = false;
  /** Answer every call with a 500 (Stripe unreachable). */
  down = false;
  /** Apply captures but answer them with a 500 (the answer is lost on the way back). */
  loseCaptureAnswers = false;
  private readonly replies = new Map<string, { status: number; body: unknown }>();
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

  /** What Stripe.js does in the browser: confirm the intent with a card (4242... or 4000...0002). */
  confirm(id: string, card = '4242424242424242'): FakeIntent {
    const intent = this.intents.get(id)!;
    if (card.replace(/\s/g, '') === '4000000000000002') {
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: DECLINE });
    } else {
      Object.assign(intent, { status: intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded', last_payment_error: null });
    }
    return intent;
  }

  callsTo(method: string, pattern: RegExp): StripeCall[] {
    return this.calls.filter((c) => c.method === method && pattern.test(c.path));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const key = req.headers['idempotency-key'] as string | undefined;
    const call: StripeCall = { method: req.method!, path: req.url!.split('?')[0]!, form, ...(key ? { idempotencyKey: key } : {}), ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) };
    this.calls.push(call);
    const replayKey = key ? `${call.method} ${call.path} ${key}` : undefined;
    const reply = this.down ? error(500, { type: 'api_error', message: 'An unknown error occurred.' }) : (replayKey && this.replies.get(replayKey)) || this.route(call);
    if (replayKey) this.replies.set(replayKey, reply);
    res.writeHead(reply.status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomBytes(6).toString('hex')}` });
    res.end(JSON.stringify(reply.body));
  }

  private route(call: StripeCall): { status: number; body: unknown } {
    const m = call.path.match(/^\/v1\/payment_intents(?:\/([^/]+))?(?:\/(capture|cancel))?$/);
    if (call.method === 'POST' && call.path === '/v1/payment_intents') return this.create(call.form);
    if (call.method === 'POST' && call.path === '/v1/refunds') return this.refund(call.form);
    const intent = m?.[1] ? this.intents.get(m[1]) : undefined;
    if (m?.[1] && !intent) return error(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${m[1]}'` });
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

  private create(form: Record<string, string>): { status: number; body: unknown } {
    const amount = Number(form.amount);
    if (!Number.isInteger(amount) || amount < 1) return error(400, { type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'amount', message: 'Invalid integer: amount' });
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const metadata = Object.fromEntries(Object.entries(form).flatMap(([k, v]) => (k.startsWith('metadata[') ? [[k.slice(9, -1), v]] : [])));
    const intent: FakeIntent = {
      id, object: 'payment_intent', amount, amount_received: 0, currency: form.currency ?? '', capture_method: form.capture_method ?? 'automatic',
      status: 'requires_payment_method', client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`, metadata, last_payment_error: null, livemode: false,
    };
    this.intents.set(id, intent);
    return { status: 200, body: intent };
  }

  private refund(form: Record<string, string>): { status: number; body: unknown } {
    if (this.failRefunds) return error(500, { type: 'api_error', message: 'An unknown error occurred.' });
    const intent = this.intents.get(form.payment_intent ?? '');
    const refunded = this.refunds.filter((r) => r.payment_intent === intent?.id).reduce((n, r) => n + r.amount, 0);
    if (intent && refunded + Number(form.amount ?? intent.amount) > intent.amount_received) {
      return error(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge for ${intent.id} has already been refunded.` });
    }
    if (!intent || intent.status !== 'succeeded') return error(400, { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'This PaymentIntent has no successful charge to refund.' });
    const refund = { id: `re_${randomBytes(12).toString('hex')}`, object: 'refund', payment_intent: intent.id, amount: Number(form.amount ?? intent.amount), status: 'succeeded' };
    this.refunds.push(refund);
    return { status: 200, body: refund };
  }
}

const error = (status: number, body: Record<string, unknown>) => ({ status, body: { error: body } });
const unexpectedState = (intent: FakeIntent, action: string) =>
  error(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent could not be ${action === 'capture' ? 'captured' : 'canceled'} because it has a status of ${intent.status}.`, payment_intent: intent });

/**
 * A `Stripe-Signature` header as Stripe computes it: `t=<unix seconds>,v1=<hex HMAC-SHA256
 * of "t.payload" under the endpoint secret>`. Written here from Stripe's documented scheme.
 */
export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
