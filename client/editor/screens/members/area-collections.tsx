import { useEffect, useState } from 'react';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { Button } from '../../ui/button.js';
import { Checkbox } from '../../ui/fields.js';
import { useToast } from '../../ui/toast.js';
import type { Area, CollectionChoice } from './types.js';

/**
 * The collections an area protects (a blog, a store, a gallery: the list, its tag and
 * category lists, its feed and every item page), picked with checkboxes and saved with the
 * area's version (If-Match). A field error (a collection already in another area) shows as an alert.
 */
export function AreaCollections({ area, choices, onSaved }: { area: Area; choices: CollectionChoice[]; onSaved: () => void }) {
  const toast = useToast();
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setPicked(area.collections.map((c) => c.collectionId));
    setError('');
  }, [area]);
  if (choices.length === 0) return null;

  const save = async () => {
    setBusy(true);
    setError('');
    try {
      const versioned: typeof fetch = (path, init) => fetch(path, { ...init, headers: { ...(init?.headers as Record<string, string>), 'If-Match': `"${area.version}"` } });
      const pages = area.pages.map((p) => ({ pageId: p.pageId, teaserSections: p.teaserSections }));
      await ownerFetch('PUT', `/api/owner/members/areas/${encodeURIComponent(area.id)}`, { name: area.name, access: area.access, priceCents: area.priceCents, currency: area.currency, pages, collections: picked }, versioned);
      toast(`Collections of ${area.name} saved.`);
      onSaved();
    } catch (e) {
      setError(e instanceof OwnerApiError ? (Object.values(e.fields)[0] ?? e.message) : TEXT.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="member-collections-title" className="member-collections">
      <h3 id="member-collections-title">Collections for members only</h3>
      <p>The collection page, its tag and category lists, its feed and every item in it are for members only.</p>
      <fieldset>
        <legend>Collections of {area.name}</legend>
        {choices.map((c) => (
          <Checkbox
            key={c.id}
            label={`${c.title} (${c.fullUrl})`}
            checked={picked.includes(c.id)}
            onChange={(e) => setPicked((now) => (e.target.checked ? [...now, c.id] : now.filter((id) => id !== c.id)))}
          />
        ))}
      </fieldset>
      {error ? <p role="alert">{error}</p> : null}
      <Button busy={busy} onClick={() => void save()}>
        Save collections
      </Button>
    </section>
  );
}
