import { useEffect, useState } from 'react';
import type { SiteStyles } from '../../../../domain/site-styles/site-styles.js';
import { ErrorPanel, Skeleton } from '../../ui/states.js';
import { loadFonts, type FontChoice } from './site-styles-api.js';

/** SPEC §8 texts of the font browser. */
export const FONT_TEXT = {
  loadFonts: 'Unable to load fonts',
  preview: (fontName: string) => `Unable to load preview for ${fontName}`,
} as const;

type FontState = 'loading' | 'ready' | 'failed';

/**
 * Loads a hosted family's @font-face stylesheet (once per document) and one of its faces;
 * system stacks are ready at once. The stylesheet and files come from /assets only.
 */
function useFontFace(font: FontChoice): FontState {
  const [state, setState] = useState<FontState>(font.stylesheet ? 'loading' : 'ready');
  useEffect(() => {
    if (!font.stylesheet) return;
    let live = true;
    const fail = () => live && setState('failed');
    let link = document.head.querySelector<HTMLLinkElement>(`link[data-font="${font.id}"]`);
    const loadFace = () =>
      document.fonts.load(`${font.weights[0]} 24px "${font.name}"`).then((faces) => (faces.length ? live && setState('ready') : fail()), fail);
    if (!link) {
      link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = font.stylesheet;
      link.dataset.font = font.id;
      link.addEventListener('load', () => (link!.dataset.loaded = 'true'));
      link.addEventListener('error', () => (link!.dataset.loaded = 'failed'));
      document.head.append(link);
    }
    const ready = () => (link!.dataset.loaded === 'failed' ? fail() : void loadFace());
    if (link.dataset.loaded) ready();
    else {
      link.addEventListener('load', ready, { once: true });
      link.addEventListener('error', fail, { once: true });
    }
    return () => {
      live = false;
    };
  }, [font.id, font.stylesheet]);
  return state;
}

function FontOption({ font, group, checked, sample, onPick }: { font: FontChoice; group: string; checked: boolean; sample: string; onPick: () => void }) {
  const state = useFontFace(font);
  return (
    <label className="design-font" data-font-option={font.id} data-font-state={state}>
      <input type="radio" name={group} value={font.id} checked={checked} onChange={onPick} />
      <span className="design-font-name">
        {font.name} <small>{font.category}</small>
      </span>
      {state === 'failed' ? (
        <span className="design-font-error" role="alert">
          {FONT_TEXT.preview(font.name)}
        </span>
      ) : (
        <span className="design-font-sample" style={{ fontFamily: font.stack }} aria-hidden="true">
          {sample}
        </span>
      )}
    </label>
  );
}

type FontRole = 'heading' | 'body';

/**
 * The font browser: every font the server offers, previewed in its own face with the site's
 * own text, for the heading and body roles, with each role's weight and size.
 */
export function FontBrowser({ styles, sample, onChange }: { styles: SiteStyles; sample: string; onChange: (role: FontRole, next: SiteStyles['fonts'][FontRole]) => void }) {
  const [fonts, setFonts] = useState<FontChoice[] | 'loading' | 'failed'>('loading');
  const load = () => {
    setFonts('loading');
    loadFonts().then(setFonts, () => setFonts('failed'));
  };
  useEffect(load, []);
  if (fonts === 'loading') return <Skeleton rows={3} label="Loading fonts" />;
  if (fonts === 'failed') return <ErrorPanel message={FONT_TEXT.loadFonts} onRetry={load} />;
  const role = (key: FontRole, label: string, sizes: { min: number; max: number }) => {
    const current = styles.fonts[key];
    const family = fonts.find((f) => f.id === current.family);
    const weights = family?.stylesheet ? family.weights : [100, 200, 300, 400, 500, 600, 700, 800, 900];
    return (
      <fieldset className="design-font-role" data-font-role={key}>
        <legend>{label}</legend>
        <div className="design-font-list">
          {fonts.map((f) => (
            <FontOption
              key={f.id}
              font={f}
              group={`font-${key}`}
              checked={f.id === current.family}
              sample={sample}
              onPick={() => onChange(key, { ...current, family: f.id, weight: f.stylesheet && !f.weights.includes(current.weight) ? f.weights[0]! : current.weight })}
            />
          ))}
        </div>
        <div className="design-font-metrics">
          <label className="design-number">
            <span>{label} weight</span>
            <select value={current.weight} onChange={(e) => onChange(key, { ...current, weight: Number(e.target.value) })}>
              {weights.map((w) => (
                <option key={w} value={w}>
                  {w}
                </option>
              ))}
            </select>
          </label>
          <label className="design-number">
            <span>{label} size (px)</span>
            <input
              type="number"
              min={sizes.min}
              max={sizes.max}
              value={current.size}
              onChange={(e) => {
                const n = Number(e.target.value);
                if (Number.isInteger(n) && n >= sizes.min && n <= sizes.max) onChange(key, { ...current, size: n });
              }}
            />
          </label>
        </div>
      </fieldset>
    );
  };
  return (
    <div className="design-fonts">
      {role('heading', 'Heading font', { min: 20, max: 96 })}
      {role('body', 'Body font', { min: 12, max: 24 })}
    </div>
  );
}
