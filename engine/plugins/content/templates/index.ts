/**
 * The .html templates of this folder as strings, so they load in Workers
 * (no fs at run time). Generated from the .html files, which stay the source;
 * templates.test.ts fails when the two differ.
 */

/** audio-player.html */
export const AUDIO_PLAYER_TEMPLATE = "<script>Y.use('squarespace-audio-player-frontend');</script>\n<div class=\"squarespace-audio-player\" data-audio-asset-url=\"{structuredContent.audioAssetUrl|htmlattr}\" data-item-id=\"{id|htmlattr}\" id=\"audio-player-{id|htmlattr}\"></div>\n";
