import { useState, type FormEvent } from 'react';
import { slugify } from '../../../../domain/pages/page-rules.js';
import type { PageLayout } from '../../../../blocks/layout-schema.js';
import { PAGE_STARTERS, starterDocument } from '../../../../blocks/starters.js';
import { OwnerApiError, TEXT } from '../../api.js';
import { useOwner } from '../../context.js';
import { formatTime } from '../../format.js';
import { Button } from '../../ui/button.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { Dialog } from '../../ui/dialog.js';
import { TextField } from '../../ui/fields.js';
import { saveDraft, scheduleLanguageLayout } from '../page-editor/page-api.js';
import { pageCalls } from './pages-api.js';
import { SearchPreview, SERP_DESCRIPTION_LENGTH, SERP_TITLE_LENGTH, SocialImageField, useSlugCheck } from './page-seo.js';
import type { OwnerPage } from './tree.js';
import { epochToZoned, zonedToEpoch } from './zoned-time.js';

/** A failure's per-field messages and its message for the dialog. */
function failureOf(error: unknown): { fields: Record<string, string>; message: string } {
  if (error instanceof OwnerApiError) return { fields: error.fields, message: Object.keys(error.fields).length ? '' : error.message };
  return { fields: {}, message: TEXT.failed };
}

/**
 * Create (no `page`) or the settings of a page: title, slug (filled from the title until the
 * owner types one, checked live), and for a page SEO title and description with a search
 * result preview, and the social image. The server's messages show beside their fields.
 */
export function PageSettingsDialog({ page, onClose, onSaved }: { page?: OwnerPage | undefined; onClose: () => void; onSaved: (page: OwnerPage) => void }) {
  const [busy, setBusy] = useState(false);
  const formId = page ? 'page-settings-form' : 'page-create-form';
  return (
    <Dialog
      open
      title={page ? `Settings of ${page.title}` : 'Create page'}
      onClose={onClose}
      actions={
        <>
          <Button type="submit" form={formId} busy={busy}>
            {page ? 'Save settings' : 'Create page'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      <PageSettingsForm page={page} formId={formId} onBusy={setBusy} onSaved={onSaved} />
    </Dialog>
  );
}

/**
 * The fields of PageSettingsDialog as a form of their own (id `formId`, submitted by a button
 * outside it), for the Pages screen's dialog and the page editor's settings panel.
 */
export function PageSettingsForm({ page, formId, onBusy, onSaved }: { page?: OwnerPage | undefined; formId: string; onBusy: (busy: boolean) => void; onSaved: (page: OwnerPage) => void }) {
  const [title, setTitle] = useState(page?.title ?? '');
  const [slug, setSlug] = useState(page?.slug ?? '');
  const [slugEdited, setSlugEdited] = useState(page !== undefined);
  const [seoTitle, setSeoTitle] = useState(page?.seoTitle ?? '');
  const [seoDescription, setSeoDescription] = useState(page?.seoDescription ?? '');
  const [socialImage, setSocialImage] = useState(page?.socialImage ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  // Create only: the page starter ('' is a blank page), and the page once made when its layout could not be saved.
  const [starter, setStarter] = useState('');
  const [created, setCreated] = useState<OwnerPage | undefined>();
  const clear = (field: string) => setErrors(({ [field]: _gone, ...rest }) => rest);
  const wanted = slug.trim() || slugify(title);
  const check = useSlugCheck(wanted, page?.id, page !== undefined && wanted === page.slug);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (created) return onSaved(created);
    if (!title.trim()) return setErrors({ title: 'Enter a title.' });
    onBusy(true);
    setMessage('');
    try {
      const typedSlug = slug.trim() || undefined;
      const answer = page
        ? await pageCalls.update(page.id, {
            ...(title.trim() !== page.title ? { title: title.trim() } : {}),
            ...(typedSlug && typedSlug !== page.slug ? { slug: typedSlug } : {}),
            seoTitle: seoTitle.trim(),
            seoDescription: seoDescription.trim(),
            ...(socialImage !== (page.socialImage ?? '') ? { socialImage: socialImage || null } : {}),
          })
        : await pageCalls.create({ title: title.trim(), ...(typedSlug ? { slug: typedSlug } : {}) });
      if (!page && starter) {
        try {
          onSaved(await withStarter(answer.page, starter));
        } catch (error) {
          setCreated(answer.page);
          setMessage(`${answer.page.title} was created as a blank page; its starter layout was not saved (${failureOf(error).message || TEXT.failed})`);
        }
        return;
      }
      onSaved(answer.page);
    } catch (error) {
      const failure = failureOf(error);
      setErrors(failure.fields);
      setMessage(failure.message);
    } finally {
      onBusy(false);
    }
  };
  const slugHint =
    check.state === 'free' ? `The page's address: /${check.slug} (free)`
    : check.state === 'checking' ? `The page's address: /${slugify(wanted) || '…'} (checking…)`
    : `The page's address: /${slugify(wanted) || '…'}`;
  return (
    <form id={formId} className="pages-form" onSubmit={submit} noValidate>
      <TextField
        label="Title"
        value={title}
        required
        maxLength={200}
        error={errors.title}
        onChange={(e) => {
          setTitle(e.target.value);
          if (!slugEdited) setSlug(slugify(e.target.value));
          clear('title');
        }}
      />
      <TextField
        label="URL slug"
        hint={slugHint}
        value={slug}
        maxLength={200}
        error={errors.slug ?? (check.state === 'taken' ? check.message : undefined)}
        onChange={(e) => {
          setSlug(e.target.value);
          setSlugEdited(true);
          clear('slug');
        }}
      />
      {page ? (
        <>
          <TextField label="SEO title" hint={`Search engines show about ${SERP_TITLE_LENGTH} characters; empty: the page title.`} value={seoTitle} maxLength={200} error={errors.seoTitle} onChange={(e) => (setSeoTitle(e.target.value), clear('seoTitle'))} />
          <TextField label="SEO description" hint={`Search engines show about ${SERP_DESCRIPTION_LENGTH} characters.`} value={seoDescription} maxLength={500} error={errors.seoDescription} onChange={(e) => (setSeoDescription(e.target.value), clear('seoDescription'))} />
          <SearchPreview title={seoTitle.trim() || title} path={`/${slugify(wanted)}`} description={seoDescription} />
          <SocialImageField value={socialImage} onChange={(src) => (setSocialImage(src), clear('socialImage'))} />
          {errors.socialImage ? <p role="alert" className="ui-field-error">{errors.socialImage}</p> : null}
        </>
      ) : (
        <fieldset className="pages-starters">
          <legend>Start from</legend>
          {[{ name: '', label: 'Blank page', description: 'No sections yet.' }, ...PAGE_STARTERS].map((s) => (
            <label key={s.name || 'blank'} className="pages-starter">
              <input type="radio" name="page-starter" value={s.name} checked={starter === s.name} disabled={created !== undefined} onChange={() => setStarter(s.name)} />
              <span>
                <strong>{s.label}</strong> <small>{s.description}</small>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {message ? (
        <p role="alert" className="ui-field-error">
          {message}
        </p>
      ) : null}
    </form>
  );
}

/**
 * Gives a page just created (an empty version 1) the starter's layout as its next draft
 * (PUT /api/pages/{id}/draft with If-Match "1", docs/api/pages.md); the server fills the
 * blocks' defaults, so the Pages screen never loads the block registry.
 */
async function withStarter(created: OwnerPage, starter: string): Promise<OwnerPage> {
  const layout = starterDocument(starter);
  if (!layout) return created;
  const saved = await saveDraft(created.id, created.draftVersion, layout as PageLayout);
  return { ...created, draftVersion: saved.draftVersion ?? created.draftVersion + 1 };
}

/**
 * Schedule the page's draft to go live at a time in the site's time zone; with `language`,
 * the draft of the page's own layout in that language (`page` then holds the copy's versions).
 */
export function ScheduleDialog({ page, language, onClose, onSaved }: {
  page: OwnerPage;
  language?: { code: string; name: string } | undefined;
  onClose: () => void;
  onSaved: (page: OwnerPage) => void;
}) {
  const { timeZone } = useOwner();
  const [when, setWhen] = useState(page.publishAt ? epochToZoned(page.publishAt, timeZone) : '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const at = zonedToEpoch(when, timeZone);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (at === undefined) return setError('Choose a date and time.');
    setBusy(true);
    try {
      if (!language) onSaved((await pageCalls.schedule(page, at)).page);
      else {
        const own = await scheduleLanguageLayout(page.id, language.code, page.draftVersion, at);
        onSaved({ ...page, publishAt: own.publishAt ?? null, scheduledVersion: own.scheduledVersion ?? null });
      }
    } catch (failure) {
      const { fields, message } = failureOf(failure);
      setError(fields.publishAt ?? message ?? TEXT.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      title={language ? `Schedule the ${language.name} layout of ${page.title}` : `Schedule ${page.title}`}
      onClose={onClose}
      actions={
        <>
          <Button type="submit" form="page-schedule-form" busy={busy}>
            Schedule
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      <form id="page-schedule-form" className="pages-form" onSubmit={submit} noValidate>
        <TextField
          label={`Publish on (${timeZone})`}
          type="datetime-local"
          value={when}
          error={error}
          hint={at !== undefined ? `Goes live ${formatTime(at, timeZone)} (${timeZone}).` : 'In the site’s time zone.'}
          onChange={(e) => {
            setWhen(e.target.value);
            setError('');
          }}
        />
      </form>
    </Dialog>
  );
}

/** The shared confirmation for a page step (delete, unpublish): it runs the step and keeps a refusal in view. */
export function ConfirmPageStep({ title, body, confirm, onConfirm, onClose }: { title: string; body: string; confirm: string; onConfirm: () => Promise<void>; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async () => {
    setBusy(true);
    setError('');
    try {
      await onConfirm();
    } catch (failure) {
      setError(failure instanceof OwnerApiError ? failure.message : TEXT.failed);
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog open title={title} confirm={confirm} busy={busy} error={error} onConfirm={() => void run()} onClose={onClose}>
      <p>{body}</p>
    </ConfirmDialog>
  );
}
