import { useId, useState } from 'react';
import type { PageLink } from '../../page-links.js';
import { Checkbox, TextField } from '../../ui/fields.js';

/** Above this many pages the list gets a search field. */
const FILTER_FROM = 8;
const norm = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * The popup's "pages where it shows": a checkbox list of the site's published pages
 * (GET /api/owner/page-links), searchable when long. Saves paths, as the design always did; a
 * chosen path that is no published page (typed before this picker, or a page since
 * unpublished) stays listed, checked, so it can be unchosen.
 */
export function ChosenPagesPicker({ pages, paths, onChange, error }: { pages: PageLink[]; paths: string[]; onChange: (paths: string[]) => void; error?: string | undefined }) {
  const [filter, setFilter] = useState('');
  const legendId = useId();
  const chosen = new Set(paths.map(norm));
  const known = new Set(pages.map((p) => norm(p.path)));
  const all = [...pages.map((p) => ({ title: p.title, path: p.path })), ...paths.filter((p) => !known.has(norm(p))).map((p) => ({ title: p, path: p }))];
  const q = filter.trim().toLowerCase();
  const shown = q ? all.filter((p) => `${p.title} ${p.path}`.toLowerCase().includes(q)) : all;
  const toggle = (path: string, on: boolean) => onChange(on ? [...paths, path] : paths.filter((p) => norm(p) !== norm(path)));
  return (
    <fieldset className="popup-pages" aria-describedby={error ? `${legendId}-error` : undefined}>
      <legend id={legendId}>Pages where it shows</legend>
      {all.length > FILTER_FROM ? <TextField label="Find a page" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} /> : null}
      <div className="popup-pages-list">
        {shown.map((p) => (
          <Checkbox key={p.path} label={`${p.title} (${p.path})`} checked={chosen.has(norm(p.path))} onChange={(e) => toggle(p.path, e.target.checked)} />
        ))}
        {shown.length === 0 ? <p className="owner-muted">{all.length === 0 ? 'The site has no published pages yet.' : 'No page matches.'}</p> : null}
      </div>
      <small role="status">{`${chosen.size} ${chosen.size === 1 ? 'page' : 'pages'} chosen`}</small>
      {error ? <small id={`${legendId}-error`} className="ui-field-error" data-field-error>{error}</small> : null}
    </fieldset>
  );
}
