import { EXTRA_LIMITS } from '../../../../../domain/catalog/product-extras.js';
import { Checkbox, Switch, TextField } from '../../../ui/fields.js';
import { flagOf, objectOf, textOf, type PanelProps } from './panel-values.js';

const KEYS = ['customSoldOutText', 'scarcityEnabled', 'scarcityText', 'scarcityShownByDefault', 'restockNotificationsEnabled', 'mailingListSignUpEnabled', 'mailingListOptInByDefault'] as const;

/** SPEC §3 merchandising: sold-out text, the low-stock (scarcity) message, the back-in-stock form and its mailing-list box. */
export function MerchandisingPanel({ product, change, errors, disabled }: PanelProps) {
  const stored = objectOf(product.merchandising);
  const m = Object.fromEntries(KEYS.filter((k) => k in stored).map((k) => [k, stored[k]]));
  const set = (patch: Record<string, unknown>) => change({ merchandising: { ...m, ...patch } });
  return (
    <div className="product-extra-panel" data-panel="merchandising">
      <TextField
        label="Sold-out text"
        placeholder="sold out"
        maxLength={EXTRA_LIMITS.soldOutText}
        disabled={disabled}
        value={textOf(m.customSoldOutText)}
        onChange={(e) => set({ customSoldOutText: e.currentTarget.value })}
        error={errors['merchandising.customSoldOutText']}
      />
      <Switch checked={flagOf(m.scarcityEnabled)} disabled={disabled} onChange={(next) => set({ scarcityEnabled: next })}>
        Show a message when stock is low
      </Switch>
      {flagOf(m.scarcityEnabled) ? (
        <>
          <TextField
            label="Low-stock message"
            hint="{0} is the number left."
            placeholder="Only {0} left"
            maxLength={EXTRA_LIMITS.scarcityText}
            disabled={disabled}
            value={textOf(m.scarcityText)}
            onChange={(e) => set({ scarcityText: e.currentTarget.value })}
            error={errors['merchandising.scarcityText']}
          />
          <Checkbox label="Show it before a variant is chosen" disabled={disabled} checked={flagOf(m.scarcityShownByDefault)} onChange={(e) => set({ scarcityShownByDefault: e.currentTarget.checked })} />
        </>
      ) : null}
      <Switch checked={flagOf(m.restockNotificationsEnabled)} disabled={disabled} onChange={(next) => set({ restockNotificationsEnabled: next })}>
        Offer back-in-stock emails when sold out
      </Switch>
      {flagOf(m.restockNotificationsEnabled) ? (
        <>
          <Checkbox label="Offer to join the mailing list" disabled={disabled} checked={flagOf(m.mailingListSignUpEnabled)} onChange={(e) => set({ mailingListSignUpEnabled: e.currentTarget.checked })} />
          {flagOf(m.mailingListSignUpEnabled) ? (
            <Checkbox label="Ticked by default" disabled={disabled} checked={flagOf(m.mailingListOptInByDefault)} onChange={(e) => set({ mailingListOptInByDefault: e.currentTarget.checked })} />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
