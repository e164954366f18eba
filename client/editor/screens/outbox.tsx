import { useState, type FormEvent } from 'react';
import { ownerFetch } from '../api.js';
import { useOwner } from '../context.js';
import { formatTime } from '../format.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/fields.js';
import { EmptyState, ErrorPanel, Skeleton } from '../ui/states.js';
import { useLoad } from '../use-load.js';

/** What the screen reads of GET /api/mail/outbox. */
interface OutboxMail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  status: string;
  createdOn: number;
  sentOn: number | null;
}

/** /config/outbox in the app: the site's outgoing mail, newest first, times in the site's zone. */
export function OutboxScreen() {
  const { timeZone } = useOwner();
  const [typed, setTyped] = useState('');
  const [to, setTo] = useState('');
  const query = new URLSearchParams({ limit: '100', ...(to ? { to } : {}) }).toString();
  const { result, retry } = useLoad(query, () => ownerFetch<{ mails: OutboxMail[] }>('GET', `/api/mail/outbox?${query}`));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTo(typed.trim().toLowerCase());
  };
  return (
    <>
      <h1>Outbox</h1>
      <form role="search" onSubmit={submit} className="dt-toolbar dt-search">
        <TextField label="Recipient" type="email" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={256} />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </form>
      {result.state === 'loading' ? <Skeleton label="Loading the outbox" /> : null}
      {result.state === 'error' ? <ErrorPanel message={result.message} onRetry={retry} /> : null}
      {result.state === 'ready' && result.data.mails.length === 0 ? <EmptyState title={to ? `No mail to ${to}.` : 'No mail yet.'} /> : null}
      {result.state === 'ready'
        ? result.data.mails.map((m) => (
            <article className="owner-mail" key={m.id} data-mail-kind={m.kind} data-mail-to={m.to}>
              <h2>{m.subject}</h2>
              <p>
                To {m.to} · {m.status} · <time dateTime={new Date(m.createdOn).toISOString()}>{formatTime(m.createdOn, timeZone)}</time>
                {m.sentOn ? <> · sent {formatTime(m.sentOn, timeZone)}</> : null}
              </p>
              <details>
                <summary>Message</summary>
                <pre className="owner-mail-text">{m.text}</pre>
              </details>
            </article>
          ))
        : null}
    </>
  );
}
