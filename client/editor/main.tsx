import { createRoot } from 'react-dom/client';
import { OwnerShell, type OwnerShellProps } from './owner-shell.js';
import './ui/ui.css';

/**
 * The owner's app, a separate Vite entry loaded only by /config/ pages (never by the
 * storefront). It takes over the server-rendered frame in #owner-app: navigation, routing
 * and the screens it draws itself (owner-shell.tsx); other screens stay server-rendered
 * and show inside its frame. docs/owner-app.md describes it.
 */
const mount = document.getElementById('owner-app');
const raw = mount?.getAttribute('data-props');
if (mount && raw) {
  const props = JSON.parse(raw) as OwnerShellProps;
  createRoot(mount).render(<OwnerShell {...props} />);
}

// /config/traffic: uPlot and its stylesheet are their own lazily loaded chunk, fetched only
// by the screen that has charts. Without them the screen's tables still say everything.
if (document.querySelector('[data-traffic-charts]')) {
  import('./traffic/charts.js')
    .then(({ mountTrafficCharts }) => mountTrafficCharts())
    .catch((error: unknown) => console.warn('traffic charts failed to load:', error));
}
