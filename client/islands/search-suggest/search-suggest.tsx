import { useEffect, useRef, useState } from 'react';

/** One row of `GET /api/search/suggest` (edge/api/search.ts). */
export interface Suggestion {
  title: string;
  url: string;
  kind: 'product' | 'post';
  price?: { value: string; currency: string };
  image?: string;
}

export interface SearchSuggestProps {
  input: HTMLInputElement;
  url: string;
  listId: string;
}

/** Wait this long after the last keystroke before asking the server. */
export const SUGGEST_DEBOUNCE_MS = 150;

function formatPrice(price: Suggestion['price']): string {
  if (!price) return '';
  try {
    return new Intl.NumberFormat(document.documentElement.lang || 'en-US', { style: 'currency', currency: price.currency }).format(Number(price.value));
  } catch {
    return `${price.value} ${price.currency}`;
  }
}

/**
 * Suggestions under the header search box as the visitor types (a combobox listbox over
 * the server-rendered input, which keeps working as a plain GET form). Arrow keys move
 * through the list, Enter opens the highlighted match, Escape closes the list.
 */
export function SearchSuggest({ input, url, listId }: SearchSuggestProps) {
  const [query, setQuery] = useState(input.value.trim());
  const [items, setItems] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef({ items, active });
  latest.current = { items, active };

  useEffect(() => {
    const onInput = () => {
      setQuery(input.value.trim());
      setOpen(true);
    };
    const onKey = (event: KeyboardEvent) => {
      const { items: list, active: at } = latest.current;
      if (event.key === 'ArrowDown' && list.length) {
        event.preventDefault();
        setOpen(true);
        setActive((at + 1) % list.length);
      } else if (event.key === 'ArrowUp' && list.length) {
        event.preventDefault();
        setActive(at <= 0 ? list.length - 1 : at - 1);
      } else if (event.key === 'Escape') {
        setOpen(false);
        setActive(-1);
      } else if (event.key === 'Enter' && at >= 0 && list[at]) {
        event.preventDefault();
        window.location.assign(list[at].url);
      }
    };
    // A click on a suggestion lands before the blur closes the list.
    const onBlur = () => window.setTimeout(() => setOpen(false), 150);
    input.addEventListener('input', onInput);
    input.addEventListener('keydown', onKey);
    input.addEventListener('blur', onBlur);
    input.addEventListener('focus', onInput);
    return () => {
      input.removeEventListener('input', onInput);
      input.removeEventListener('keydown', onKey);
      input.removeEventListener('blur', onBlur);
      input.removeEventListener('focus', onInput);
    };
  }, [input]);

  useEffect(() => {
    if (!query) {
      setItems([]);
      return;
    }
    const abort = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const res = await fetch(`${url}?q=${encodeURIComponent(query)}`, { signal: abort.signal, headers: { Accept: 'application/json' } });
        if (!res.ok) throw new Error(`suggest ${res.status}`);
        const body = (await res.json()) as { suggestions?: Suggestion[] };
        setItems(body.suggestions ?? []);
        setFailed(false);
        setActive(-1);
      } catch (error) {
        if (!abort.signal.aborted) setFailed(true);
      }
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      abort.abort();
      window.clearTimeout(timer);
    };
  }, [query, url]);

  const shown = open && query.length > 0 && (items.length > 0 || failed);
  useEffect(() => {
    input.setAttribute('aria-expanded', String(shown));
    if (shown && active >= 0) input.setAttribute('aria-activedescendant', `${listId}-${active}`);
    else input.removeAttribute('aria-activedescendant');
  }, [input, shown, active, listId]);

  if (!shown) return null;
  return (
    <ul className="search-suggestions" id={listId} role="listbox" aria-label="Suggestions">
      {failed && items.length === 0 ? (
        // SPEC §8 general interface text.
        <li className="search-suggestion-error" role="option" aria-disabled="true" aria-selected="false">
          Unable to load results
        </li>
      ) : (
        items.map((item, i) => (
          <li key={item.url} id={`${listId}-${i}`} role="option" aria-selected={i === active} className={i === active ? 'is-active' : undefined}>
            <a href={item.url} onMouseDown={(event) => event.preventDefault()}>
              {item.image ? <img src={item.image} alt="" width={40} height={40} loading="lazy" /> : null}
              <span className="search-suggestion-title">{item.title}</span>
              {item.price ? <span className="search-suggestion-price">{formatPrice(item.price)}</span> : null}
            </a>
          </li>
        ))
      )}
    </ul>
  );
}
