import { EXTRA_LIMITS } from '../../../../../domain/catalog/product-extras.js';
import { Switch, TextField } from '../../../ui/fields.js';
import { flagOf, textOf, type PanelProps } from './panel-values.js';

/** The add button's own text (SPEC §3 useCustomAddButtonText, customAddButtonText) instead of 'Add To Cart'. */
export function ButtonTextPanel({ product, change, errors, disabled }: PanelProps) {
  const on = flagOf(product.useCustomAddButtonText);
  return (
    <div className="product-extra-panel" data-panel="button-text">
      <Switch checked={on} disabled={disabled} onChange={(next) => change({ useCustomAddButtonText: next })}>
        Use my own button text
      </Switch>
      {on ? (
        <TextField
          label="Button text"
          placeholder="Add To Cart"
          maxLength={EXTRA_LIMITS.addButtonText}
          disabled={disabled}
          value={textOf(product.customAddButtonText)}
          onChange={(e) => change({ customAddButtonText: e.currentTarget.value })}
          error={errors.customAddButtonText}
        />
      ) : null}
    </div>
  );
}
