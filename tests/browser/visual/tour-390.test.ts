import { pageTour } from './tour.js';

// Every storefront page type at 390 px, loaded once: see tour.ts for what each load checks.
pageTour({ width: 390, overflow: true, look: true });
