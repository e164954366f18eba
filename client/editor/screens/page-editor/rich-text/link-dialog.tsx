import { useId, useLayoutEffect, useRef, useState } from 'react';
import { TEXT } from '../../../api.js';
import { Button } from '../../../ui/button.js';
import { Dialog } from '../../../ui/dialog.js';
import { Checkbox, TextField } from '../../../ui/fields.js';
import { listPages } from '../../pages/pages-api.js';
import { checkLink } from './link-rules.js';

export interface LinkValue {
  href: string;
  newTab: boolean;
}

type Kind = 'page' | 'url';

/**
 * Where the page picker's pages come from and how a chosen page is written: the page editor's
 * default lists pages from the pages API and writes their paths; the campaign editor lists
 * GET /api/owner/page-links and writes absolute URLs (`origin` + path) so a mail's link leads to the site.
 */
export interface LinkPageSource {
  load: () => Promise<{ title: string; url: string }[]>;
  /** Prefixed to a chosen page's path ('' keeps the path). */
  origin: string;
}

const PAGES_API: LinkPageSource = { load: () => listPages().then((all) => all.map((p) => ({ title: p.title, url: p.url }))), origin: '' };

/**
 * The link editor: a page of the site (picked from the pages API's list, searchable) or a web
 * address, email or phone link typed in, checked by link-rules.ts with the SPEC §5 messages;
 * "Open in a new tab"; Remove link when there is one. `current` is the link at the cursor.
 */
export function LinkDialog({ open, current, onApply, onRemove, onClose, pageSource = PAGES_API }: { open: boolean; current: LinkValue | undefined; onApply: (link: LinkValue) => void; onRemove: () => void; onClose: () => void; pageSource?: LinkPageSource }) {
  const [kind, setKind] = useState<Kind>('page');
  const [url, setUrl] = useState('');
  const [page, setPage] = useState('');
  const [filter, setFilter] = useState('');
  const [newTab, setNewTab] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [pages, setPages] = useState<{ title: string; url: string }[] | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  const groupName = useId();
  const listId = useId();

  // Before the dialog is first painted (a layout effect): a choice made at once (a fast click on
  // 'A web address') is never reset by a late form reset.
  useLayoutEffect(() => {
    if (!open) return;
    const raw = current?.href ?? '';
    // A link to one of the site's pages written as an absolute URL (the campaign editor's) opens on the page picker.
    const href = pageSource.origin && raw.startsWith(`${pageSource.origin}/`) ? raw.slice(pageSource.origin.length) : raw;
    setNewTab(current?.newTab ?? false);
    setError(undefined);
    setFilter('');
    // A link to a path opens on the page picker, anything else on the address field.
    setKind(href === '' || href.startsWith('/') ? 'page' : 'url');
    setUrl(href.startsWith('/') ? '' : href);
    setPage(href.startsWith('/') ? href : '');
    let live = true;
    pageSource.load().then(
      (all) => live && setPages(all),
      () => live && setLoadError(TEXT.loadResults),
    );
    return () => {
      live = false;
    };
  }, [open, current, pageSource]);

  const shown = (pages ?? []).filter((p) => `${p.title} ${p.url}`.toLowerCase().includes(filter.trim().toLowerCase()));
  // A path typed earlier that is not one of the pages (a shop or journal URL) stays choosable.
  const options = page && !shown.some((p) => p.url === page) ? [{ title: page, url: page }, ...shown] : shown;

  // The list box's own choice too: a keyboard choice (Home, End) may not reach React as a change.
  const list = useRef<HTMLSelectElement>(null);
  const apply = () => {
    const input = kind === 'page' ? page || list.current?.value || '' : url;
    if (kind === 'page' && input === '') {
      setError('Choose a page to link to.');
      return;
    }
    const check = checkLink(input);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    onApply({ href: kind === 'page' ? `${pageSource.origin}${check.href}` : check.href, newTab });
  };

  return (
    <Dialog
      open={open}
      title={current ? 'Edit link' : 'Add link'}
      onClose={onClose}
      actions={
        <>
          {current ? <Button variant="secondary" onClick={onRemove}>Remove link</Button> : null}
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
          <Button onClick={apply}>Apply link</Button>
        </>
      }
    >
      <form
        className="pe-link-form"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <fieldset className="pe-link-kind">
          <legend>Link to</legend>
          <label className="ui-check">
            <input type="radio" name={groupName} checked={kind === 'page'} onChange={() => { setKind('page'); setError(undefined); }} />
            <span>A page of this site</span>
          </label>
          <label className="ui-check">
            <input type="radio" name={groupName} checked={kind === 'url'} onChange={() => { setKind('url'); setError(undefined); }} />
            <span>A web address, email or phone</span>
          </label>
        </fieldset>
        {kind === 'page' ? (
          <>
            <TextField label="Find a page" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} aria-controls={listId} />
            <label className="ui-field">
              <span>Page</span>
              <select ref={list} id={listId} size={Math.min(8, Math.max(2, options.length))} value={page} aria-invalid={error ? true : undefined} onChange={(e) => { setPage(e.target.value); setError(undefined); }}>
                {options.map((p) => (
                  <option key={p.url} value={p.url}>{`${p.title} (${p.url})`}</option>
                ))}
              </select>
              {pages === undefined && !loadError ? <small>Loading pages…</small> : null}
              {loadError ? <small className="ui-field-error">{loadError}</small> : null}
              {error ? <small className="ui-field-error" role="alert">{error}</small> : null}
            </label>
          </>
        ) : (
          <TextField label="Web address, email or phone" value={url} placeholder="example.com, name@example.com, tel:+1 555 0100" maxLength={2083} error={error} onChange={(e) => { setUrl(e.target.value); setError(undefined); }} autoFocus />
        )}
        <Checkbox label="Open in a new tab" checked={newTab} onChange={(e) => setNewTab(e.target.checked)} />
        {/* Enter in a field applies the link. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Dialog>
  );
}
