import { useEffect, useState } from 'react';
import { ownerFetch } from '../../api.js';
import { Button } from '../../ui/button.js';
import { FilePickerDialog } from '../files/file-picker.js';
import './pages.css';

/** Where search engines usually cut a result's title and description (characters). */
export const SERP_TITLE_LENGTH = 60;
export const SERP_DESCRIPTION_LENGTH = 160;
/** How long the slug field rests before its text is checked. */
const SLUG_CHECK_MS = 400;

/** `text` cut at a word before `max` characters, with an ellipsis when it was longer. */
export function truncateAt(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

export type SlugCheck = { state: 'idle' | 'checking' } | { state: 'free'; slug: string } | { state: 'taken'; slug: string; message: string };

/**
 * The live check of a typed slug (GET /api/pages/slug-check), once the text has rested
 * SLUG_CHECK_MS: free, or taken/invalid with the message a save would answer (SPEC §5's
 * '{val} is not a valid page URL' among them). `pageId`: the page that may keep its own slug.
 */
export function useSlugCheck(slug: string, pageId: string | undefined, skip: boolean): SlugCheck {
  const [check, setCheck] = useState<SlugCheck>({ state: 'idle' });
  useEffect(() => {
    if (skip || slug.trim() === '') {
      setCheck({ state: 'idle' });
      return;
    }
    let live = true;
    setCheck({ state: 'checking' });
    const timer = setTimeout(() => {
      const query = new URLSearchParams({ slug: slug.trim(), ...(pageId ? { page: pageId } : {}) });
      ownerFetch<{ slug: string; available: boolean; message: string | null }>('GET', `/api/pages/slug-check?${query}`).then(
        (answer) => live && setCheck(answer.available ? { state: 'free', slug: answer.slug } : { state: 'taken', slug: answer.slug, message: answer.message ?? '' }),
        // No answer: the save checks again, so say nothing rather than guess.
        () => live && setCheck({ state: 'idle' }),
      );
    }, SLUG_CHECK_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [slug, pageId, skip]);
  return check;
}

/** The page as a search engine lists it: address, title and description, cut where they usually are. */
export function SearchPreview({ title, path, description }: { title: string; path: string; description: string }) {
  const host = typeof location === 'undefined' ? '' : location.host;
  return (
    <figure className="pages-serp" aria-label="Search result preview" data-search-preview>
      <p className="pages-serp-url">{[host, ...path.split('/').filter(Boolean)].join(' › ')}</p>
      <p className="pages-serp-title">{truncateAt(title, SERP_TITLE_LENGTH) || 'Untitled page'}</p>
      <p className="pages-serp-description">{description.trim() ? truncateAt(description, SERP_DESCRIPTION_LENGTH) : 'No description yet: search engines will pick some text of the page.'}</p>
    </figure>
  );
}

/** The image link previews show when the page is shared (og:image), from the file manager. */
export function SocialImageField({ value, onChange }: { value: string; onChange: (src: string) => void }) {
  const [picking, setPicking] = useState(false);
  return (
    <div className="pages-social" role="group" aria-label="Social image">
      <span className="pages-social-label">Social image</span>
      {value ? <img className="pages-thumb" src={value} alt="" /> : <p className="pages-hint">None: link previews show no picture.</p>}
      <div className="pages-social-actions">
        <Button variant="secondary" onClick={() => setPicking(true)}>{value ? 'Replace social image' : 'Choose social image'}</Button>
        {value ? <Button variant="secondary" onClick={() => onChange('')}>Remove social image</Button> : null}
      </div>
      <FilePickerDialog open={picking} title="Choose a social image" onClose={() => setPicking(false)} onPick={(file) => onChange(file.url ?? '')} />
    </div>
  );
}
