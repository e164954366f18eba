import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { placeAnnouncements, useSortSensors } from '../../ui/sortable.js';
import { useState, type FormEvent, type ReactNode } from 'react';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { useLoad } from '../../use-load.js';
import { Button } from '../../ui/button.js';
import { Dialog } from '../../ui/dialog.js';
import { Checkbox, SelectField, TextField } from '../../ui/fields.js';
import { EmptyState, ErrorPanel, Skeleton } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { dropAt, nest, step, unnest, withDepth, type Position, type TreeCategory } from './category-moves.js';
import './tags.css';

type TagType = 'tag' | 'category';
type Kind = 'store' | 'blog';

interface TagCollection {
  id: string;
  title: string;
  kind: Kind;
}

interface NameRow {
  name: string;
  count: number;
  /** A store category of the tree: its id, parent and type; null for a name outside the tree. */
  id?: string | null;
  parentId?: string | null;
  type?: 'root' | 'category' | null;
  displayIndex?: number;
}

interface TagsAnswer {
  collection: TagCollection;
  tags: NameRow[];
  categories: NameRow[];
}

const BASE = '/api/owner/tags';
const MAX: Record<TagType, number> = { tag: 50, category: 25 };
const LABEL: Record<TagType, string> = { tag: 'tag', category: 'category' };
const plural = (t: TagType, n: number) => (t === 'tag' ? (n === 1 ? 'tag' : 'tags') : n === 1 ? 'category' : 'categories');
const uses = (kind: Kind, n: number) => `${n} ${kind === 'store' ? (n === 1 ? 'product' : 'products') : n === 1 ? 'post' : 'posts'}`;

/**
 * /config/tags: the tag manager (SPEC §2): the site's stores and blogs, each with its tags and
 * categories — add, edit (rename, one at a time), merge several into one, remove — and a
 * store's category tree, nested and ordered by drag and drop or the keyboard.
 */
export function TagsScreen() {
  return (
    <div className="tags-screen">
      <h1>Tags and categories</h1>
      <TagsBody />
    </div>
  );
}

function TagsBody() {
  const { result, retry } = useLoad('collections', () => ownerFetch<{ collections: TagCollection[] }>('GET', BASE));
  const [chosen, setChosen] = useState('');
  if (result.state === 'loading') return <Skeleton label="Loading stores and blogs" />;
  if (result.state === 'error') return <ErrorPanel message={result.message} onRetry={retry} />;
  const collections = result.data.collections;
  if (collections.length === 0) return <EmptyState title="No store or blog yet">Tags and categories belong to a store or a blog.</EmptyState>;
  const current = collections.find((c) => c.id === chosen) ?? collections[0]!;
  return (
    <>
      {collections.length > 1 ? (
        <SelectField label="Store or blog" value={current.id} onChange={(e) => setChosen(e.target.value)} options={collections.map((c) => ({ value: c.id, label: `${c.title} (${c.kind})` }))} />
      ) : null}
      <CollectionTags key={current.id} collection={current} />
    </>
  );
}

interface Editing {
  tagType: TagType;
  name: string;
}

function CollectionTags({ collection }: { collection: TagCollection }) {
  const { result, retry } = useLoad(collection.id, () => ownerFetch<TagsAnswer>('GET', `${BASE}/${collection.id}`));
  const [latest, setLatest] = useState<TagsAnswer | undefined>();
  const [editing, setEditing] = useState<Editing | undefined>();
  if (result.state === 'loading') return <Skeleton label="Loading tags" />;
  if (result.state === 'error') return <ErrorPanel message={result.message} onRetry={retry} />;
  const data = latest ?? result.data;
  const shared = { collection, editing, setEditing, onAnswer: setLatest };
  return (
    <>
      <NameSection {...shared} tagType="category" rows={data.categories} tree={collection.kind === 'store'} />
      <NameSection {...shared} tagType="tag" rows={data.tags} tree={false} />
    </>
  );
}

interface SectionProps {
  collection: TagCollection;
  tagType: TagType;
  rows: NameRow[];
  tree: boolean;
  editing: Editing | undefined;
  setEditing: (e: Editing | undefined) => void;
  onAnswer: (a: TagsAnswer) => void;
}

type Confirm = { kind: 'merge'; names: string[] } | { kind: 'remove'; names: string[] };

function NameSection({ collection, tagType, rows, tree, editing, setEditing, onAnswer }: SectionProps) {
  const toast = useToast();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [adding, setAdding] = useState('');
  const [addError, setAddError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<Confirm | undefined>();
  const [into, setInto] = useState('');
  const [dialogError, setDialogError] = useState('');
  const heading = tagType === 'tag' ? 'Tags' : 'Categories';
  const sectionId = `tags-${tagType}`;

  const send = async (method: 'POST' | 'PUT', path: string, body: unknown): Promise<boolean> => {
    setBusy(true);
    try {
      onAnswer(await ownerFetch<TagsAnswer>(method, `${BASE}/${collection.id}${path}`, body));
      return true;
    } catch (error) {
      const message = error instanceof OwnerApiError ? (Object.values(error.fields)[0] ?? error.message) : TEXT.failed;
      if (confirm) setDialogError(message);
      else setNotice(message);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const name = adding.trim();
    if (!name) return setAddError(tagType === 'tag' ? 'Enter a tag.' : 'Enter a category name.');
    if (rows.some((r) => r.name === name)) return setAddError(`This ${LABEL[tagType]} already exists`);
    setBusy(true);
    try {
      onAnswer(await ownerFetch<TagsAnswer>('POST', `${BASE}/${collection.id}`, { tagType, name }));
      setAdding('');
      setAddError('');
      toast(`Added ${name}.`);
    } catch (error) {
      setAddError(error instanceof OwnerApiError ? (error.fields.name ?? error.message) : TEXT.failed);
    } finally {
      setBusy(false);
    }
  };

  const startEdit = (name: string) => {
    // SPEC §5: one inline edit at a time.
    if (editing && !(editing.tagType === tagType && editing.name === name)) {
      setNotice(`You may only edit one ${LABEL[editing.tagType]} at a time`);
      return;
    }
    setNotice('');
    setEditing({ tagType, name });
  };

  const rename = async (from: string, to: string) => {
    if (to === from) return setEditing(undefined);
    if (await send('POST', '/rename', { tagType, renames: [{ from, to }] })) {
      setEditing(undefined);
      setNotice('');
      setSelected(new Set());
      toast(`Renamed ${from} to ${to}.`);
    }
  };

  const move = (id: string, to: Position | null) => {
    if (to) void send('PUT', `/categories/${id}/position`, to);
  };

  const toggle = (name: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(name);
    else next.delete(name);
    setSelected(next);
  };

  const runConfirm = async () => {
    if (!confirm) return;
    const ok =
      confirm.kind === 'merge'
        ? await send('POST', '/merge', { tagType, from: confirm.names, into: into.trim() })
        : await send('POST', '/remove', { tagType, names: confirm.names });
    if (ok) {
      toast(confirm.kind === 'merge' ? `Merged into ${into.trim()}.` : `Removed ${confirm.names.length} ${plural(tagType, confirm.names.length)}.`);
      setConfirm(undefined);
      setSelected(new Set());
    }
  };

  const treeRows = tree ? withDepth(rows.filter((r): r is NameRow & TreeCategory => typeof r.id === 'string') as TreeCategory[]) : [];
  const loose = tree ? rows.filter((r) => !r.id) : rows;
  const picked = [...selected].filter((n) => rows.some((r) => r.name === n));

  const rowView = (row: NameRow, extra?: { depth: number; handle?: ReactNode; controls?: ReactNode }) => {
    const isRoot = row.type === 'root';
    const isEditing = editing?.tagType === tagType && editing.name === row.name;
    return (
      <>
        {extra?.handle}
        {isRoot ? <span className="tags-check-gap" /> : <Checkbox label={`Select ${row.name}`} hideLabel checked={selected.has(row.name)} onChange={(e) => toggle(row.name, e.target.checked)} />}
        {isEditing ? (
          <RenameForm tagType={tagType} name={row.name} busy={busy} onSave={(to) => void rename(row.name, to)} onCancel={() => { setEditing(undefined); setNotice(''); }} />
        ) : (
          <span className="tags-name" data-tag-name>
            {row.name}
            {isRoot ? <small> (all products)</small> : null}
          </span>
        )}
        <span className="tags-count" data-tag-count>{uses(collection.kind, row.count)}</span>
        {isEditing ? null : (
          <span className="owner-row-actions">
            <Button variant="secondary" aria-label={`Edit ${row.name}`} disabled={busy} onClick={() => startEdit(row.name)}>Edit</Button>
            {isRoot ? null : (
              <Button variant="secondary" aria-label={`Remove ${row.name}`} disabled={busy} onClick={() => { setDialogError(''); setConfirm({ kind: 'remove', names: [row.name] }); }}>Remove</Button>
            )}
            {extra?.controls}
          </span>
        )}
      </>
    );
  };

  return (
    <section className="owner-panel tags-section" aria-labelledby={sectionId} data-tag-type={tagType}>
      <div className="owner-panel-head">
        <h2 id={sectionId}>{heading}</h2>
        <span className="owner-row-actions">
          <Button variant="secondary" disabled={busy || picked.length < 2} onClick={() => { setInto(picked[0] ?? ''); setDialogError(''); setConfirm({ kind: 'merge', names: picked }); }}>
            Merge selected
          </Button>
          <Button variant="danger" disabled={busy || picked.length < 1} onClick={() => { setDialogError(''); setConfirm({ kind: 'remove', names: picked }); }}>
            Remove selected
          </Button>
        </span>
      </div>
      <form className="tags-add" onSubmit={(e) => void add(e)} noValidate>
        <TextField label={tagType === 'tag' ? 'New tag' : 'New category'} value={adding} maxLength={MAX[tagType]} error={addError || undefined} onChange={(e) => { setAdding(e.target.value); setAddError(''); }} />
        <Button type="submit" busy={busy}>Add</Button>
      </form>
      <p className="tags-notice" role="status" data-tags-notice>{notice}</p>
      {tree && treeRows.length ? <CategoryTree rows={treeRows} busy={busy} onMove={move} renderRow={rowView} /> : null}
      {tree && loose.length ? <p className="tags-hint">Used by products, not in the category tree yet:</p> : null}
      {loose.length ? (
        <ul className="tags-list">
          {loose.map((row) => (
            <li key={row.name} className="tags-row" data-tag-row={row.name}>
              {rowView(row, tree ? { depth: 0, controls: <Button variant="secondary" aria-label={`Add to tree: ${row.name}`} disabled={busy} onClick={() => void send('POST', '', { tagType, name: row.name })}>Add to tree</Button> } : undefined)}
            </li>
          ))}
        </ul>
      ) : !tree || !treeRows.length ? (
        <p className="tags-hint">No {plural(tagType, 2)} yet.</p>
      ) : null}
      <Dialog
        open={confirm !== undefined}
        title={confirm?.kind === 'merge' ? `Merge ${confirm.names.length} ${plural(tagType, confirm.names.length)}` : `Remove ${confirm?.names.length === 1 ? confirm.names[0] : `${confirm?.names.length ?? 0} ${plural(tagType, 2)}`}?`}
        onClose={() => setConfirm(undefined)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirm(undefined)}>Cancel</Button>
            <Button variant={confirm?.kind === 'remove' ? 'danger' : 'primary'} busy={busy} onClick={() => void runConfirm()}>
              {confirm?.kind === 'merge' ? 'Merge' : 'Remove'}
            </Button>
          </>
        }
      >
        {confirm?.kind === 'merge' ? (
          <>
            <p>{confirm.names.join(', ')} become one {LABEL[tagType]} on every {collection.kind === 'store' ? 'product' : 'post'} that has any of them.</p>
            <TextField label="Merged name" value={into} maxLength={MAX[tagType]} onChange={(e) => setInto(e.target.value)} />
          </>
        ) : confirm ? (
          <p>{confirm.names.join(', ')} {confirm.names.length === 1 ? 'is' : 'are'} taken off every {collection.kind === 'store' ? 'product' : 'post'}.{tree ? ' Subcategories move up a level.' : ''}</p>
        ) : null}
        {dialogError ? <p className="ui-field-error" role="alert">{dialogError}</p> : null}
      </Dialog>
    </section>
  );
}

function RenameForm({ tagType, name, busy, onSave, onCancel }: { tagType: TagType; name: string; busy: boolean; onSave: (to: string) => void; onCancel: () => void }) {
  const [value, setValue] = useState(name);
  const [error, setError] = useState('');
  return (
    <form
      className="tags-rename"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const to = value.trim();
        if (!to) return setError(tagType === 'tag' ? 'Enter a tag.' : 'Enter a category name.');
        onSave(to);
      }}
    >
      <TextField label={`New name for ${name}`} value={value} autoFocus maxLength={MAX[tagType]} error={error || undefined} onChange={(e) => setValue(e.target.value)} onKeyDown={(e) => e.key === 'Escape' && onCancel()} />
      <Button type="submit" busy={busy}>Save</Button>
      <Button variant="secondary" onClick={onCancel}>Cancel</Button>
    </form>
  );
}

type DepthRow = TreeCategory & { depth: number };

/**
 * The store's category tree: drag a row by its handle (pointer), or focus the handle and
 * press Space, the arrow keys and Space again (dnd-kit's keyboard sensor) to take another
 * row's place; the arrow buttons move up and down, nest under the category above and move out.
 */
function CategoryTree({ rows, busy, onMove, renderRow }: { rows: DepthRow[]; busy: boolean; onMove: (id: string, to: Position | null) => void; renderRow: (row: NameRow, extra: { depth: number; handle?: ReactNode; controls?: ReactNode }) => ReactNode }) {
  const sensors = useSortSensors();
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const name = (id: string | number | undefined) => names.get(String(id)) ?? 'the category';
  const announcements = placeAnnouncements(name);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), dropAt(rows, String(active.id), String(over.id)));
  };
  const movable = rows.filter((r) => r.type !== 'root').map((r) => r.id);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: 'To move a category, press Space, then the up and down arrow keys, and Space again to drop it in that place. Escape cancels.' } }}
    >
      <SortableContext items={movable} strategy={verticalListSortingStrategy}>
        <ul className="tags-list tags-tree" aria-label="Category tree">
          {rows.map((row) => (
            <TreeRow key={row.id} row={row}>
              {(handle) =>
                renderRow(row, {
                  depth: row.depth,
                  handle,
                  controls:
                    row.type === 'root' ? null : (
                      <span className="tags-moves" role="group" aria-label={`Move ${row.name}`}>
                        <button type="button" className="tags-icon" aria-label={`Move ${row.name} up`} disabled={busy || !step(rows, row.id, -1)} onClick={() => onMove(row.id, step(rows, row.id, -1))}>↑</button>
                        <button type="button" className="tags-icon" aria-label={`Move ${row.name} down`} disabled={busy || !step(rows, row.id, 1)} onClick={() => onMove(row.id, step(rows, row.id, 1))}>↓</button>
                        <button type="button" className="tags-icon" aria-label={`Nest ${row.name} under the category above`} disabled={busy || !nest(rows, row.id)} onClick={() => onMove(row.id, nest(rows, row.id))}>→</button>
                        <button type="button" className="tags-icon" aria-label={`Move ${row.name} out of its parent`} disabled={busy || !unnest(rows, row.id)} onClick={() => onMove(row.id, unnest(rows, row.id))}>←</button>
                      </span>
                    ),
                })
              }
            </TreeRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function TreeRow({ row, children }: { row: DepthRow; children: (handle: ReactNode) => ReactNode }) {
  const root = row.type === 'root';
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: row.id, disabled: root });
  const handle = root ? (
    <span className="tags-icon tags-handle-gap" />
  ) : (
    <button type="button" className="tags-icon tags-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Drag to move ${row.name}`}>
      ⠿
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className="tags-row"
      data-tag-row={row.name}
      data-depth={row.depth}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition, marginInlineStart: `${row.depth * 1.25}rem` }}
    >
      {children(handle)}
    </li>
  );
}
