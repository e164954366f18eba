import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { fillText, type StoreTexts } from '../../../domain/languages/store-texts.js';
import { placesApi, type PlaceAddress, type PlacePrediction } from './places-api.js';

/** Wait this long after the last keystroke before asking for suggestions. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 250;
/** Fewer characters match too much to be useful. */
const MIN_INPUT = 2;

export interface AddressAutocompleteProps {
  id: string;
  label: string;
  value: string;
  country: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  /** A suggestion was chosen; `street` is what the address line should now hold. */
  onChoose: (place: PlaceAddress, street: string) => void;
  /** The store's words in the page's language (the list's name and the live count). */
  texts: StoreTexts;
  /** The page's language when not English: the suggestions name countries in it. */
  locale?: string | undefined;
}

/** The typed street before the last comma ("12 Main St, Portl" → "12 Main St"). */
function typedStreet(text: string): string {
  const comma = text.lastIndexOf(',');
  return comma < 0 ? '' : text.slice(0, comma).trim();
}

/**
 * The address line as an ARIA 1.2 combobox with a listbox popup: suggestions
 * come as the shopper types (debounced), ArrowDown/ArrowUp move, Enter or a click chooses,
 * Escape closes. Any failure only hides the list: the field stays a plain text input.
 */
export function AddressAutocomplete({ id, label, value, country, error, onChange, onChoose, texts: t, locale }: AddressAutocompleteProps) {
  const listId = `${useId().replace(/:/g, '')}-places`;
  const [items, setItems] = useState<PlacePrediction[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  // Set while the shopper types, so filling the field from a choice does not search again.
  const [query, setQuery] = useState('');
  const session = useRef(crypto.randomUUID());

  useEffect(() => {
    const input = query.trim();
    if (input.length < MIN_INPUT) {
      setItems([]);
      return;
    }
    const abort = new AbortController();
    const timer = window.setTimeout(() => {
      placesApi.autocomplete(input, country, session.current, abort.signal, locale).then(
        (found) => {
          setItems(found);
          setActive(-1);
        },
        // Errors are swallowed: typing still works without suggestions.
        () => abort.signal.aborted || setItems([]),
      );
    }, AUTOCOMPLETE_DEBOUNCE_MS);
    return () => {
      abort.abort();
      window.clearTimeout(timer);
    };
  }, [query, country, locale]);

  const shown = open && items.length > 0;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  async function choose(item: PlacePrediction) {
    const street = typedStreet(value);
    close();
    setQuery('');
    setItems([]);
    try {
      const place = await placesApi.details(item.placeId, session.current, locale);
      onChoose(place, place.addressLine1 || street);
    } catch {
      // Swallowed like suggestion failures: the shopper fills the fields by hand.
    } finally {
      // One billed session per typed address (Google Places): the next address starts another.
      session.current = crypto.randomUUID();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && items.length) {
      event.preventDefault();
      setOpen(true);
      setActive((at) => (shown ? (at + 1) % items.length : 0));
    } else if (event.key === 'ArrowUp' && items.length) {
      event.preventDefault();
      setOpen(true);
      setActive((at) => (at <= 0 ? items.length - 1 : at - 1));
    } else if (event.key === 'Enter' && shown && items[active]) {
      // Choosing must not submit the checkout form.
      event.preventDefault();
      void choose(items[active]);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      close();
    }
  }

  return (
    <div className="field address-autocomplete">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        type="text"
        role="combobox"
        autoComplete="address-line1"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setQuery(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <ul className="address-suggestions" id={listId} role="listbox" aria-label={fillText(t.suggestions, { label })} hidden={!shown}>
        {shown
          ? items.map((item, i) => (
              <li
                key={item.placeId}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'is-active' : undefined}
                // Keeps focus in the input, so the blur does not close the list before the click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => void choose(item)}
                onMouseMove={() => setActive(i)}
              >
                <strong>{item.mainText}</strong> <span>{item.secondaryText}</span>
              </li>
            ))
          : null}
      </ul>
      <p className="sr-only" role="status">{shown ? fillText(t.suggestionsFound, { count: items.length }) : ''}</p>
      {error ? <p className="field-error" id={`${id}-error`}>{error}</p> : null}
    </div>
  );
}
