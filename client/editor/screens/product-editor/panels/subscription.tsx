import { EXTRA_MESSAGES } from '../../../../../domain/catalog/product-extras.js';
import { PERIOD_UNITS, PLAN_LIMITS, subscriptionWording, UNAVAILABLE_WORDING, type PeriodUnit } from '../../../../../domain/commerce/subscription-wording.js';
import { SelectField, Switch, TextField } from '../../../ui/fields.js';
import { flagOf, objectOf, type PanelProps } from './panel-values.js';

const UNIT_LABELS: Record<PeriodUnit, string> = { WEEK: 'Weeks', MONTH: 'Months', YEAR: 'Years' };
const DEFAULT_PLAN = { billingPeriodValue: 1, billingPeriodUnit: 'MONTH', numBillingCycles: 0 };

/**
 * Sold as a subscription (SPEC §3 isSubscribable, subscriptionPlan): the billing period and the
 * number of payments (0 until cancelled), with the storefront's SPEC §9 wording as a preview.
 */
export function SubscriptionPanel({ product, change, errors, disabled }: PanelProps) {
  const on = flagOf(product.isSubscribable);
  const plan = { ...DEFAULT_PLAN, ...objectOf(product.subscriptionPlan) } as { billingPeriodValue: number; billingPeriodUnit: string; numBillingCycles: number };
  const set = (patch: Partial<typeof plan>) => change({ subscriptionPlan: { ...plan, ...patch } });
  const wording = subscriptionWording({ billingPeriod: { value: plan.billingPeriodValue, unit: plan.billingPeriodUnit as PeriodUnit }, numBillingCycles: plan.numBillingCycles });
  return (
    <div className="product-extra-panel" data-panel="subscription">
      <Switch checked={on} disabled={disabled} onChange={(next) => change(next ? { isSubscribable: true, subscriptionPlan: plan } : { isSubscribable: false })}>
        Sell as a subscription
      </Switch>
      {errors.isSubscribable ? <p className="ui-field-error" role="alert">{errors.isSubscribable}</p> : null}
      {on ? (
        <>
          <TextField
            label="Bill every"
            type="number"
            min={1}
            max={PLAN_LIMITS.maxPeriodValue}
            step={1}
            disabled={disabled}
            value={Number.isFinite(plan.billingPeriodValue) ? String(plan.billingPeriodValue) : ''}
            onChange={(e) => set({ billingPeriodValue: e.currentTarget.value === '' ? Number.NaN : Number(e.currentTarget.value) })}
            error={errors['subscriptionPlan.billingPeriodValue'] ?? errors.subscriptionPlan}
          />
          <SelectField
            label="Period"
            disabled={disabled}
            value={plan.billingPeriodUnit}
            options={PERIOD_UNITS.map((u) => ({ value: u, label: UNIT_LABELS[u] }))}
            onChange={(e) => set({ billingPeriodUnit: e.currentTarget.value })}
          />
          {errors['subscriptionPlan.billingPeriodUnit'] ? <p className="ui-field-error">{errors['subscriptionPlan.billingPeriodUnit']}</p> : null}
          <TextField
            label="Number of payments"
            hint="0 bills until the shopper cancels."
            type="number"
            min={0}
            max={PLAN_LIMITS.maxBillingCycles}
            step={1}
            disabled={disabled}
            value={Number.isFinite(plan.numBillingCycles) ? String(plan.numBillingCycles) : ''}
            onChange={(e) => set({ numBillingCycles: e.currentTarget.value === '' ? Number.NaN : Number(e.currentTarget.value) })}
            error={errors['subscriptionPlan.numBillingCycles']}
          />
          <p className="product-extra-preview" data-preview="subscription" aria-live="polite">
            {wording === UNAVAILABLE_WORDING ? EXTRA_MESSAGES.periodValue : `Shoppers see: price ${wording}`}
          </p>
        </>
      ) : null}
    </div>
  );
}
