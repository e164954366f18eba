import { PAST_DUE_BANNER } from '../../../../domain/platform/plans.js';
import { trialDaysRemaining } from '../../../../domain/platform/trial.js';
import type { SubscriptionBannerProps } from '../../../../edge/pages/config/shell.js';
import { Link } from '../../router.js';
import './billing.css';

/**
 * The owner shell's banner: "N days left in your trial" (SPEC §4, counted in the site's time
 * zone at the browser's clock), on an expired site how to renew, on a past-due one (still up)
 * where to update the payment. Nothing on a paid site.
 */
export function SubscriptionBanner({ subscription, timeZone }: { subscription: SubscriptionBannerProps | undefined; timeZone: string }) {
  if (!subscription) return null;
  if (subscription.deleted) {
    return (
      <p className="billing-banner" role="alert" data-subscription-banner data-state="deleted">
        This site is deleted: visitors see a “not available” page. <Link href="/config/site-export">Restore it</Link> before it is removed for good.
      </p>
    );
  }
  if (subscription.expired) {
    return (
      <p className="billing-banner" role="alert" data-subscription-banner data-state="expired">
        This site has expired: visitors see a “not available” page. <Link href={subscription.upgradeUrl}>Renew your plan</Link> to bring it back as it was.
      </p>
    );
  }
  if (subscription.state === 2) {
    return (
      <p className="billing-banner" role="status" data-subscription-banner data-state="past-due">
        {PAST_DUE_BANNER} <Link href="/config/billing">Update your payment</Link>
      </p>
    );
  }
  if (subscription.state !== 3 || subscription.trialEndsOn === null) return null;
  const days = trialDaysRemaining(subscription.trialEndsOn, Date.now(), timeZone);
  return (
    <p className="billing-banner" data-subscription-banner data-state="trial">
      {days} {days === 1 ? 'day' : 'days'} left in your trial. <Link href={subscription.upgradeUrl}>Upgrade</Link>
    </p>
  );
}
