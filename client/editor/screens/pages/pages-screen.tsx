import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { CONTENT_STATUSES } from '../../../../domain/pages/page-rules.js';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { useOwner } from '../../context.js';
import { formatTime } from '../../format.js';
import { Link } from '../../router.js';
import { Button } from '../../ui/button.js';
import { Dialog } from '../../ui/dialog.js';
import { SelectField, TextField } from '../../ui/fields.js';
import { EmptyState, ErrorPanel, Skeleton } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { NavTree } from './nav-tree.js';
import { abilities, statusActions, type Can, type StatusAction } from './permissions.js';
import { ConfirmPageStep, PageSettingsDialog, ScheduleDialog } from './page-dialogs.js';
import { listPages, loadCollections, loadNavigation, loadRoles, NavigationConflict, pageCalls, saveNavigation } from './pages-api.js';
import { addAreaNode, addPageNode, buildTree, toItems, toNodes, type NavCollection, type NavNode, type OwnerPage, type PageStatus } from './tree.js';
import './pages.css';

/** SPEC §4 status names as owners read them. */
export const STATUS_LABEL: Record<PageStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  'needs-review': 'Needs Review',
  deprecated: 'Deprecated',
  private: 'Private',
  published: 'Published',
};

export const ACTION_LABEL: Record<StatusAction, string> = {
  publish: 'Publish now',
  schedule: 'Schedule…',
  'cancel-schedule': 'Cancel the schedule',
  unpublish: 'Unpublish',
  'needs-review': 'Needs Review',
  draft: 'Draft',
  private: 'Private',
  deprecated: 'Deprecated',
};

interface Loaded {
  pages: OwnerPage[];
  collections: NavCollection[];
  navVersion: number;
  nav: NavNode[];
}

type Open =
  | { kind: 'create' }
  | { kind: 'settings'; page: OwnerPage }
  | { kind: 'status'; page: OwnerPage }
  | { kind: 'schedule'; page: OwnerPage }
  | { kind: 'trash'; page: OwnerPage }
  | { kind: 'delete'; page: OwnerPage };

/** Where a visitor (or, for a page not live, the signed-in owner's preview) sees the page. */
function viewHref(page: OwnerPage, url = page.url): string {
  return page.publishedVersion !== null && page.status !== 'scheduled' ? url : `${url}?preview`;
}

/**
 * /config/pages: the site's pages as a tree (the main navigation with its nesting, pages not
 * linked from it, and the collection pages), with create, settings, duplicate, statuses,
 * schedule, trash and restore; the navigation is reordered and nested by drag-and-drop or
 * keyboard and saved with UpdateNavigation under If-Match.
 */
export function PagesScreen() {
  const { timeZone } = useOwner();
  const toast = useToast();
  const [can, setCan] = useState<Can>({ drafts: false, publish: false, layout: false, memberAreas: false });
  const [data, setData] = useState<Loaded | undefined>();
  const [loadError, setLoadError] = useState('');
  const [view, setView] = useState<'pages' | 'trash'>('pages');
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<OwnerPage[] | undefined>();
  const [resultsError, setResultsError] = useState('');
  const [open, setOpen] = useState<Open | undefined>();
  const [navBusy, setNavBusy] = useState(false);
  const [navNotice, setNavNotice] = useState('');
  const [navSaved, setNavSaved] = useState(false);
  const [statusError, setStatusError] = useState('');
  // Member areas the navigation may link (SPEC §3 memberAreaId); none without the members permission.
  const [areas, setAreas] = useState<{ id: string; name: string }[]>([]);
  const focusAfter = useRef<{ key: string; control: string | undefined } | undefined>(undefined);

  const load = useCallback(async (quiet: boolean) => {
    if (!quiet) {
      setData(undefined);
      setLoadError('');
    }
    try {
      const [pages, collections, nav] = await Promise.all([listPages(), loadCollections(), loadNavigation()]);
      setData({ pages, collections, navVersion: nav.version, nav: toNodes(nav.links) });
    } catch (error) {
      setLoadError(error instanceof OwnerApiError ? error.message : TEXT.loadRetry);
    }
  }, []);
  useEffect(() => {
    void load(false);
    loadRoles().then((roles) => {
      const can = abilities(roles);
      setCan(can);
      // Member areas for navigation items: only for those who may read them (the members row).
      if (can.memberAreas) ownerFetch<{ areas: { id: string; name: string }[] }>('GET', '/api/owner/members/areas').then((a) => setAreas(a.areas), () => undefined);
    }, () => undefined);
  }, [load]);

  // A filter, a search or the trash: a flat list from the server.
  const filtered = view === 'trash' || status !== '' || query !== '';
  const [listVersion, setListVersion] = useState(0);
  useEffect(() => {
    if (!filtered) return setResults(undefined);
    let live = true;
    setResults(undefined);
    setResultsError('');
    listPages({ trash: view === 'trash', status: view === 'trash' ? '' : status, q: query }).then(
      (pages) => live && setResults(pages),
      (error: unknown) => live && setResultsError(error instanceof OwnerApiError ? error.message : TEXT.loadResults),
    );
    return () => {
      live = false;
    };
  }, [filtered, view, status, query, listVersion]);
  const refresh = () => {
    void load(true);
    setListVersion((v) => v + 1);
  };

  // Keeps the keyboard where it was after a move (the row moved in the DOM).
  useEffect(() => {
    const after = focusAfter.current;
    if (!after || navBusy) return;
    focusAfter.current = undefined;
    const row = document.querySelector<HTMLElement>(`[data-nav-key="${after.key}"]`);
    if (!row || row.contains(document.activeElement)) return;
    // The control that was pressed (disabled while saving, so the browser dropped focus), else the row's handle.
    (row.querySelector<HTMLElement>(`[data-control="${after.control}"]:not(:disabled)`) ?? row.querySelector<HTMLElement>('button:not(:disabled)'))?.focus();
  });

  const changeNav = async (next: NavNode[], moved?: string) => {
    if (!data) return;
    const before = data;
    setData({ ...data, nav: next });
    setNavBusy(true);
    setNavNotice('');
    setNavSaved(false);
    focusAfter.current = moved ? { key: moved, control: (document.activeElement as HTMLElement | null)?.dataset.control } : undefined;
    try {
      const version = await saveNavigation(data.navVersion, toItems(next));
      setData((d) => (d ? { ...d, nav: next, navVersion: version } : d));
      setNavSaved(true);
    } catch (error) {
      if (error instanceof NavigationConflict) {
        setNavNotice('Someone else changed the navigation. It has been reloaded with their changes; make your change again.');
        await load(true);
      } else {
        setData(before);
        setNavNotice(error instanceof OwnerApiError ? error.message : TEXT.failed);
      }
    } finally {
      setNavBusy(false);
    }
  };

  /** Runs a page call, then says what happened and reloads the lists. */
  const act = async (call: () => Promise<unknown>, done: string) => {
    await call();
    setOpen(undefined);
    toast(done);
    refresh();
  };
  const runStatus = async (page: OwnerPage, action: StatusAction) => {
    if (action === 'schedule') return setOpen({ kind: 'schedule', page });
    setStatusError('');
    try {
      if (action === 'publish') await act(() => pageCalls.publish(page), `${page.title} is published.`);
      else if (action === 'unpublish') await act(() => pageCalls.unpublish(page.id), `${page.title} is unpublished.`);
      else if (action === 'cancel-schedule') await act(() => pageCalls.cancelSchedule(page.id), `The schedule of ${page.title} is cancelled.`);
      else await act(() => pageCalls.status(page.id, action), `${page.title} is now ${STATUS_LABEL[action]}.`);
    } catch (error) {
      setStatusError(error instanceof OwnerApiError ? error.message : TEXT.failed);
    }
  };
  const duplicate = async (page: OwnerPage) => {
    try {
      await act(() => pageCalls.duplicate(page.id), `${page.title} duplicated.`);
    } catch (error) {
      toast(error instanceof OwnerApiError ? error.message : TEXT.failed);
    }
  };

  const badge = (page: OwnerPage) => (
    <span className="ui-badge pages-status" data-status={page.status}>
      {page.status === 'scheduled' && page.publishAt ? `Scheduled ${formatTime(page.publishAt, timeZone)}` : STATUS_LABEL[page.status]}
    </span>
  );
  const pageInfo = (page: OwnerPage, title = page.title, url = page.url) => (
    <span className="pages-info">
      <strong className="pages-title">{title}</strong>
      <code className="pages-url">{url}</code>
      {badge(page)}
      <span className="pages-edited">Edited {formatTime(page.updatedOn, timeZone)}</span>
    </span>
  );
  const pageActions = (page: OwnerPage, options: { url?: string; inNav?: boolean } = {}) => {
    const editable = can.drafts && (page.publishedVersion === null || can.publish);
    return (
      <span className="owner-row-actions pages-actions">
        {can.drafts ? (
          <Link href={`/config/pages/${page.id}/edit`} className="ui-button" data-variant="secondary" aria-label={`Edit ${page.title}`}>
            Edit
          </Link>
        ) : null}
        <a href={viewHref(page, options.url)} target="_blank" rel="noopener" className="ui-button" data-variant="secondary" aria-label={`View ${page.title}`}>
          View
        </a>
        {editable ? (
          <Button variant="secondary" aria-label={`Settings of ${page.title}`} onClick={() => setOpen({ kind: 'settings', page })}>
            Settings
          </Button>
        ) : null}
        {statusActions(page, can).length ? (
          <Button variant="secondary" aria-label={`Status of ${page.title}`} onClick={() => (setStatusError(''), setOpen({ kind: 'status', page }))}>
            Status
          </Button>
        ) : null}
        {can.drafts ? (
          <Button variant="secondary" aria-label={`Duplicate ${page.title}`} onClick={() => duplicate(page)}>
            Duplicate
          </Button>
        ) : null}
        {can.layout && options.inNav === false && data ? (
          <Button variant="secondary" aria-label={`Add to navigation: ${page.title}`} disabled={navBusy} onClick={() => changeNav(addPageNode(data.nav, page))}>
            Add to navigation
          </Button>
        ) : null}
        {can.publish ? (
          <Button variant="danger" aria-label={`Delete ${page.title}`} onClick={() => setOpen({ kind: 'trash', page })}>
            Delete
          </Button>
        ) : null}
      </span>
    );
  };
  const trashActions = (page: OwnerPage) => (
    <span className="owner-row-actions pages-actions">
      {can.drafts ? (
        <Button variant="secondary" aria-label={`Restore ${page.title}`} onClick={() => act(() => pageCalls.restore(page.id), `${page.title} is restored as a draft.`).catch((e: unknown) => toast(e instanceof OwnerApiError ? e.message : TEXT.failed))}>
          Restore
        </Button>
      ) : null}
      {can.publish ? (
        <Button variant="danger" aria-label={`Delete forever: ${page.title}`} onClick={() => setOpen({ kind: 'delete', page })}>
          Delete forever
        </Button>
      ) : null}
    </span>
  );

  const byId = new Map((data?.pages ?? []).map((p) => [p.id, p]));
  const tree = data ? buildTree(data.nav, data.pages, data.collections) : undefined;
  const navRow = (node: NavNode) => {
    const page = node.pageId ? byId.get(node.pageId) : node.collectionId ? tree?.collections.find((c) => c.collection.id === node.collectionId)?.page : undefined;
    return (
      <span className="pages-row-body">
        {page ? (
          <>
            {pageInfo(page, node.title, node.url)}
            {pageActions(page, { url: node.url, inNav: true })}
          </>
        ) : (
          <span className="pages-info">
            <strong className="pages-title">{node.title}</strong>
            <code className="pages-url">{node.url}</code>
            <span className="ui-badge">{node.collectionId ? 'Collection' : node.memberAreaId ? 'Members only' : 'Link'}</span>
          </span>
        )}
      </span>
    );
  };
  const flatList = (pages: OwnerPage[], trash: boolean) => (
    <ul className="pages-list">
      {pages.map((p) => (
        <li className="pages-row" key={p.id} data-page-id={p.id} data-page-title={p.title}>
          <span className="pages-row-body">
            {pageInfo(p)}
            {trash ? trashActions(p) : pageActions(p, { inNav: data?.nav.some((n) => n.pageId === p.id || n.children.some((c) => c.pageId === p.id)) ?? true })}
          </span>
        </li>
      ))}
    </ul>
  );

  const applySearch = (e: FormEvent) => {
    e.preventDefault();
    setQuery(search.trim());
  };

  return (
    <section className="owner-screen-app pages-screen" aria-labelledby="pages-title">
      <div className="pages-head">
        <h1 id="pages-title">Pages</h1>
        {can.drafts ? <Button onClick={() => setOpen({ kind: 'create' })}>Create page</Button> : null}
      </div>
      <div className="pages-toolbar">
        <div className="pages-tabs" role="group" aria-label="Show">
          <Button variant={view === 'pages' ? 'primary' : 'secondary'} aria-pressed={view === 'pages'} onClick={() => setView('pages')}>
            Pages
          </Button>
          <Button variant={view === 'trash' ? 'primary' : 'secondary'} aria-pressed={view === 'trash'} onClick={() => setView('trash')}>
            Trash
          </Button>
        </div>
        {view === 'pages' ? (
          <SelectField label="Filter by status" value={status} onChange={(e) => setStatus(e.target.value)} options={[{ value: '', label: 'All statuses' }, ...CONTENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))]} />
        ) : null}
        <form className="pages-search" role="search" onSubmit={applySearch}>
          <TextField label="Search pages" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </div>
      {navNotice ? (
        <p role="alert" className="pages-notice" data-nav-notice>
          {navNotice}
        </p>
      ) : null}

      {filtered ? (
        resultsError ? (
          <ErrorPanel message={resultsError} onRetry={() => setListVersion((v) => v + 1)} />
        ) : !results ? (
          <Skeleton />
        ) : results.length === 0 ? (
          <EmptyState title={view === 'trash' ? (query ? 'No pages in the trash match.' : 'The trash is empty.') : 'No pages match.'}>
            {view === 'trash' ? <p>Pages stay in the trash for 30 days.</p> : null}
          </EmptyState>
        ) : (
          <div className="pages-section" aria-label={view === 'trash' ? 'Trash' : 'Results'} role="region">
            {view === 'trash' ? <p className="pages-hint">Pages stay in the trash for 30 days, then are deleted for good.</p> : null}
            {flatList(results, view === 'trash')}
          </div>
        )
      ) : loadError ? (
        <ErrorPanel message={loadError} onRetry={() => void load(false)} />
      ) : !data || !tree ? (
        <Skeleton />
      ) : data.pages.length === 0 && data.nav.length === 0 && data.collections.length === 0 ? (
        <EmptyState title="No pages yet">
          <p>Create a page, then add it to the navigation.</p>
        </EmptyState>
      ) : (
        <>
          <section className="pages-section" aria-labelledby="pages-main-nav" data-section="main-nav" data-nav-version={data.navVersion} aria-busy={navBusy || undefined}>
            <div className="pages-section-head">
              <h2 id="pages-main-nav">Main navigation</h2>
              <span role="status" className="pages-hint" data-nav-state>
                {navBusy ? 'Saving…' : navSaved ? 'Navigation saved.' : ''}
              </span>
            </div>
            {data.nav.length === 0 ? <p className="pages-hint">The navigation is empty. Add a page to it from “Not linked”.</p> : <NavTree nodes={data.nav} editable={can.layout} busy={navBusy} onChange={changeNav} renderRow={navRow} />}
          </section>
          {can.layout && areas.some((a) => !data.nav.some((n) => n.memberAreaId === a.id)) ? (
            <section className="pages-section" aria-labelledby="pages-member-areas" data-section="member-areas">
              <h2 id="pages-member-areas">Member areas</h2>
              <p className="pages-hint">A member area's link shows on the site to its members only.</p>
              <ul className="pages-list">
                {areas
                  .filter((a) => !data.nav.some((n) => n.memberAreaId === a.id))
                  .map((a) => (
                    <li className="pages-row" key={a.id}>
                      <span className="pages-row-body">
                        <strong className="pages-title">{a.name}</strong>
                        <Button variant="secondary" aria-label={`Add to navigation: ${a.name}`} disabled={navBusy} onClick={() => changeNav(addAreaNode(data.nav, a))}>
                          Add to navigation
                        </Button>
                      </span>
                    </li>
                  ))}
              </ul>
            </section>
          ) : null}
          <section className="pages-section" aria-labelledby="pages-not-linked" data-section="not-linked">
            <h2 id="pages-not-linked">Not linked</h2>
            {tree.notLinked.length === 0 ? <p className="pages-hint">Every page is in the navigation.</p> : flatList(tree.notLinked, false)}
          </section>
          <section className="pages-section" aria-labelledby="pages-collections" data-section="collections">
            <h2 id="pages-collections">Collection pages</h2>
            <ul className="pages-list">
              {tree.collections.map(({ collection, page }) => (
                <li className="pages-row" key={collection.id} data-collection={collection.id}>
                  <span className="pages-row-body">
                    {page ? (
                      <>
                        {pageInfo(page, collection.title, collection.url)}
                        {pageActions(page, { url: collection.url, inNav: true })}
                      </>
                    ) : (
                      <>
                        <span className="pages-info">
                          <strong className="pages-title">{collection.title}</strong>
                          <code className="pages-url">{collection.url}</code>
                          <span className="ui-badge">{collection.enabled ? 'Collection' : 'Collection (disabled)'}</span>
                        </span>
                        <span className="owner-row-actions pages-actions">
                          <a href={collection.url} target="_blank" rel="noopener" className="ui-button" data-variant="secondary" aria-label={`View ${collection.title}`}>
                            View
                          </a>
                        </span>
                      </>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}

      {open?.kind === 'create' || open?.kind === 'settings' ? (
        <PageSettingsDialog
          page={open.kind === 'settings' ? open.page : undefined}
          onClose={() => setOpen(undefined)}
          onSaved={(page) => {
            setOpen(undefined);
            toast(open.kind === 'create' ? `${page.title} created.` : `${page.title} saved.`);
            refresh();
          }}
        />
      ) : null}
      {open?.kind === 'schedule' ? (
        <ScheduleDialog
          page={open.page}
          onClose={() => setOpen(undefined)}
          onSaved={(page) => {
            setOpen(undefined);
            toast(`${page.title} is scheduled for ${page.publishAt ? formatTime(page.publishAt, timeZone) : ''}.`);
            refresh();
          }}
        />
      ) : null}
      {open?.kind === 'status' ? (
        <Dialog
          open
          title={`Status of ${open.page.title}`}
          onClose={() => setOpen(undefined)}
          actions={
            <Button variant="secondary" onClick={() => setOpen(undefined)}>
              Close
            </Button>
          }
        >
          <p>Now: {badge(open.page)}</p>
          <div className="pages-status-menu" role="group" aria-label="Change the status">
            {statusActions(open.page, can).map((action) => (
              <Button key={action} variant="secondary" onClick={() => runStatus(open.page, action)}>
                {ACTION_LABEL[action]}
              </Button>
            ))}
          </div>
          {statusError ? <p role="alert" className="ui-field-error">{statusError}</p> : null}
        </Dialog>
      ) : null}
      {open?.kind === 'trash' ? (
        <ConfirmPageStep
          title={`Move ${open.page.title} to the trash?`}
          body="The page goes off the site at once. You can restore it from the trash for 30 days."
          confirm="Move to trash"
          onClose={() => setOpen(undefined)}
          onConfirm={() => act(() => pageCalls.trash(open.page.id), `${open.page.title} moved to the trash.`)}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmPageStep
          title={`Delete ${open.page.title} forever?`}
          body="The page, its revisions and its navigation links are deleted for good. This cannot be undone."
          confirm="Delete forever"
          onClose={() => setOpen(undefined)}
          onConfirm={() => act(() => pageCalls.deleteForever(open.page.id), `${open.page.title} is deleted.`)}
        />
      ) : null}
    </section>
  );
}
