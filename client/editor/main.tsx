// Before any schema is built (zod-config.ts says why).
import './zod-config.js';
import { createRoot } from 'react-dom/client';
import { OwnerShell, type OwnerShellProps } from './owner-shell.js';
import './ui/ui.css';

/**
 * The owner's app, a separate Vite entry loaded only by /config/ pages (never by the
 * storefront). It takes over the server-rendered frame in #owner-app: navigation, routing
 * and every owner screen (owner-shell.tsx). docs/owner-app.md describes it.
 */
const mount = document.getElementById('owner-app');
const raw = mount?.getAttribute('data-props');
if (mount && raw) {
  const props = JSON.parse(raw) as OwnerShellProps;
  createRoot(mount).render(<OwnerShell {...props} />);
}

