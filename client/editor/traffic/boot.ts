import { mountTrafficCharts } from './charts.js';

// Entry for the owner app on /config/traffic.
if (document.readyState === 'loading') addEventListener('DOMContentLoaded', () => mountTrafficCharts(), { once: true });
else mountTrafficCharts();
