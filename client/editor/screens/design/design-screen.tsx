import { useEffect, useState } from 'react';
import { applyBrandTone } from '../../../../domain/site-styles/brand-tones.js';
import { textOn } from '../../../../domain/site-styles/colour.js';
import { fontFamily } from '../../../../domain/site-styles/fonts.js';
import { BRAND_TONES, PADDING_PRESETS, type BrandTone, type SiteStyles } from '../../../../domain/site-styles/site-styles.js';
import type { SiteStylesState } from '../../../../edge/services/site-styles/site-styles.js';
import { OwnerApiError, ownerFetch } from '../../api.js';
import { useOwner } from '../../context.js';
import { Button } from '../../ui/button.js';
import { ErrorPanel, Skeleton } from '../../ui/states.js';
import { mayPublish } from '../page-editor/page-api.js';
import { ColourField } from './colour-field.js';
import { FontBrowser } from './font-browser.js';
import { loadSiteStyles } from './site-styles-api.js';
import { useStylesDraft, type SaveState } from './use-styles-draft.js';
import './design.css';

type ColourKey = keyof SiteStyles['colors'];

const COLOURS: readonly { key: ColourKey; label: string; textKey?: ColourKey }[] = [
  { key: 'background', label: 'Background' },
  { key: 'text', label: 'Text' },
  { key: 'accent', label: 'Accent', textKey: 'accentText' },
  { key: 'accentText', label: 'Text on accent' },
  { key: 'accentSoft', label: 'Accent section' },
  { key: 'darkBackground', label: 'Dark section', textKey: 'darkText' },
  { key: 'darkText', label: 'Text on dark section' },
];

const TONE_LABELS: Record<BrandTone, string> = {
  professional: 'Professional', sophisticated: 'Sophisticated', friendly: 'Friendly', playful: 'Playful',
  bold: 'Bold', quirky: 'Quirky', innovative: 'Innovative', custom: 'Custom',
};

const SAVE_LABELS: Record<SaveState, string> = { saved: 'Saved', unsaved: 'Unsaved changes', saving: 'Saving…', conflict: 'Conflict', failed: 'Not saved' };

/** A product of the shop for the style guide's sample text (the site's own words). */
async function sampleProductName(): Promise<string | undefined> {
  const { collections } = await ownerFetch<{ collections: { url: string; typeName: string | null }[] }>('GET', '/api/commondata/GetNavigationCollections');
  const shop = collections.find((c) => c.typeName === 'products');
  if (!shop) return undefined;
  const context = (await (await fetch(`${shop.url}?format=json`, { credentials: 'same-origin' })).json()) as { items?: { title?: string }[] };
  return context.items?.find((i) => i.title)?.title;
}

function Choice<T extends string>({ legend, name, value, options, onChange }: { legend: string; name: string; value: T; options: readonly { value: T; label: string }[]; onChange: (v: T) => void }) {
  return (
    <fieldset className="design-choice" data-choice={name}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value}>
          <input type="radio" name={name} value={o.value} checked={o.value === value} onChange={() => onChange(o.value)} /> {o.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The style guide: the site's own title and a product in the chosen fonts, colours and buttons. */
function StyleGuide({ styles, siteTitle, productName }: { styles: SiteStyles; siteTitle: string; productName: string }) {
  const heading = fontFamily(styles.fonts.heading.family)!;
  const body = fontFamily(styles.fonts.body.family)!;
  const c = styles.colors;
  const outline = styles.buttons.style === 'outline';
  const radius = styles.buttons.shape === 'pill' ? '999px' : styles.buttons.shape === 'square' ? '0' : `${Math.min(styles.cornerRadius, 16)}px`;
  const h = { fontFamily: heading.stack, fontWeight: styles.fonts.heading.weight, margin: '0 0 8px' };
  return (
    <div className="design-guide" data-style-guide style={{ background: c.background, color: c.text, fontFamily: body.stack, fontWeight: styles.fonts.body.weight, fontSize: styles.fonts.body.size }}>
      <p style={{ ...h, fontSize: styles.fonts.heading.size }} data-guide-heading>
        {siteTitle}
      </p>
      <p style={{ ...h, fontSize: styles.fonts.heading.size * 0.75 }}>{productName}</p>
      <p style={{ margin: '0 0 12px' }}>
        {heading.name} {styles.fonts.heading.weight} / {styles.fonts.heading.size}px with {body.name} {styles.fonts.body.weight} / {styles.fonts.body.size}px.
      </p>
      <span className="design-guide-button" style={{ background: outline ? 'transparent' : c.accent, color: outline ? c.accent : c.accentText, boxShadow: `inset 0 0 0 1px ${c.accent}`, borderRadius: radius }}>
        Add To Cart
      </span>
      <div className="design-guide-sections">
        <span style={{ background: c.accentSoft, color: textOn(c.accentSoft), borderRadius: styles.cornerRadius }}>Accent section</span>
        <span style={{ background: c.darkBackground, color: c.darkText, borderRadius: styles.cornerRadius }}>Dark section</span>
      </div>
    </div>
  );
}

function DesignEditor({ initial }: { initial: SiteStylesState }) {
  const { siteTitle } = useOwner();
  const draft = useStylesDraft(initial);
  const { styles, server } = draft;
  const [colour, setColour] = useState<ColourKey>('accent');
  const [productName, setProductName] = useState('A product of your shop');
  const [publishing, setPublishing] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');
  const [publishError, setPublishError] = useState('');
  useEffect(() => {
    sampleProductName().then((name) => name && setProductName(name), () => undefined);
  }, []);
  // Any hand edit after a tone makes the styles the owner's own.
  const edit = (next: Omit<SiteStyles, 'tone'>) => draft.change({ ...next, tone: 'custom' });
  const setColourValue = (key: ColourKey, hex: string, textKey?: ColourKey) =>
    edit({ ...styles, colors: { ...styles.colors, [key]: hex, ...(textKey ? { [textKey]: textOn(hex) } : {}) } });
  const selected = COLOURS.find((c) => c.key === colour)!;
  const canPublish = mayPublish();
  const upToDate = server.published?.version === server.draft.version;
  const onPublish = () => {
    setPublishing('busy');
    draft.publish().then(
      () => setPublishing('done'),
      (err: unknown) => {
        setPublishing('failed');
        setPublishError(err instanceof OwnerApiError ? err.message : 'Something went wrong');
      },
    );
  };
  return (
    <div className="design-screen">
      <div className="design-toolbar">
        <h1>Design</h1>
        <p className="design-save-state" role="status" data-save-state={draft.state}>
          {SAVE_LABELS[draft.state]}
          {draft.state === 'conflict' || draft.state === 'failed' ? ` · ${draft.message}` : ''}
        </p>
        {canPublish ? (
          <Button onClick={onPublish} busy={publishing === 'busy'} disabled={draft.state !== 'saved' || server.draft.version === 0 || upToDate} data-publish>
            {upToDate ? 'Published' : 'Publish'}
          </Button>
        ) : null}
        {publishing === 'failed' ? <p role="alert">{publishError}</p> : null}
      </div>
      <div className="design-columns">
        <div className="design-panels">
          <Choice
            legend="Brand tone"
            name="tone"
            value={styles.tone}
            options={BRAND_TONES.map((t) => ({ value: t, label: TONE_LABELS[t] }))}
            onChange={(tone) => draft.change(applyBrandTone(styles, tone))}
          />
          <section className="design-panel" aria-labelledby="design-colours">
            <h2 id="design-colours">Colours</h2>
            <div className="design-palette" role="group" aria-label="Palette">
              {COLOURS.map((c) => (
                <button key={c.key} type="button" className="design-palette-entry" aria-pressed={c.key === colour} data-palette={c.key} onClick={() => setColour(c.key)}>
                  <span className="design-swatch" style={{ background: styles.colors[c.key] }} aria-hidden="true" />
                  {c.label} <code>{styles.colors[c.key]}</code>
                </button>
              ))}
            </div>
            <h3>{selected.label}</h3>
            <ColourField key={selected.key} label={selected.label} value={styles.colors[selected.key]} onChange={(hex) => setColourValue(selected.key, hex, selected.textKey)} />
          </section>
          <section className="design-panel" aria-labelledby="design-fonts">
            <h2 id="design-fonts">Fonts</h2>
            <FontBrowser styles={styles} sample={siteTitle || 'Your site'} onChange={(role, next) => edit({ ...styles, fonts: { ...styles.fonts, [role]: next } })} />
          </section>
          <section className="design-panel" aria-labelledby="design-buttons">
            <h2 id="design-buttons">Buttons and corners</h2>
            <Choice legend="Button style" name="button-style" value={styles.buttons.style} options={[{ value: 'filled', label: 'Filled' }, { value: 'outline', label: 'Outline' }]} onChange={(style) => edit({ ...styles, buttons: { ...styles.buttons, style } })} />
            <Choice legend="Button shape" name="button-shape" value={styles.buttons.shape} options={[{ value: 'pill', label: 'Pill' }, { value: 'rounded', label: 'Rounded' }, { value: 'square', label: 'Square' }]} onChange={(shape) => edit({ ...styles, buttons: { ...styles.buttons, shape } })} />
            <label className="design-number">
              <span>Corner radius (px)</span>
              <input type="range" min={0} max={60} value={styles.cornerRadius} onChange={(e) => edit({ ...styles, cornerRadius: Number(e.target.value) })} />
              <output>{styles.cornerRadius} px</output>
            </label>
          </section>
          <section className="design-panel" aria-labelledby="design-spacing">
            <h2 id="design-spacing">Section spacing</h2>
            <Choice
              legend="Section padding"
              name="section-padding"
              value={styles.sectionPadding}
              options={(Object.keys(PADDING_PRESETS) as (keyof typeof PADDING_PRESETS)[]).map((k) => ({ value: k, label: `${k[0]!.toUpperCase()}${k.slice(1)} (${PADDING_PRESETS[k]})` }))}
              onChange={(sectionPadding) => edit({ ...styles, sectionPadding })}
            />
          </section>
        </div>
        <div className="design-previews">
          <StyleGuide styles={styles} siteTitle={siteTitle || 'Your site'} productName={productName} />
          <iframe className="design-preview" title="Home page with the draft styles" src={`/?preview&styles=${server.draft.version}`} data-preview-version={server.draft.version} />
        </div>
      </div>
    </div>
  );
}

/** /config/design: the site styles, autosaved as a draft, previewed on the home page, published. */
export function DesignScreen() {
  const [loaded, setLoaded] = useState<SiteStylesState | 'loading' | 'failed'>('loading');
  const load = () => {
    setLoaded('loading');
    loadSiteStyles().then(setLoaded, () => setLoaded('failed'));
  };
  useEffect(load, []);
  if (loaded === 'loading') return <Skeleton label="Loading the site styles" />;
  if (loaded === 'failed') return <ErrorPanel onRetry={load} />;
  return <DesignEditor initial={loaded} />;
}
