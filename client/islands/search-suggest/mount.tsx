import { renderIsland } from '../../runtime/render-island.js';
import type { MountIsland } from '../../runtime/island.js';
import { SearchSuggest } from './search-suggest.js';

/**
 * `data-island="search-suggest"` on the header's search form: the form and its input stay
 * the server's (a plain GET to /search); the island adds the suggestion list beneath.
 */
const mount: MountIsland = (el) => {
  const input = el.querySelector<HTMLInputElement>('input[name=q]');
  const url = el.dataset.suggestUrl;
  if (!input || !url) return;
  const listId = `${input.id || 'search'}-suggestions`;
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', listId);
  input.setAttribute('aria-expanded', 'false');
  const host = document.createElement('div');
  host.className = 'search-suggest';
  el.append(host);
  renderIsland(host, <SearchSuggest input={input} url={url} listId={listId} />);
};
export default mount;
