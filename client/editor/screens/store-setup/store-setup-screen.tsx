import { useEffect, useState, type FormEvent } from 'react';
import { OwnerApiError, TEXT } from '../../api.js';
import { useOwner } from '../../context.js';
import { Link } from '../../router.js';
import { Button } from '../../ui/button.js';
import { Checkbox, TextField } from '../../ui/fields.js';
import { createStore, previewSlug, type CreatedStore } from '../products/products-api.js';
import '../products/products.css';

/** SPEC §5: a title whose slug is shorter than 3 characters takes this fallback title's. */
const FALLBACK_TITLE = 'Store';

type Phase = { step: 'form' } | { step: 'creating' } | { step: 'conflict'; message: string } | { step: 'failed'; message: string } | { step: 'done'; store: CreatedStore };

/**
 * /config/store-setup: walks a new owner through store creation (SPEC §7 content-service
 * call, docs/api/catalogue.md "Store creation"): the title with the address it will get
 * (asked of the server as the owner types: the SPEC §5 slug rule with the site's taken
 * paths), the 'All products' category name, the main navigation, then the next step.
 */
export function StoreSetupScreen() {
  const { websiteId = '', siteLayout = false } = useOwner();
  const [title, setTitle] = useState('');
  const [allName, setAllName] = useState('All products');
  const [addToNav, setAddToNav] = useState(siteLayout);
  const [url, setUrl] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [phase, setPhase] = useState<Phase>({ step: 'form' });

  // The address the store would get now; a late answer to an older title is dropped.
  useEffect(() => {
    let live = true;
    previewSlug(websiteId, title, FALLBACK_TITLE).then(
      (answer) => live && setUrl(answer.fullUrl),
      () => live && setUrl(null),
    );
    return () => {
      live = false;
    };
  }, [websiteId, title]);

  const create = async (e?: FormEvent) => {
    e?.preventDefault();
    const local: Record<string, string> = {};
    if (!allName.trim()) local.allCategoryDisplayName = 'Enter a category name.';
    setFields(local);
    if (Object.keys(local).length) return;
    setPhase({ step: 'creating' });
    try {
      const store = await createStore(websiteId, { storeTitle: title.trim(), fallbackStoreTitle: FALLBACK_TITLE, allCategoryDisplayName: allName.trim(), addToMainNav: siteLayout && addToNav });
      setPhase({ step: 'done', store });
    } catch (error) {
      if (error instanceof OwnerApiError && error.status === 409) setPhase({ step: 'conflict', message: error.message });
      else if (error instanceof OwnerApiError && Object.keys(error.fields).length) {
        setFields(error.fields);
        setPhase({ step: 'form' });
      } else setPhase({ step: 'failed', message: error instanceof OwnerApiError ? error.message : TEXT.failed });
    }
  };

  if (phase.step === 'done') {
    const { collection, navigation } = phase.store;
    return (
      <div className="store-setup" data-store-created={collection.id}>
        <h1>Your store is ready</h1>
        <p role="status">
          <strong>{collection.title}</strong> is at <a className="store-setup-url" href={collection.fullUrl}>{collection.fullUrl}</a>
          {navigation.added ? ' and in the main navigation.' : '.'}
        </p>
        <h2>Next step</h2>
        <p>
          <Link className="ui-button" href={`/config/products/new?collectionId=${encodeURIComponent(collection.id)}&type=physical`}>
            Add your first product
          </Link>{' '}
          <Link href="/config/products">Go to Products</Link>
        </p>
      </div>
    );
  }

  const busy = phase.step === 'creating';
  return (
    <div className="store-setup">
      <h1>Create your store</h1>
      <p>Your store gets its own address on the site and a category that lists all of its products. You can add products right after.</p>
      <form className="owner-form" onSubmit={(e) => void create(e)} aria-busy={busy || undefined} noValidate>
        <TextField
          label="Store title"
          value={title}
          maxLength={200}
          autoFocus
          onChange={(e) => setTitle(e.target.value)}
          error={fields.storeTitle}
          hint={`Shown to shoppers. A title shorter than 3 letters uses “${FALLBACK_TITLE}”.`}
        />
        <p className="store-setup-url" aria-live="polite" data-store-url={url ?? ''}>
          Address: {url === null ? '…' : <strong>{`${window.location.origin}${url}`}</strong>}
        </p>
        <TextField label="‘All products’ category name" value={allName} maxLength={25} onChange={(e) => setAllName(e.target.value)} error={fields.allCategoryDisplayName} hint="At most 25 characters." />
        <Checkbox label="Add the store to the main navigation" checked={siteLayout && addToNav} disabled={!siteLayout} onChange={(e) => setAddToNav(e.target.checked)} />
        {!siteLayout ? <p className="ui-hint">Your role cannot change the site navigation; someone who can may add the store to it later.</p> : null}
        {fields.fallbackStoreTitle ? <p className="ui-field-error">{fields.fallbackStoreTitle}</p> : null}
        <div>
          <Button type="submit" busy={busy}>
            {busy ? 'Creating your store…' : 'Create store'}
          </Button>
        </div>
        {phase.step === 'conflict' ? (
          <div role="alert" className="ui-error">
            <p>{phase.message}</p>
            <Button variant="secondary" onClick={() => void create()}>
              Try again
            </Button>
          </div>
        ) : null}
        {phase.step === 'failed' ? <p role="alert" className="ui-field-error">{phase.message}</p> : null}
      </form>
    </div>
  );
}
