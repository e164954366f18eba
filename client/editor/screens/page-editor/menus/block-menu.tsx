import { useId, useMemo, useRef, useState } from 'react';
import { labelOf } from '../schema-fields.js';
import { blockGroups, groupLabel } from './block-search.js';
import { menuKeys } from './menu-keys.js';
import './menus.css';

/**
 * "Add block" and its menu: a search box, then the block types by group. Down from the search
 * box (or Up/Down/Home/End in the list) moves through the types; Enter in the search adds the
 * first match; Escape closes the menu and puts focus back on "Add block".
 */
export function BlockMenu({ onAdd }: { onAdd: (type: string) => void }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const opener = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const groups = useMemo(() => blockGroups(query), [query]);
  const close = () => {
    setOpen(false);
    setQuery('');
    opener.current?.focus();
  };
  const add = (type: string) => {
    onAdd(type);
    close();
  };
  return (
    <>
      <button ref={opener} type="button" className="ui-button" data-variant="secondary" aria-expanded={open} aria-controls="pe-block-menu" onClick={() => (open ? close() : setOpen(true))}>
        Add block
      </button>
      {open ? (
        <div id="pe-block-menu" className="pe-menu" ref={popup} onKeyDown={(e) => menuKeys(e, popup, close, search)}>
          <label className="ui-field pe-menu-search" htmlFor={searchId}>
            <span>Search blocks</span>
            <input
              id={searchId}
              ref={search}
              type="search"
              autoFocus
              autoComplete="off"
              value={query}
              placeholder="Name or group, e.g. image"
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                const first = groups[0]?.blocks[0];
                if (e.key === 'Enter' && first) {
                  e.preventDefault();
                  add(first.name);
                }
              }}
            />
          </label>
          {groups.length === 0 ? <p className="pe-muted" role="status">No block matches “{query.trim()}”.</p> : null}
          {groups.map(({ group, blocks }) => (
            <section key={group} aria-label={groupLabel(group)}>
              <h3>{groupLabel(group)}</h3>
              <ul>
                {blocks.map((b) => (
                  <li key={b.name}>
                    <button type="button" className="pe-menu-item" onClick={() => add(b.name)}>
                      {labelOf(b.name)}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      ) : null}
    </>
  );
}
