import { createRoot } from 'react-dom/client';
import type { MountIsland } from '../../runtime/island.js';
import { CheckoutForm } from './checkout-form.js';

/** `data-island="checkout"` on /checkout (eager): prop currency. */
const mount: MountIsland = (el, props) => {
  createRoot(el).render(<CheckoutForm currency={typeof props.currency === 'string' ? props.currency : 'USD'} />);
};
export default mount;
