/** Digital downloads (issue 10): signed expiring links to an order's files in R2, counted. */
export { checkDownloadLink, downloadLinkSecret, downloadPath, DOWNLOAD_PATH, type LinkCheck } from './links.js';
export { DEFAULT_DOWNLOAD_SETTINGS, downloadSettings, grantStatements, newGrants, orderDownloads, type DownloadSettings, type NewGrant, type OrderDownload } from './grants.js';
export { countDownload, grantFile, type DownloadAnswer, type DownloadFile } from './take.js';
