import { useState } from 'react';
import type { DeliveryLogRow, WebhookSubscription } from '../../../../edge/services/webhooks/subscriptions.js';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, type WebhookEventType } from '../../../../domain/webhooks/webhook-events.js';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { useOwner } from '../../context.js';
import { formatTime } from '../../format.js';
import { useLoad } from '../../use-load.js';
import { Button } from '../../ui/button.js';
import { Dialog } from '../../ui/dialog.js';
import { FormDialog } from '../../ui/form-dialog.js';
import { Checkbox, TextField } from '../../ui/fields.js';
import { EmptyState, ErrorPanel, Skeleton } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import './automations.css';

const BASE = '/api/owner/webhooks';

interface ListAnswer {
  subscriptions: WebhookSubscription[];
  connection: { state: 'awaiting connection' | 'connected'; connectedCount: number };
}

const STATE_TEXT: Record<WebhookSubscription['state'], string> = {
  'awaiting connection': 'Awaiting connection',
  connected: 'Connected',
  disabled: 'Turned off',
};

/**
 * /config/automations: the automation-service connection (SPEC §1, §4): outgoing webhooks
 * with their events, a secret shown once, a test send, each one's delivery log, and turning
 * one off and on (docs/api/webhooks.md).
 */
export function AutomationsScreen() {
  const { result, retry } = useLoad('webhooks', () => ownerFetch<ListAnswer>('GET', BASE));
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  return (
    <div className="automations-screen">
      <h1>Automations</h1>
      <p className="automations-intro">Send the shop's events to another service (an automation tool, a CRM) as signed webhooks.</p>
      {result.state === 'loading' ? <Skeleton label="Loading webhooks" /> : null}
      {result.state === 'error' ? <ErrorPanel message={result.message} onRetry={retry} /> : null}
      {result.state === 'ready' ? (
        <>
          <p className="automations-connection" data-state={result.data.connection.state} role="status">
            {result.data.connection.state === 'connected' ? `Connected (${result.data.connection.connectedCount})` : 'Awaiting connection'}
          </p>
          <Button onClick={() => setAdding(true)}>Add webhook</Button>
          {result.data.subscriptions.length === 0 ? (
            <EmptyState title="No webhooks yet">Add a webhook with the URL your automation service gave you.</EmptyState>
          ) : (
            <ul className="automations-list">
              {result.data.subscriptions.map((s) => (
                <SubscriptionCard key={s.id} subscription={s} onChanged={retry} />
              ))}
            </ul>
          )}
        </>
      ) : null}
      <AddWebhook
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(created) => {
          setAdding(false);
          setSecret(created);
          retry();
        }}
      />
      <Dialog open={secret !== null} title="Webhook added" onClose={() => setSecret(null)} actions={<Button onClick={() => setSecret(null)}>Done</Button>}>
        <p>Copy this signing secret now: it is shown only once. Your service uses it to check that events come from this site.</p>
        <p>
          <code className="automations-secret" data-secret>
            {secret?.secret}
          </code>
        </p>
      </Dialog>
    </div>
  );
}

function EventChoices({ chosen, onChange }: { chosen: WebhookEventType[]; onChange: (next: WebhookEventType[]) => void }) {
  return (
    <fieldset className="automations-events">
      <legend>Events</legend>
      {WEBHOOK_EVENTS.map((type) => (
        <Checkbox
          key={type}
          label={WEBHOOK_EVENT_LABELS[type]}
          checked={chosen.includes(type)}
          onChange={(e) => onChange(e.target.checked ? [...chosen, type] : chosen.filter((t) => t !== type))}
        />
      ))}
    </fieldset>
  );
}

function AddWebhook({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (created: { url: string; secret: string }) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const add = async () => {
    const created = await ownerFetch<{ subscription: WebhookSubscription; secret: string }>('POST', BASE, { url, events });
    setUrl('');
    setEvents([]);
    onCreated({ url: created.subscription.url, secret: created.secret });
  };
  return (
    <FormDialog open={open} title="Add webhook" submitLabel="Save webhook" fields={['url', 'events']} onClose={onClose} onSubmit={add}>
      {(errors) => (
        <>
          <TextField label="URL" type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" hint="An https address of your automation service." error={errors.url} />
          <EventChoices chosen={events} onChange={setEvents} />
          {errors.events ? <p className="ui-field-error">{errors.events}</p> : null}
        </>
      )}
    </FormDialog>
  );
}

function SubscriptionCard({ subscription: s, onChanged }: { subscription: WebhookSubscription; onChanged: () => void }) {
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [logKey, setLogKey] = useState(0);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const act = async (name: string, method: 'POST' | 'DELETE', path: string, done: (answer: { outcome?: { ok: boolean; statusCode: number | null; error: string | null } }) => string) => {
    setBusy(name);
    try {
      const answer = await ownerFetch<{ outcome?: { ok: boolean; statusCode: number | null; error: string | null } }>(method, path, method === 'POST' ? {} : undefined);
      toast(done(answer));
      setLogKey((k) => k + 1);
      onChanged();
    } catch (err) {
      toast(err instanceof OwnerApiError ? err.message : TEXT.failed);
    } finally {
      setBusy(null);
    }
  };
  return (
    <li className="automations-card" data-webhook={s.id}>
      <div className="automations-head">
        <span className="automations-url">{s.url}</span>
        <span className="automations-state" data-state={s.state}>
          {STATE_TEXT[s.state]}
        </span>
      </div>
      <p className="automations-meta">{s.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', ')}</p>
      {s.status === 'disabled' ? (
        <p className="automations-warning" role="note">
          This webhook is off{s.consecutiveFailures > 0 ? ` after ${s.consecutiveFailures} failed deliveries in a row` : ''}. Events are not sent to it until you turn it back on.
        </p>
      ) : null}
      <div className="owner-row-actions">
        <Button variant="secondary" busy={busy === 'test'} onClick={() => void act('test', 'POST', `${BASE}/${s.id}/test`, (a) => (a.outcome?.ok ? `Test delivered (${a.outcome.statusCode})` : `Test failed: ${a.outcome?.error ?? TEXT.failed}`))}>
          Send test
        </Button>
        {s.status === 'disabled' ? (
          <Button variant="secondary" busy={busy === 'enable'} onClick={() => void act('enable', 'POST', `${BASE}/${s.id}/enable`, () => 'Webhook turned on')}>
            Turn on
          </Button>
        ) : (
          <Button variant="secondary" busy={busy === 'disable'} onClick={() => void act('disable', 'POST', `${BASE}/${s.id}/disable`, () => 'Webhook turned off')}>
            Turn off
          </Button>
        )}
        <Button variant="danger" onClick={() => setConfirmDelete(true)}>
          Delete
        </Button>
      </div>
      <DeliveryLog key={logKey} id={s.id} />
      <Dialog
        open={confirmDelete}
        title="Delete this webhook?"
        onClose={() => setConfirmDelete(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <Button variant="danger" busy={busy === 'delete'} onClick={() => void act('delete', 'DELETE', `${BASE}/${s.id}`, () => 'Webhook deleted')}>
              Delete
            </Button>
          </>
        }
      >
        <p>Events stop going to {s.url}. Its delivery log is deleted too.</p>
      </Dialog>
    </li>
  );
}

const STATUS_TEXT: Record<DeliveryLogRow['status'], string> = { pending: 'Waiting to retry', delivered: 'Delivered', failed: 'Failed' };

function DeliveryLog({ id }: { id: string }) {
  const { timeZone } = useOwner();
  const { result, retry } = useLoad(`log-${id}`, () => ownerFetch<{ deliveries: DeliveryLogRow[] }>('GET', `${BASE}/${id}/deliveries?limit=20`));
  if (result.state === 'loading') return <Skeleton rows={2} label="Loading deliveries" />;
  if (result.state === 'error') return <ErrorPanel message={result.message} onRetry={retry} />;
  if (result.data.deliveries.length === 0) return <p className="automations-meta">No deliveries yet.</p>;
  return (
    <table className="automations-log">
      <caption>Recent deliveries</caption>
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Status</th>
          <th scope="col">Response</th>
          <th scope="col">Attempts</th>
          <th scope="col">Next try</th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        {result.data.deliveries.map((d) => (
          <tr key={d.id} data-status={d.status}>
            <td>{d.type === 'webhook.test' ? 'Test' : (WEBHOOK_EVENT_LABELS[d.type as WebhookEventType] ?? d.type)}</td>
            <td>{STATUS_TEXT[d.status]}</td>
            <td>{d.lastStatusCode ?? d.lastError ?? '—'}</td>
            <td>{d.attempts}</td>
            <td>{d.nextAttemptOn ? formatTime(d.nextAttemptOn, timeZone) : '—'}</td>
            <td>{formatTime(d.createdOn, timeZone)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
