import { startTraffic } from './index.js';

// Entry for the page runtime: start once the body (and its data attributes) exists.
if (document.readyState === 'loading') addEventListener('DOMContentLoaded', startTraffic, { once: true });
else startTraffic();
