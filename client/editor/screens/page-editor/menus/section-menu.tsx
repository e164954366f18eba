import { useRef, useState } from 'react';
import { SECTION_STARTERS } from '../../../../../blocks/starters.js';
import { menuKeys } from './menu-keys.js';
import './menus.css';

/**
 * "Add section" and its menu: Blank, or one of the starter section layouts
 * (blocks/starters.ts). Arrow keys move through the choices; Escape closes the menu and
 * puts focus back on "Add section". `onAdd(undefined)` adds a blank section.
 */
export function SectionMenu({ onAdd }: { onAdd: (starter: string | undefined) => void }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  const add = (starter: string | undefined) => {
    onAdd(starter);
    close();
  };
  const choices = [{ name: undefined, label: 'Blank section', description: 'An empty section: add blocks to it.' }, ...SECTION_STARTERS];
  return (
    <>
      <button ref={opener} type="button" className="ui-button" data-variant="secondary" aria-expanded={open} aria-controls="pe-section-menu" onClick={() => (open ? close() : setOpen(true))}>
        Add section
      </button>
      {open ? (
        <div id="pe-section-menu" className="pe-menu" ref={popup} role="group" aria-label="Section layouts" onKeyDown={(e) => menuKeys(e, popup, close)}>
          <ul className="pe-starters">
            {choices.map((c, i) => (
              <li key={c.name ?? 'blank'}>
                <button type="button" className="pe-menu-item" autoFocus={i === 0} data-starter={c.name ?? 'blank'} onClick={() => add(c.name)}>
                  <strong>{c.label}</strong>
                  <span>{c.description}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
