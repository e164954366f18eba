// First: block schemas are built without Zod's eval probe (see the module).
import '../page-editor/zod-jitless.js';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { PageLayout } from '../../../../blocks/layout-schema.js';
import { BLOCK_MENU_GROUPS } from '../../../../blocks/define.js';
import { BLOCKS, blockDefinition } from '../../../../blocks/registry.js';
import { OwnerApiError, TEXT } from '../../api.js';
import { useOwner } from '../../context.js';
import { formatTime } from '../../format.js';
import { Link } from '../../router.js';
import { Button } from '../../ui/button.js';
import { SelectField } from '../../ui/fields.js';
import { ErrorPanel, Skeleton } from '../../ui/states.js';
import { useLoad } from '../../use-load.js';
import { useUnsavedChanges } from '../../use-unsaved-changes.js';
import { BlockSettings as BlockForm } from '../page-editor/block-settings.js';
import { addBlock, addSection, deleteBlock, deleteSection, freshId, moveBlock, setBlockProps, setSectionDesign } from '../page-editor/layout-ops.js';
import type { Conflict } from '../page-editor/page-api.js';
import { fieldsOf, labelOf } from '../page-editor/schema-fields.js';
import { type HeaderFooter, loadHeaderFooter, saveHeaderFooter, VersionConflict } from './api.js';
import './header-footer.css';

/** /config/header-footer: loads the newest header and footer, then the editor. */
export function HeaderFooterScreen() {
  const { result, retry } = useLoad('header-footer', loadHeaderFooter);
  if (result.state === 'loading') return <Skeleton label="Loading the header and footer" />;
  if (result.state === 'error') return <ErrorPanel message={result.message} onRetry={retry} />;
  return <HeaderFooterEditor first={result.data} />;
}

type Part = 'header' | 'footer';
const PART_NAME: Record<Part, string> = { header: 'Header', footer: 'Footer' };

/**
 * The site header and footer (SPEC §2 site header/footer editor): each is the theme's own or
 * a band of blocks in sections (padding and colour theme per section), saved together as one
 * versioned revision under If-Match. A stale save shows who saved and lets the owner load
 * theirs or save theirs over as a new version, never silently. Saved is live: the preview
 * below is the home page as visitors see it, reloaded after each save.
 */
function HeaderFooterEditor({ first }: { first: HeaderFooter }) {
  const { timeZone } = useOwner();
  const [saved, setSaved] = useState(first);
  const [draft, setDraft] = useState<Record<Part, PageLayout | null>>({ header: first.header, footer: first.footer });
  const [conflict, setConflict] = useState<Conflict | undefined>();
  const [refusal, setRefusal] = useState<{ message: string; fields: Record<string, string> } | undefined>();
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();
  // Bumped when the screen takes another copy (theirs, or the saved one on discard): the
  // parts remount, so open rich text editors show the new text.
  const [generation, setGeneration] = useState(0);
  const dirty = draft.header !== saved.header || draft.footer !== saved.footer;

  const adopt = (current: HeaderFooter) => {
    setSaved(current);
    setDraft({ header: current.header, footer: current.footer });
    setGeneration((g) => g + 1);
    setConflict(undefined);
    setRefusal(undefined);
  };
  /** Saves the draft as the version after `basedOn`; true when it was kept. */
  const save = async (basedOn = saved.version): Promise<boolean> => {
    setSaving(true);
    setNotice(undefined);
    setRefusal(undefined);
    try {
      const current = await saveHeaderFooter(basedOn, draft);
      // The draft objects are what was sent: keep them, so nothing typed meanwhile is lost.
      setSaved({ ...current, header: draft.header, footer: draft.footer });
      setConflict(undefined);
      setNotice(`Saved as version ${current.version}. Visitors see it now.`);
      return true;
    } catch (e) {
      if (e instanceof VersionConflict) setConflict(e.current);
      else if (e instanceof OwnerApiError) setRefusal({ message: e.message, fields: e.fields });
      else setRefusal({ message: TEXT.failed, fields: {} });
      return false;
    } finally {
      setSaving(false);
    }
  };
  const prompt = useUnsavedChanges(dirty, () => save());
  const loadTheirs = () => {
    loadHeaderFooter().then(
      (current) => {
        adopt(current);
        setNotice(`Loaded version ${current.version}.`);
      },
      () => setRefusal({ message: TEXT.loadRetry, fields: {} }),
    );
  };

  return (
    <div className="hf" data-header-footer-editor data-version={saved.version} data-dirty={dirty}>
      <header className="hf-toolbar">
        <h1>Header and footer</h1>
        <p className="hf-state" role="status">
          {saving ? 'Saving…' : dirty ? 'Unsaved changes' : saved.version === 0 ? 'The theme\'s header and footer' : `Version ${saved.version}${saved.author ? `, saved by ${saved.author}` : ''}${saved.savedAt ? ` at ${formatTime(saved.savedAt, timeZone)}` : ''}`}
        </p>
        <div className="hf-actions">
          <Button variant="secondary" disabled={!dirty || saving} onClick={() => adopt(saved)}>Discard changes</Button>
          <Button busy={saving} disabled={!dirty || conflict !== undefined} onClick={() => void save()}>Save</Button>
        </div>
      </header>
      <p className="hf-muted">
        The header and footer show on every page of the site as soon as they are saved. The links of the site's navigation are edited on the{' '}
        <Link href="/config/pages">Pages screen (navigation editor)</Link>.
      </p>
      {conflict ? (
        <div className="hf-notice hf-conflict" role="alert" data-conflict>
          <p>
            {conflict.author ?? 'Someone'} saved the header and footer (version {conflict.version}) at {formatTime(conflict.savedAt, timeZone)} since you opened them. Load their version (your
            changes here are dropped), or keep yours: it is saved as a new version over theirs, and theirs stays in the history.
          </p>
          <div className="hf-actions">
            <Button variant="secondary" onClick={loadTheirs}>Load their version</Button>
            <Button variant="danger" busy={saving} onClick={() => void save(conflict.version)}>Keep mine (save over)</Button>
          </div>
        </div>
      ) : null}
      {refusal ? (
        <div className="hf-notice" role="alert">
          <p>{refusal.message}</p>
          {Object.keys(refusal.fields).length ? (
            <ul>
              {Object.entries(refusal.fields).map(([key, message]) => <li key={key}>{`${key}: ${message}`}</li>)}
            </ul>
          ) : null}
        </div>
      ) : null}
      {notice ? <p className="hf-notice" role="status">{notice}</p> : null}
      <div className="hf-body">
        <div className="hf-parts">
          {(['header', 'footer'] as const).map((part) => (
            <PartEditor key={`${part}:${generation}`} part={part} value={draft[part]} errors={refusal?.fields ?? {}} onChange={(next) => setDraft((d) => ({ ...d, [part]: next }))} />
          ))}
        </div>
        <div className="hf-preview">
          <h2>Preview</h2>
          <p className="hf-muted">{dirty ? 'The home page as visitors see it now; save to see your changes here.' : 'The home page as visitors see it.'}</p>
          <iframe key={saved.version} className="hf-frame" title="Preview of the home page" src="/?preview" data-preview-version={saved.version} />
        </div>
      </div>
      {prompt}
    </div>
  );
}

/** The block types a header or footer band may hold, by SPEC §2 menu group. */
function blockOptions() {
  return BLOCK_MENU_GROUPS.flatMap((group) => BLOCKS.filter((b) => b.group === group).map((b) => ({ value: b.name, label: `${labelOf(b.name)} (${labelOf(group.replace('_', ' '))})` })));
}

/** One part (header or footer): the theme's own, or a custom band of sections and blocks. */
function PartEditor({ part, value, errors, onChange }: { part: Part; value: PageLayout | null; errors: Record<string, string>; onChange: (next: PageLayout | null) => void }) {
  const id = useId();
  const name = PART_NAME[part];
  // `added`: the block was just added, so its settings take the focus.
  const [selected, setSelected] = useState<{ section: number; block: number; added?: boolean } | undefined>();
  const [type, setType] = useState('text');
  const options = useMemo(blockOptions, []);
  const custom = value !== null;
  const useCustom = () => onChange(addSection({ sections: [] }, 's1'));

  return (
    <fieldset className="hf-part" data-part={part}>
      <legend>{name}</legend>
      <div className="hf-choice" role="radiogroup" aria-label={`${name} content`}>
        <label>
          <input type="radio" name={`${id}-mode`} checked={!custom} onChange={() => onChange(null)} /> The theme's own {part}
        </label>
        <label>
          <input type="radio" name={`${id}-mode`} checked={custom} onChange={useCustom} /> A custom {part} band of blocks
        </label>
      </div>
      {value
        ? value.sections.map((section, s) => {
            const where = `${name} section ${s + 1}`;
            return (
              <section key={section.id} className="hf-section" aria-label={where}>
                <div className="hf-section-head">
                  <h3>{where}</h3>
                  <Button variant="secondary" onClick={() => {
                    onChange(deleteSection(value, s));
                    setSelected(undefined);
                  }}>Delete {where.toLowerCase()}</Button>
                </div>
                <div className="hf-design">
                  <SelectField label={`${name} padding`} value={section.design.padding} options={['small', 'medium', 'large'].map((v) => ({ value: v, label: labelOf(v) }))} onChange={(e) => onChange(setSectionDesign(value, s, { padding: e.target.value as 'small' }))} />
                  <SelectField label={`${name} colours`} value={section.design.theme} options={['light', 'dark', 'accent'].map((v) => ({ value: v, label: labelOf(v) }))} onChange={(e) => onChange(setSectionDesign(value, s, { theme: e.target.value as 'light' }))} />
                </div>
                {section.blocks.length === 0 ? <p className="hf-muted">No blocks yet.</p> : null}
                <ol className="hf-blocks">
                  {section.blocks.map((block, b) => {
                    const label = `${name} ${labelOf(block.type).toLowerCase()} ${b + 1}`;
                    const current = selected?.section === s && selected.block === b;
                    return (
                      <li key={block.id} className="hf-block" data-selected={current}>
                        <button type="button" className="hf-pick" aria-expanded={current} onClick={() => setSelected(current ? undefined : { section: s, block: b })}>
                          {label}
                        </button>
                        <button type="button" className="hf-icon" aria-label={`Move ${label} up`} disabled={b === 0} onClick={() => {
                          onChange(moveBlock(value, s, b, -1));
                          setSelected(undefined);
                        }}>↑</button>
                        <button type="button" className="hf-icon" aria-label={`Move ${label} down`} disabled={b === section.blocks.length - 1} onClick={() => {
                          onChange(moveBlock(value, s, b, 1));
                          setSelected(undefined);
                        }}>↓</button>
                        <button type="button" className="hf-icon" aria-label={`Delete ${label}`} onClick={() => {
                          onChange(deleteBlock(value, s, b));
                          setSelected(undefined);
                        }}>✕</button>
                        {current ? <BlockSettings focus={selected?.added === true} layout={value} s={s} b={b} prefix={`${part}.sections.${s}.blocks.${b}.props.`} errors={errors} onChange={onChange} /> : null}
                      </li>
                    );
                  })}
                </ol>
                <div className="hf-add">
                  <SelectField label={`Block to add to ${where.toLowerCase()}`} value={type} options={options} onChange={(e) => setType(e.target.value)} />
                  <Button variant="secondary" onClick={() => {
                    const next = addBlock(value, s, type, freshId(value, 'b'));
                    onChange(next);
                    setSelected({ section: s, block: next.sections[s]!.blocks.length - 1, added: true });
                  }}>Add block</Button>
                </div>
              </section>
            );
          })
        : null}
      {value ? <Button variant="secondary" onClick={() => onChange(addSection(value, freshId(value, 's')))}>Add a {part} section</Button> : null}
    </fieldset>
  );
}

function BlockSettings({ focus, layout, s, b, prefix, errors, onChange }: { focus: boolean; layout: PageLayout; s: number; b: number; prefix: string; errors: Record<string, string>; onChange: (next: PageLayout) => void }) {
  const block = layout.sections[s]!.blocks[b]!;
  const definition = blockDefinition(block.type);
  const specs = useMemo(() => (definition ? fieldsOf(definition.props) : []), [definition]);
  const set = (props: Record<string, unknown>) => onChange(setBlockProps(layout, s, b, props));
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) box.current?.querySelector<HTMLElement>('input, textarea, select, button, [contenteditable="true"]')?.focus();
  }, [focus]);
  return (
    <div className="hf-settings" ref={box} role="group" aria-label={`${labelOf(block.type)} block settings`}>
      <BlockForm type={block.type} specs={specs} value={block.props} errors={errors} prefix={prefix} onChange={set} />
    </div>
  );
}
