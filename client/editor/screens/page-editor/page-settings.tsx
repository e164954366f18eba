import { useState } from 'react';
import { OwnerApiError, TEXT } from '../../api.js';
import { useOwner } from '../../context.js';
import { formatTime } from '../../format.js';
import { Button } from '../../ui/button.js';
import { useLoad } from '../../use-load.js';
import { PageSettingsForm, ScheduleDialog } from '../pages/page-dialogs.js';
import { loadRoles, pageCalls } from '../pages/pages-api.js';
import { ACTION_LABEL, STATUS_LABEL } from '../pages/pages-screen.js';
import { abilities, statusActions, type StatusAction } from '../pages/permissions.js';
import type { OwnerPage } from '../pages/tree.js';
import type { EditorPage } from './page-api.js';

/**
 * The editor's "Page settings" panel: the Pages screen's own settings form (title, slug with
 * its live check, SEO texts with the search result preview, social image) and status and
 * schedule controls (the Pages screen's status actions, less Publish, which the toolbar has).
 * `saveFirst` stores the draft before a schedule names its version.
 */
export function PageSettingsPanel({ page, saveFirst, onSaved, onClose }: { page: EditorPage; saveFirst: () => Promise<boolean>; onSaved: (page: OwnerPage) => void; onClose: () => void }) {
  // The pages API answers the whole record (docs/api/pages.md); EditorPage names the fields the editor itself uses.
  const record = page as unknown as OwnerPage;
  const { timeZone } = useOwner();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [scheduling, setScheduling] = useState(false);
  const [round, setRound] = useState(0);
  const roles = useLoad('roles', loadRoles).result;
  const can = abilities(roles.state === 'ready' ? roles.data : []);
  const actions = statusActions(record, can).filter((a) => a !== 'publish');
  const run = async (action: StatusAction) => {
    setError('');
    setNote('');
    try {
      if (action === 'schedule') {
        if (await saveFirst()) setScheduling(true);
        return;
      }
      const answer =
        action === 'unpublish' ? await pageCalls.unpublish(record.id)
        : action === 'cancel-schedule' ? await pageCalls.cancelSchedule(record.id)
        : await pageCalls.status(record.id, action as 'draft' | 'needs-review' | 'private' | 'deprecated');
      onSaved(answer.page);
      setNote(`Status: ${STATUS_LABEL[answer.page.status]}.`);
    } catch (failure) {
      setError(failure instanceof OwnerApiError ? failure.message : TEXT.failed);
    }
  };
  return (
    <section className="pe-panel" aria-label="Page settings" data-page-settings>
      <div className="pe-history-head">
        <h2>Page settings</h2>
        <Button variant="secondary" onClick={onClose}>Close</Button>
      </div>
      {/* A new key after each save: the form starts again from what the server kept. */}
      <PageSettingsForm key={round} page={record} formId="pe-page-settings" onBusy={setBusy} onSaved={(saved) => {
        onSaved(saved);
        setRound((n) => n + 1);
        setNote('Settings saved.');
      }} />
      <Button type="submit" form="pe-page-settings" busy={busy}>Save settings</Button>
      <div role="group" aria-label="Status and schedule" className="pe-fields">
        <p className="pe-muted" data-page-status={record.status}>
          Status: {STATUS_LABEL[record.status]}
          {record.status === 'scheduled' && record.publishAt ? `, goes live ${formatTime(record.publishAt, timeZone)}` : ''}
        </p>
        {actions.length ? (
          <div className="pe-add">
            {actions.map((action) => (
              <Button key={action} variant="secondary" onClick={() => run(action)}>{ACTION_LABEL[action]}</Button>
            ))}
          </div>
        ) : null}
      </div>
      {note ? <p role="status" className="pe-muted">{note}</p> : null}
      {error ? <p role="alert" className="ui-field-error">{error}</p> : null}
      {scheduling ? (
        <ScheduleDialog page={record} onClose={() => setScheduling(false)} onSaved={(saved) => {
          setScheduling(false);
          onSaved(saved);
          setNote(`Scheduled for ${saved.publishAt ? formatTime(saved.publishAt, timeZone) : ''}.`);
        }} />
      ) : null}
    </section>
  );
}
