import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { placeAnnouncements, useSortSensors } from '../../ui/sortable.js';
import type { ReactNode } from 'react';
import { canIndent, indentNode, moveNode, outdentNode, removeNode, reorderNode, type NavNode } from './tree.js';

/**
 * The main navigation as a list the owner reorders: drag a row by its handle (pointer), or
 * focus the handle and press Space, the arrow keys and Space again (dnd-kit's keyboard
 * sensor, announced in its live region), or use the move, nest and un-nest buttons. Every
 * change goes to `onChange` (the screen saves it with UpdateNavigation). dnd-kit adds no
 * <style> element (its live region and instructions use style attributes only), so the
 * site's CSP stays as it is.
 */
export function NavTree({ nodes, editable, busy, onChange, renderRow }: { nodes: NavNode[]; editable: boolean; busy: boolean; onChange: (next: NavNode[], moved?: string) => void; renderRow: (node: NavNode) => ReactNode }) {
  const sensors = useSortSensors();
  const titles = new Map<string, string>();
  for (const n of nodes) {
    titles.set(n.key, n.title);
    for (const c of n.children) titles.set(c.key, c.title);
  }
  const name = (id: string | number | undefined) => titles.get(String(id)) ?? 'the item';
  const announcements = placeAnnouncements(name);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onChange(reorderNode(nodes, String(active.id), String(over.id)), String(active.id));
  };
  const list = (items: NavNode[], nested: boolean) => (
    <SortableContext items={items.map((n) => n.key)} strategy={verticalListSortingStrategy}>
      <ul className={nested ? 'pages-list pages-nested' : 'pages-list'}>
        {items.map((node, i) => (
          <SortableRow key={node.key} node={node} editable={editable}>
            {renderRow(node)}
            {editable ? (
              <span className="pages-nav-controls" role="group" aria-label={`Navigation: ${node.title}`}>
                <button type="button" className="pages-icon" data-move="up" data-control="up" aria-label={`Move ${node.title} up`} disabled={busy || i === 0} onClick={() => onChange(moveNode(nodes, node.key, -1), node.key)}>
                  ↑
                </button>
                <button type="button" className="pages-icon" data-move="down" data-control="down" aria-label={`Move ${node.title} down`} disabled={busy || i === items.length - 1} onClick={() => onChange(moveNode(nodes, node.key, 1), node.key)}>
                  ↓
                </button>
                {nested ? (
                  <button type="button" className="pages-icon" data-control="outdent" aria-label={`Take ${node.title} out of its group`} disabled={busy} onClick={() => onChange(outdentNode(nodes, node.key), node.key)}>
                    ←
                  </button>
                ) : (
                  <button type="button" className="pages-icon" data-control="indent" aria-label={`Nest ${node.title} under the item above`} disabled={busy || !canIndent(nodes, node.key)} onClick={() => onChange(indentNode(nodes, node.key), node.key)}>
                    →
                  </button>
                )}
                <button type="button" className="pages-icon" aria-label={`Remove ${node.title} from the navigation`} disabled={busy} onClick={() => onChange(removeNode(nodes, node.key))}>
                  ×
                </button>
              </span>
            ) : null}
            {node.children.length ? list(node.children, true) : null}
          </SortableRow>
        ))}
      </ul>
    </SortableContext>
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: 'To move an item of the navigation, press Space, then the up and down arrow keys, and Space again to drop it. Escape cancels.' },
      }}
    >
      {list(nodes, false)}
    </DndContext>
  );
}

function SortableRow({ node, editable, children }: { node: NavNode; editable: boolean; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: node.key, disabled: !editable });
  return (
    <li ref={setNodeRef} className="pages-row" data-nav-key={node.key} data-nav-title={node.title} data-dragging={isDragging || undefined} style={{ transform: CSS.Translate.toString(transform), transition }}>
      {editable ? (
        <button type="button" className="pages-icon pages-handle" data-control="handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Drag to reorder ${node.title}`}>
          ⠿
        </button>
      ) : null}
      {children}
    </li>
  );
}
