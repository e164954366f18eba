import { pageTour } from './tour.js';

// Every storefront page type at 320 px, loaded once: see tour.ts for what each load checks.
pageTour({ width: 320, overflow: true, look: false });
