import { useEffect, useState } from 'react';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { Button } from '../../ui/button.js';
import { TextField } from '../../ui/fields.js';
import { useToast } from '../../ui/toast.js';
import type { Area } from './types.js';

/** The typed teaser field: empty protects the whole page, else 0 to 100 sections. */
const teaserValue = (text: string): number | null | undefined => {
  if (text.trim() === '') return null;
  return /^\d{1,3}$/.test(text.trim()) && Number(text) <= 100 ? Number(text) : undefined;
};

/**
 * The area's teaser settings: for each protected page, how many of its first sections every
 * visitor sees before the 'members only' divider (protected content, 105); empty protects the
 * whole page (paywall 107). Saved with the area's version (If-Match): a 409 says someone saved first.
 */
export function TeaserSettings({ area, onSaved }: { area: Area; onSaved: () => void }) {
  const toast = useToast();
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setValues(Object.fromEntries(area.pages.map((p) => [p.pageId, p.teaserSections === null ? '' : String(p.teaserSections)])));
    setError('');
  }, [area]);
  if (area.pages.length === 0) return null;

  const save = async () => {
    const pages = area.pages.map((p) => ({ pageId: p.pageId, teaserSections: teaserValue(values[p.pageId] ?? '') }));
    if (pages.some((p) => p.teaserSections === undefined)) return setError('Enter a number of sections from 0 to 100, or leave it empty.');
    setBusy(true);
    setError('');
    try {
      const versioned: typeof fetch = (path, init) => fetch(path, { ...init, headers: { ...(init?.headers as Record<string, string>), 'If-Match': `"${area.version}"` } });
      await ownerFetch('PUT', `/api/owner/members/areas/${encodeURIComponent(area.id)}`, { name: area.name, access: area.access, priceCents: area.priceCents, currency: area.currency, pages }, versioned);
      toast(`Teasers of ${area.name} saved.`);
      onSaved();
    } catch (e) {
      setError(e instanceof OwnerApiError ? e.message : TEXT.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="member-teasers-title" className="member-teasers">
      <h3 id="member-teasers-title">Teasers</h3>
      <p>How many of a page's first sections every visitor sees before the members-only part. Leave it empty to keep the whole page for members.</p>
      {area.pages.map((p) => (
        <TextField
          key={p.pageId}
          label={`Teaser sections of ${p.title}`}
          inputMode="numeric"
          value={values[p.pageId] ?? ''}
          onChange={(e) => setValues((now) => ({ ...now, [p.pageId]: e.target.value }))}
        />
      ))}
      {error ? <p role="alert">{error}</p> : null}
      <Button busy={busy} onClick={() => void save()}>
        Save teasers
      </Button>
    </section>
  );
}
