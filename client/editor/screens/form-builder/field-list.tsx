import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { placeAnnouncements, useSortSensors } from '../../ui/sortable.js';
import { CSS } from '@dnd-kit/utilities';
import { FIELD_LABELS, moveField, type DraftField } from './builder-draft.js';
import type { FieldType } from '../../../../domain/forms/field-types.js';

interface Props {
  fields: DraftField[];
  selected: string | undefined;
  errors: Record<string, string>;
  onSelect: (id: string) => void;
  onFields: (next: DraftField[]) => void;
}

const nameOf = (f: DraftField | undefined) => (f ? f.title || f.key || f.id : 'the field');

/**
 * The form's fields in order, reordered by drag-and-drop or keyboard (the handle: Space,
 * arrows, Space; Escape cancels), as the product editor's options are. A row opens its
 * properties; the remove button drops it.
 */
export function FieldList({ fields, selected, errors, onSelect, onFields }: Props) {
  const sensors = useSortSensors();
  const announcements = placeAnnouncements((id) => nameOf(fields.find((f) => f.id === id)));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onFields(moveField(fields, fields.findIndex((f) => f.id === active.id), fields.findIndex((f) => f.id === over.id)));
  };
  if (fields.length === 0) return <p className="fb-muted" data-no-fields>No fields yet. Add one below.</p>;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: 'To reorder the fields, press Space, then the up and down arrow keys, and Space again to drop. Escape cancels.' } }}>
      <SortableContext items={fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
        <ol className="fb-field-list" aria-label="Fields">
          {fields.map((field, i) => (
            <SortableField key={field.id} field={field} index={i} selected={field.id === selected} hasError={Object.keys(errors).some((k) => k.startsWith(`build.fields.${i}.`))} onSelect={() => onSelect(field.id)} onRemove={() => onFields(fields.filter((f) => f.id !== field.id))} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableField({ field, index, selected, hasError, onSelect, onRemove }: { field: DraftField; index: number; selected: boolean; hasError: boolean; onSelect: () => void; onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: field.id });
  const name = nameOf(field);
  return (
    <li ref={setNodeRef} className="fb-field" data-field={field.id} data-selected={selected || undefined} data-invalid={hasError || undefined} data-dragging={isDragging || undefined} style={{ transform: CSS.Translate.toString(transform), transition }}>
      <button type="button" className="fb-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Drag to reorder ${name}`}>
        ⠿
      </button>
      <button type="button" className="fb-field-open" aria-pressed={selected} onClick={onSelect}>
        <span className="fb-field-title">{name}</span>
        <small>
          {FIELD_LABELS[field.type as FieldType] ?? field.type}
          {field.required ? ', required' : ''}
          {hasError ? ', has a problem' : ''}
        </small>
      </button>
      <button type="button" className="fb-icon" aria-label={`Remove ${name} (field ${index + 1})`} onClick={onRemove}>
        ×
      </button>
    </li>
  );
}
