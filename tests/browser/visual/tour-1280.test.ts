import { pageTour } from './tour.js';

// Every storefront page type at 1280 px, loaded once: see tour.ts for what each load checks.
pageTour({ width: 1280, overflow: false, look: true });
