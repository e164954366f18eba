import { useId, type KeyboardEvent } from 'react';
import { Button } from '../../ui/button.js';
import type { Status, Text } from './translations-api.js';

/** What the owner has typed into a row and not saved yet. */
export interface Edit {
  text: string;
  status: 'draft' | 'done';
}

const STATUS_LABEL: Record<Status, string> = { missing: 'Missing', draft: 'Draft', done: 'Done' };

const PRODUCT_FIELDS: Record<string, string> = {
  title: 'Title', excerpt: 'Short description', body: 'Description', seoTitle: 'SEO title', seoDescription: 'SEO description', customAddButtonText: 'Add button text',
  'restock:CTAText': 'Restock call to action', 'restock:placeholderText': 'Restock email placeholder', 'restock:buttonText': 'Restock button',
  'restock:mailingListDescription': 'Restock newsletter box', 'restock:successText': 'Restock success text',
};
const FORM_FIELDS: Record<string, string> = { title: 'Field label', description: 'Field help', placeholder: 'Placeholder' };

/** What part of its page, product or form a text is, in the owner's words. */
export function fieldLabel(t: Pick<Text, 'kind' | 'entityId' | 'fieldKey'>): string {
  switch (t.kind) {
    case 'product':
      if (t.fieldKey.startsWith('option:')) return 'Option name';
      if (t.fieldKey.startsWith('value:')) return `${t.fieldKey.split(':')[1]} value`;
      return PRODUCT_FIELDS[t.fieldKey] ?? t.fieldKey;
    case 'block':
      return t.fieldKey === 'title' ? 'Page title' : 'Block text';
    case 'navigation':
      return 'Menu label';
    case 'form':
      return t.fieldKey === 'submitButtonText' ? 'Submit button' : (FORM_FIELDS[t.fieldKey.split(':').pop() ?? ''] ?? t.fieldKey);
    case 'category':
      return 'Category';
    case 'tag':
      return 'Tag';
    case 'collection':
      return 'Collection title';
    case 'system':
      // A mailing list's name is keyed by the list's id, which says nothing to the owner (lang27).
      return t.entityId === 'mailing-lists' ? 'List name' : t.fieldKey;
    default:
      return t.fieldKey;
  }
}

/** Descriptions and long or multi-line texts get a textarea; names and labels a one-line field. */
export function isLong(t: Pick<Text, 'fieldKey' | 'source'>): boolean {
  return ['body', 'excerpt', 'seoDescription'].includes(t.fieldKey) || t.fieldKey.endsWith(':markdown') || t.source.length > 80 || t.source.includes('\n');
}

/**
 * One text: the primary-language source (read-only, shown as the API gives it: markup stays
 * visible) beside the translation field, its status and Save. Ctrl/Cmd+Enter in the field saves.
 * An outdated text (its original changed since) may be saved unchanged ('Still right') to confirm it.
 */
export function TranslationRow({
  text, language, edit, onEdit, onSave, saving, error, disabled,
}: {
  text: Text;
  /** The language typed into the field (its `lang`, for spelling and screen readers). */
  language: string;
  edit: Edit | undefined;
  onEdit: (edit: Edit) => void;
  onSave: () => void;
  saving: boolean;
  error: string | undefined;
  disabled: boolean;
}) {
  const id = useId();
  const value = edit?.text ?? text.text ?? '';
  const status = edit?.status ?? (text.status === 'draft' ? 'draft' : 'done');
  const dirty = edit !== undefined && (edit.text !== (text.text ?? '') || edit.status !== text.status);
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      if ((dirty || text.outdated) && value.trim() && !saving) onSave();
    }
  };
  const label = `Translation of ${fieldLabel(text).toLowerCase()}: ${text.source.length > 60 ? `${text.source.slice(0, 60)}…` : text.source}`;
  const field = {
    id: `${id}-field`,
    value,
    lang: language,
    'aria-label': label,
    'aria-describedby': error ? `${id}-error` : undefined,
    'aria-invalid': error ? true : undefined,
    disabled,
    onKeyDown: keys,
    onChange: (e: { target: { value: string } }) => onEdit({ text: e.target.value, status }),
  };
  return (
    <li className="tr-row" data-status={text.status} data-outdated={text.outdated || undefined} data-dirty={dirty || undefined} data-kind={text.kind}>
      <div className="tr-source">
        <p className="tr-where">
          <span>{text.entityTitle}</span> · <span>{fieldLabel(text)}</span>
        </p>
        <p className="tr-source-text" data-source>{text.source}</p>
        {text.layout === 'own' ? <p className="tr-own-layout">This page has its own layout in this language: its texts are edited in the page editor.</p> : null}
      </div>
      <div className="tr-target">
        {isLong(text) ? <textarea {...field} rows={Math.min(10, Math.max(3, Math.ceil(text.source.length / 70)))} /> : <input type="text" {...field} />}
        <div className="tr-actions">
          <span className="ui-badge tr-status" data-status-badge={text.status}>
            {STATUS_LABEL[text.status]}
            {text.outdated ? ', outdated' : ''}
            {dirty ? ', not saved' : ''}
          </span>
          <select className="tr-status-pick" aria-label="Publish as" value={status} disabled={disabled} onChange={(e) => onEdit({ text: value, status: e.target.value as 'draft' | 'done' })}>
            <option value="done">Done (published)</option>
            <option value="draft">Draft (not published)</option>
          </select>
          <Button variant="secondary" busy={saving} disabled={disabled || !(dirty || text.outdated) || !value.trim()} onClick={onSave}>
            {text.outdated && !dirty ? 'Still right' : 'Save'}
          </Button>
        </div>
        {error ? (
          <p className="ui-field-error" id={`${id}-error`} role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  );
}
