/** Digital downloads: signed expiring links to an order's files in R2, counted. */
export { checkDownloadLink, downloadLinkSecret, downloadPath } from './links.js';
export { downloadSettings, grantExpiresOn, grantStatements, newGrants, orderDownloads } from './grants.js';
export { countDownload, grantFile, type DownloadFile } from './take.js';
