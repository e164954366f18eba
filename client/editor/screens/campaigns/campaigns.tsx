import { useEffect, useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/table-core';
import type { RichTextNode } from '../../../../blocks/text/rich-text-schema.js';
import type { OwnerCampaign } from '../../../../edge/services/campaigns/campaigns.js';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { useOwner } from '../../context.js';
import { formatTime } from '../../format.js';
import { Link, navigate } from '../../router.js';
import { loadPageLinks } from '../../page-links.js';
import { useLoad } from '../../use-load.js';
import { useUnsavedChanges } from '../../use-unsaved-changes.js';
import { Button } from '../../ui/button.js';
import { Dialog } from '../../ui/dialog.js';
import { SelectField, TextField } from '../../ui/fields.js';
import { ErrorPanel, Skeleton } from '../../ui/states.js';
import { DataTable, type PageAnswer, type PageRequest } from '../../data-table/data-table.js';
import { useToast } from '../../ui/toast.js';
import { RichTextField } from '../page-editor/rich-text-field.js';
import { epochToZoned, zonedToEpoch } from '../pages/zoned-time.js';
import './campaigns.css';

const BASE = '/api/owner/campaigns';
const STATE_LABEL = { draft: 'Draft', scheduled: 'Scheduled', sending: 'Sending', sent: 'Sent' } as const;

interface ListChoice {
  id: string;
  name: string;
  confirmed: number;
}
type Overview = { campaigns: OwnerCampaign[]; lists: ListChoice[] };

/** A sending campaign's progress refreshes itself: the first poll after 2 s, then twice as long each time nothing moved, at most 30 s. */
const PROGRESS_POLL_FIRST_MS = 2_000;
const PROGRESS_POLL_MAX_MS = 30_000;

/**
 * Polls the campaign while it is `sending` and answers each newer copy to `onChange`; the
 * delay doubles while the counts stand still and starts again from the first when they move.
 */
function useSendingProgress(campaign: OwnerCampaign | undefined, onChange: (next: OwnerCampaign) => void): void {
  const id = campaign?.id;
  const sending = campaign?.state === 'sending';
  useEffect(() => {
    if (!id || !sending) return;
    let delay = PROGRESS_POLL_FIRST_MS;
    let last = '';
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const next = (await ownerFetch<{ campaign: OwnerCampaign }>('GET', `${BASE}/${id}`)).campaign;
        if (stopped) return;
        const seen = JSON.stringify([next.state, next.counts]);
        delay = seen === last ? Math.min(delay * 2, PROGRESS_POLL_MAX_MS) : PROGRESS_POLL_FIRST_MS;
        last = seen;
        onChange(next);
        if (next.state !== 'sending') return;
      } catch {
        // A failed poll (offline) waits longer before the next.
        delay = Math.min(delay * 2, PROGRESS_POLL_MAX_MS);
      }
      if (!stopped) timer = setTimeout(() => void tick(), delay);
    };
    timer = setTimeout(() => void tick(), delay);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id, sending]);
}

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

const campaignColumn = createColumnHelper<OwnerCampaign>();
const count = (key: keyof OwnerCampaign['counts'], header: string) =>
  campaignColumn.accessor((c) => c.counts[key], { id: key, header, enableSorting: false, cell: (v) => <span data-count={key}>{v.getValue()}</span> });

/**
 * One page of the site's campaigns for the shared data table. The API answers the whole list
 * (a site has tens of campaigns, not thousands), so the state filter, the subject search, the
 * subject sort and the pages are done here over that one answer.
 */
async function campaignsPage(request: PageRequest): Promise<PageAnswer<OwnerCampaign>> {
  const { campaigns } = await ownerFetch<Overview>('GET', BASE);
  const state = request.filters['state'];
  const needle = request.search.trim().toLowerCase();
  const rows = campaigns.filter((c) => (!state || c.state === state) && (!needle || c.subject.toLowerCase().includes(needle)));
  const sort = request.sort[0];
  if (sort?.id === 'subject') rows.sort((a, b) => a.subject.localeCompare(b.subject) * (sort.desc ? -1 : 1));
  const from = Number(request.cursor ?? 0);
  const to = from + request.pageSize;
  return { rows: rows.slice(from, to), next: to < rows.length ? String(to) : null };
}

/** /config/campaigns: the site's campaigns, newest first, with their state and counts, on the shared data table. */
export function CampaignsScreen() {
  const { timeZone } = useOwner();
  const columns = useMemo(
    () => [
      campaignColumn.accessor('subject', { header: 'Subject', cell: (v) => <Link href={`/config/campaigns/${v.row.original.id}`}>{v.getValue()}</Link> }),
      campaignColumn.accessor('listName', { header: 'List', enableSorting: false, cell: (v) => v.getValue() ?? '—' }),
      campaignColumn.accessor('state', {
        header: 'State',
        enableSorting: false,
        cell: (v) => {
          const c = v.row.original;
          return (
            <>
              <span className="ui-badge" data-campaign-state>{STATE_LABEL[c.state]}</span>
              {c.state === 'scheduled' && c.scheduledFor ? ` ${formatTime(c.scheduledFor, timeZone)}` : null}
              {c.state === 'sent' && c.sentOn ? ` ${formatTime(c.sentOn, timeZone)}` : null}
            </>
          );
        },
      }),
      count('recipients', 'Recipients'),
      count('sent', 'Sent'),
      count('opens', 'Opens'),
      count('clicks', 'Clicks'),
    ],
    [timeZone],
  );
  return (
    <div className="campaigns">
      <div className="owner-panel-head">
        <h1>Campaigns</h1>
        <Link className="ui-button" data-variant="primary" href="/config/campaigns/new">New campaign</Link>
      </div>
      <DataTable
        label="Campaigns"
        columns={columns}
        getRowId={(c) => c.id}
        fetchPage={campaignsPage}
        searchLabel="Search subjects"
        emptyTitle="No campaigns yet"
        filters={[{ id: 'state', label: 'State', type: 'select', options: [{ value: '', label: 'All' }, ...Object.entries(STATE_LABEL).map(([value, label]) => ({ value, label }))] }]}
        viewsKey="campaigns"
        rowData={(c) => ({ 'data-campaign': c.id })}
      />
    </div>
  );
}

/** /config/campaigns/:id (`new` for a new one): the editor. */
export function CampaignEditorRoute({ id }: { id: string }) {
  const isNew = id === 'new';
  const { result, retry } = useLoad(`campaign-${id}`, async () => {
    const [overview, campaign] = await Promise.all([
      ownerFetch<Overview>('GET', BASE),
      isNew ? undefined : ownerFetch<{ campaign: OwnerCampaign }>('GET', `${BASE}/${id}`).then((r) => r.campaign),
    ]);
    return { lists: overview.lists, campaign };
  });
  if (result.state === 'loading') return <Skeleton label="Loading the campaign" />;
  if (result.state === 'error') return <ErrorPanel message={result.message} onRetry={retry} />;
  return <CampaignForm key={`${id}-${result.data.campaign?.version ?? 0}`} campaign={result.data.campaign} lists={result.data.lists} onReload={retry} />;
}

/** A write naming the version it is based on (If-Match); 412 means someone else changed it. */
function versioned(version: number): typeof fetch {
  return (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'If-Match': `"${version}"` } });
}

interface Draft {
  subject: string;
  listId: string;
  body: RichTextNode;
}

function CampaignForm({ campaign: initial, lists, onReload }: { campaign: OwnerCampaign | undefined; lists: ListChoice[]; onReload: () => void }) {
  const { timeZone } = useOwner();
  const toast = useToast();
  const [campaign, setCampaign] = useState(initial);
  const [draft, setDraft] = useState<Draft>({ subject: initial?.subject ?? '', listId: initial?.listId ?? '', body: initial?.body ?? { type: 'doc', content: [] } });
  // What the server holds: the draft differs from it while changes are unsaved.
  const [savedDraft, setSavedDraft] = useState(draft);
  const [deleting, setDeleting] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState('');
  const [preview, setPreview] = useState<{ subject: string; html: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [scheduleAt, setScheduleAt] = useState(initial?.scheduledFor ? epochToZoned(initial.scheduledFor, timeZone) : '');
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const editable = !campaign || campaign.state === 'draft';
  const dirty = editable && !deleted && JSON.stringify(draft) !== JSON.stringify(savedDraft);
  const list = lists.find((l) => l.id === draft.listId);
  useSendingProgress(campaign, setCampaign);
  // The link dialog's pages: the site's published pages, linked by their absolute URL (the mail's click redirect leads there).
  const linkPages = useMemo(() => ({ load: () => loadPageLinks().then((pages) => pages.map((p) => ({ title: p.title, url: p.path }))), origin: window.location.origin }), []);

  /** Runs one action; field errors go beside their fields, a stale version opens the conflict dialog. */
  const run = async (name: string, action: () => Promise<void>) => {
    setBusy(name);
    setMessage('');
    setErrors({});
    try {
      await action();
    } catch (error) {
      if (error instanceof OwnerApiError && error.status === 412) setConflict(true);
      else if (error instanceof OwnerApiError) {
        setErrors(error.fields);
        setMessage(error.message);
      } else setMessage(TEXT.failed);
    } finally {
      setBusy('');
    }
  };

  /** Saves the draft (creating it the first time) and answers the saved campaign. */
  const save = async (): Promise<OwnerCampaign> => {
    const sent = draft;
    const body = { subject: sent.subject, listId: sent.listId || null, body: sent.body };
    const saved = campaign
      ? (await ownerFetch<{ campaign: OwnerCampaign }>('PUT', `${BASE}/${campaign.id}`, body, versioned(campaign.version))).campaign
      : (await ownerFetch<{ campaign: OwnerCampaign }>('POST', BASE, body)).campaign;
    setCampaign(saved);
    setSavedDraft(sent);
    return saved;
  };
  // A new campaign's address once it is saved, and the list once it is deleted: after the
  // render that marks the form clean, so the unsaved-changes guard does not ask.
  useEffect(() => {
    if (!initial && campaign) navigate(`/config/campaigns/${campaign.id}`, true);
  }, [campaign?.id]);
  useEffect(() => {
    if (deleted) navigate('/config/campaigns');
  }, [deleted]);
  const unsaved = useUnsavedChanges(dirty, async () => {
    let kept = false;
    await run('save', async () => {
      await save();
      kept = true;
    });
    return kept;
  });
  const current = async () => (editable ? save() : campaign!);

  const transition = async (path: string, body?: unknown) => {
    const saved = await current();
    const next = (await ownerFetch<{ campaign: OwnerCampaign }>('POST', `${BASE}/${saved.id}/${path}`, body, versioned(saved.version))).campaign;
    setCampaign(next);
    return next;
  };

  return (
    <form className="owner-form campaign-form" noValidate onSubmit={(e) => { e.preventDefault(); void run('save', async () => { await save(); toast('Campaign saved.'); }); }}>
      <div className="owner-panel-head">
        <h1>{campaign ? 'Edit campaign' : 'New campaign'}</h1>
        {campaign ? <span className="ui-badge" data-campaign-state>{STATE_LABEL[campaign.state]}</span> : null}
      </div>
      <p className="campaign-message" role="status" data-campaign-message>{message}</p>
      {campaign && campaign.state !== 'draft' ? (
        <p data-campaign-counts aria-live="polite">
          {campaign.state === 'scheduled' && campaign.scheduledFor ? `Scheduled for ${formatTime(campaign.scheduledFor, timeZone)}. ` : null}
          {`${plural(campaign.counts.recipients, 'recipient')}, ${campaign.counts.sent} sent, ${campaign.counts.opens} opened, ${plural(campaign.counts.clicks, 'click')}.`}
        </p>
      ) : null}
      <TextField label="Subject" value={draft.subject} maxLength={200} disabled={!editable} error={errors.subject} onChange={(e) => set({ subject: e.target.value })} />
      <SelectField
        label="Mailing list"
        value={draft.listId}
        disabled={!editable}
        onChange={(e) => set({ listId: e.target.value })}
        options={[{ value: '', label: 'Choose a list' }, ...lists.map((l) => ({ value: l.id, label: `${l.name} (${plural(l.confirmed, 'confirmed subscriber')})` }))]}
      />
      {errors.listId ? <p className="ui-field-error">{errors.listId}</p> : null}
      {editable ? <RichTextField label="Email body" value={draft.body} onChange={(body) => set({ body })} linkPages={linkPages} /> : null}
      <div className="owner-row-actions">
        {editable ? <Button type="submit" busy={busy === 'save'}>Save draft</Button> : null}
        {campaign?.state === 'draft' ? <Button variant="secondary" onClick={() => setDeleting(true)}>Delete draft</Button> : null}
        <Button variant="secondary" busy={busy === 'preview'} onClick={() => void run('preview', async () => {
          const saved = await current();
          setPreview(await ownerFetch<{ subject: string; html: string }>('GET', `${BASE}/${saved.id}/preview`));
        })}>Preview</Button>
        <Button variant="secondary" busy={busy === 'test'} onClick={() => void run('test', async () => {
          const saved = await current();
          const { sentTo } = await ownerFetch<{ sentTo: string }>('POST', `${BASE}/${saved.id}/test`);
          toast(`Test sent to ${sentTo}.`);
        })}>Send test</Button>
      </div>
      {editable ? (
        <fieldset className="campaign-send">
          <legend>Send</legend>
          <div className="owner-row-actions">
            <Button onClick={() => {
              if (!draft.subject.trim()) setErrors({ subject: 'Add an email subject' });
              else if (!list) setErrors({ listId: 'A List must be selected' });
              else setConfirming(true);
            }}>Send now</Button>
          </div>
          <TextField label={`Send at (${timeZone})`} type="datetime-local" value={scheduleAt} error={errors.at} onChange={(e) => setScheduleAt(e.target.value)} />
          <Button variant="secondary" busy={busy === 'schedule'} onClick={() => void run('schedule', async () => {
            const at = zonedToEpoch(scheduleAt, timeZone);
            if (at === undefined) {
              setErrors({ at: 'Choose a time to come for a scheduled send.' });
              return;
            }
            await transition('schedule', { at });
            toast('Campaign scheduled.');
          })}>Schedule</Button>
        </fieldset>
      ) : null}
      {campaign?.state === 'scheduled' ? (
        <div className="owner-row-actions">
          <Button variant="secondary" busy={busy === 'cancel'} onClick={() => void run('cancel', async () => {
            await transition('cancel');
            toast('Scheduled send cancelled.');
          })}>Cancel scheduled send</Button>
        </div>
      ) : null}
      <p><Link href="/config/campaigns">Back to campaigns</Link></p>

      <Dialog open={preview !== null} title="Preview" onClose={() => setPreview(null)} actions={<Button variant="secondary" onClick={() => setPreview(null)}>Close</Button>}>
        {preview ? (
          <>
            <p data-preview-subject>Subject: {preview.subject}</p>
            <iframe className="campaign-preview" title="Email preview" sandbox="" srcDoc={preview.html} style={{ width: '100%', height: '60vh', border: '1px solid #ddd' }} />
          </>
        ) : null}
      </Dialog>
      <Dialog
        open={confirming}
        title="Send this campaign?"
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>Keep editing</Button>
            <Button busy={busy === 'send'} onClick={() => void run('send', async () => {
              setConfirming(false);
              await transition('send');
              toast('Sending started.');
            })}>{`Send to ${plural(list?.confirmed ?? 0, 'subscriber')}`}</Button>
          </>
        }
      >
        <p data-send-summary>{`“${draft.subject}” goes to ${plural(list?.confirmed ?? 0, 'confirmed subscriber')} of ${list?.name ?? ''}. This cannot be undone.`}</p>
      </Dialog>
      <Dialog
        open={deleting}
        title="Delete this draft?"
        onClose={() => setDeleting(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setDeleting(false)}>Keep it</Button>
            <Button variant="danger" busy={busy === 'delete'} onClick={() => void run('delete', async () => {
              setDeleting(false);
              await ownerFetch('DELETE', `${BASE}/${campaign!.id}`, undefined, versioned(campaign!.version));
              toast('Draft deleted.');
              setDeleted(true);
            })}>Delete draft</Button>
          </>
        }
      >
        <p>{`“${draft.subject || 'Untitled'}” is deleted for good. Nothing has been sent.`}</p>
      </Dialog>
      <Dialog
        open={conflict}
        title="This campaign changed"
        onClose={() => setConflict(false)}
        actions={<Button onClick={() => { setConflict(false); onReload(); }}>Reload</Button>}
      >
        <p>Someone else changed this campaign since you opened it. Reload to see their changes, then edit again.</p>
      </Dialog>
      {unsaved}
    </form>
  );
}
