import { closestCenter, DndContext, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useSortSensors } from '../../ui/sortable.js';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button.js';
import { CellInput, TokenInput } from './editor-parts.js';
import { blankVariant, freshKey, generateVariants, moveItem, type DraftImage, type DraftOption, type DraftVariant, type TypeName } from './product-draft.js';

interface Props {
  type: TypeName;
  currency: string;
  options: DraftOption[];
  variants: DraftVariant[];
  images: DraftImage[];
  errors: Record<string, string>;
  disabled: boolean;
  onOptions: (next: DraftOption[]) => void;
  onVariants: (next: DraftVariant[]) => void;
  /** Opens the stock dialog (adjust with a reason, set, history) of a saved variant. */
  onStock?: (variantId: string) => void;
}

/**
 * Options and variants. Physical products and services: options (name and values, ordered
 * by drag-and-drop or keyboard), 'Generate variants' (every combination; variants whose
 * values match are kept), and per variant sku, price, sale price, on sale, stock of a new
 * variant or unlimited, weight and image. Gift cards: denominations (a sku and a price
 * each). Digital products: one variant's sku and prices.
 */
export function VariantsPanel(props: Props) {
  const { type, options, variants, errors, disabled, onOptions, onVariants } = props;
  const hasOptions = type === 'physical' || type === 'service';
  return (
    <section className="prod-section" aria-labelledby="prod-variants-title">
      <h2 id="prod-variants-title">{type === 'giftCard' ? 'Denominations' : type === 'digital' ? 'Price' : 'Options and variants'}</h2>
      {errors.variants ? <p className="ui-field-error" data-field-error data-path="variants" tabIndex={-1}>{errors.variants}</p> : null}
      {hasOptions ? <OptionsEditor options={options} disabled={disabled} errors={errors} onOptions={onOptions} onGenerate={() => onVariants(generateVariants(options, variants))} /> : null}
      <VariantsTable {...props} />
      {type === 'giftCard' ? (
        <Button variant="secondary" disabled={disabled || variants.length >= 250} onClick={() => onVariants([...variants, blankVariant()])}>
          Add denomination
        </Button>
      ) : null}
    </section>
  );
}

function OptionsEditor({ options, disabled, errors, onOptions, onGenerate }: { options: DraftOption[]; disabled: boolean; errors: Record<string, string>; onOptions: (next: DraftOption[]) => void; onGenerate: () => void }) {
  const sensors = useSortSensors();
  const label = (id: string | number | undefined) => options.find((o) => o.key === id)?.name || 'the option';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up option ${label(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${label(active.id)} is over ${label(over.id)}.` : `${label(active.id)} is no longer over a place.`),
    onDragEnd: ({ active, over }) => (over ? `${label(active.id)} was dropped at ${label(over.id)}'s place.` : `${label(active.id)} was dropped where it was.`),
    onDragCancel: ({ active }) => `Moving ${label(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onOptions(moveItem(options, options.findIndex((o) => o.key === active.id), options.findIndex((o) => o.key === over.id)));
  };
  const update = (i: number, patch: Partial<DraftOption>) => onOptions(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  return (
    <div className="prod-options">
      <h3>Options</h3>
      {errors.variantOptionOrdering ? <p className="ui-field-error" data-field-error data-path="variantOptionOrdering" tabIndex={-1}>{errors.variantOptionOrdering}</p> : null}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: 'To reorder the options, press Space, then the up and down arrow keys, and Space again to drop. Escape cancels.' } }}>
        <SortableContext items={options.map((o) => o.key)} strategy={verticalListSortingStrategy}>
          <ol className="prod-option-list" aria-label="Options">
            {options.map((option, i) => (
              <SortableOption key={option.key} id={option.key} name={option.name || `option ${i + 1}`} disabled={disabled}>
                <label className="ui-field prod-option-name">
                  <span>Option name</span>
                  <input value={option.name} maxLength={50} disabled={disabled} data-path={`variantOptionOrdering.${i}`} onChange={(e) => update(i, { name: e.currentTarget.value })} />
                  {errors[`variantOptionOrdering.${i}`] ? <small className="ui-field-error" data-field-error>{errors[`variantOptionOrdering.${i}`]}</small> : null}
                </label>
                <TokenInput label={`Values of ${option.name || `option ${i + 1}`}`} values={option.values} maxLength={100} path={`options.${i}.values`} disabled={disabled} onChange={(values) => update(i, { values })} />
                <button type="button" className="prod-icon" aria-label={`Remove option ${option.name || i + 1}`} disabled={disabled} onClick={() => onOptions(options.filter((_, j) => j !== i))}>
                  ×
                </button>
              </SortableOption>
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div className="prod-row">
        <Button variant="secondary" disabled={disabled || options.length >= 6} onClick={() => onOptions([...options, { key: freshKey('o'), name: '', values: [] }])}>
          Add option
        </Button>
        <Button variant="secondary" disabled={disabled || !options.some((o) => o.name.trim() && o.values.length)} onClick={onGenerate}>
          Generate variants
        </Button>
      </div>
    </div>
  );
}

function SortableOption({ id, name, disabled, children }: { id: string; name: string; disabled: boolean; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  return (
    <li ref={setNodeRef} className="prod-option" data-option={name} data-dragging={isDragging || undefined} style={{ transform: CSS.Translate.toString(transform), transition }}>
      <button type="button" className="prod-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Drag to reorder ${name}`}>
        ⠿
      </button>
      {children}
    </li>
  );
}

/** "S / White" for a variant with options, "Variant 2" otherwise. */
function variantName(v: DraftVariant, names: readonly string[], index: number, type: TypeName): string {
  if (type === 'giftCard') return `denomination ${index + 1}`;
  const values = names.map((n) => v.attributes[n]).filter(Boolean);
  return values.length ? values.join(' / ') : names.length ? `variant ${index + 1}` : 'the product';
}

function VariantsTable({ type, currency, options, variants, images, errors, disabled, onVariants, onStock }: Props) {
  const names = type === 'physical' || type === 'service' ? options.map((o) => o.name.trim()).filter(Boolean) : [];
  const optionColumns = names.filter((n) => variants.some((v) => v.attributes[n] !== undefined));
  const stocked = type === 'physical' || type === 'service';
  const sale = type !== 'giftCard';
  const update = (i: number, patch: Partial<DraftVariant>) => onVariants(variants.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  const err = (i: number, field: string) => errors[`variants.${i}.${field}`];
  return (
    <div className="prod-table-wrap" role="region" aria-label="Variants" tabIndex={0}>
      <table className="prod-variants">
        <thead>
          <tr>
            {optionColumns.map((n) => (
              <th key={n} scope="col">{n}</th>
            ))}
            <th scope="col">SKU</th>
            <th scope="col">Price ({currency})</th>
            {sale ? <th scope="col">Sale price</th> : null}
            {sale ? <th scope="col">On sale</th> : null}
            {stocked ? <th scope="col">Stock</th> : null}
            {type === 'physical' ? <th scope="col">Weight (g)</th> : null}
            {images.length ? <th scope="col">Image</th> : null}
            {type === 'giftCard' || variants.length > 1 ? <th scope="col"><span className="prod-sr">Remove</span></th> : null}
          </tr>
        </thead>
        <tbody>
          {variants.map((v, i) => {
            const who = variantName(v, optionColumns, i, type);
            return (
              <tr key={v.key} data-variant={who}>
                {optionColumns.map((n) => (
                  <td key={n}>{v.attributes[n] ?? ''}</td>
                ))}
                <td>
                  <CellInput label={`SKU of ${who}`} value={v.sku} maxLength={64} disabled={disabled} path={`variants.${i}.sku`} error={err(i, 'sku') ?? err(i, 'attributes') ?? err(i, 'id')} onChange={(e) => update(i, { sku: e.currentTarget.value })} />
                </td>
                <td>
                  <CellInput label={`Price of ${who}`} inputMode="decimal" value={v.price} maxLength={40} disabled={disabled} path={`variants.${i}.price`} error={err(i, 'price')} onChange={(e) => update(i, { price: e.currentTarget.value })} />
                </td>
                {sale ? (
                  <td>
                    <CellInput label={`Sale price of ${who}`} inputMode="decimal" value={v.salePrice} maxLength={40} disabled={disabled} path={`variants.${i}.salePrice`} error={err(i, 'salePrice')} onChange={(e) => update(i, { salePrice: e.currentTarget.value })} />
                  </td>
                ) : null}
                {sale ? (
                  <td>
                    <CellInput label={`${who} is on sale`} type="checkbox" checked={v.onSale} disabled={disabled} path={`variants.${i}.onSale`} error={err(i, 'onSale')} onChange={(e) => update(i, { onSale: e.currentTarget.checked })} />
                  </td>
                ) : null}
                {stocked ? (
                  <td className="prod-stock">
                    {v.id ? (
                      <span className="prod-stock-now">
                        <span data-stock-now>{v.unlimited ? 'Unlimited' : `${v.stockNow ?? 0} in stock`}</span>
                        {onStock && !v.unlimited ? (
                          <Button variant="secondary" disabled={disabled} aria-label={`Adjust stock of ${who}`} onClick={() => onStock(v.id!)}>
                            Adjust
                          </Button>
                        ) : null}
                      </span>
                    ) : v.unlimited ? null : (
                      <CellInput label={`Stock of ${who}`} inputMode="numeric" value={v.qtyInStock} disabled={disabled} path={`variants.${i}.qtyInStock`} error={err(i, 'qtyInStock')} onChange={(e) => update(i, { qtyInStock: e.currentTarget.value })} />
                    )}
                    <label className="ui-check">
                      <input type="checkbox" checked={v.unlimited} disabled={disabled} onChange={(e) => update(i, { unlimited: e.currentTarget.checked })} />
                      <span>Unlimited<span className="prod-sr"> stock of {who}</span></span>
                    </label>
                  </td>
                ) : null}
                {type === 'physical' ? (
                  <td>
                    <CellInput label={`Weight of ${who} in grams`} inputMode="numeric" value={v.weightGrams} disabled={disabled} path={`variants.${i}.weightGrams`} error={err(i, 'weightGrams')} onChange={(e) => update(i, { weightGrams: e.currentTarget.value })} />
                  </td>
                ) : null}
                {images.length ? (
                  <td>
                    <select aria-label={`Image of ${who}`} value={v.imageAssetId ?? ''} disabled={disabled} data-path={`variants.${i}.imageAssetId`} onChange={(e) => update(i, { imageAssetId: e.currentTarget.value || null })}>
                      <option value="">Product’s main image</option>
                      {images.map((img, n) => (
                        <option key={img.assetId} value={img.assetId}>{`${n + 1}. ${img.altText || img.fileName}`}</option>
                      ))}
                    </select>
                    {err(i, 'imageAssetId') ? <small className="ui-field-error" data-field-error>{err(i, 'imageAssetId')}</small> : null}
                  </td>
                ) : null}
                {type === 'giftCard' || variants.length > 1 ? (
                  <td>
                    <button type="button" className="prod-icon" aria-label={`Remove ${who}`} disabled={disabled || variants.length === 1} onClick={() => onVariants(variants.filter((_, j) => j !== i))}>
                      ×
                    </button>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
