import { useEffect, useState } from 'react';
import { HexAlphaColorPicker } from 'react-colorful';
import { fromHsl, isDark, luminance, parseColour, toHex, toHsl, type Rgba } from '../../../../domain/site-styles/colour.js';

/** Colours offered as one-click swatches beside the picker. */
const SWATCHES = ['#ffffff', '#fbf8f3', '#f1e7da', '#1d1b18', '#1f2933', '#9a4a2e', '#e07a5f', '#1d4ed8', '#2a9d8f', '#ef476f', '#ffd166', '#7c6a46'];

/** A number input that keeps what is typed until it is a valid value, then reports it. */
function NumberInput({ label, value, min, max, onCommit }: { label: string; value: number; min: number; max: number; onCommit: (n: number) => void }) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  return (
    <label className="design-number">
      <span>{label}</span>
      <input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const n = Number(e.target.value);
          if (e.target.value !== '' && Number.isInteger(n) && n >= min && n <= max) onCommit(n);
        }}
        onBlur={() => setText(String(value))}
      />
    </label>
  );
}

/**
 * One palette colour: react-colorful's picker (saturation, hue and alpha sliders, each
 * operable with the arrow keys), hex, RGB, HSL and alpha inputs, and swatches. Says which
 * text the colour takes by the SPEC §9 rule (dark below luminance 0.65: light text).
 */
export function ColourField({ label, value, onChange }: { label: string; value: string; onChange: (hex: string) => void }) {
  const colour = parseColour(value) ?? { r: 0, g: 0, b: 0, a: 1 };
  const [hexText, setHexText] = useState(value);
  useEffect(() => setHexText(value), [value]);
  const set = (c: Rgba) => onChange(toHex(c));
  const hsl = toHsl(colour);
  const lum = luminance(colour);
  return (
    <div className="design-colour-editor" data-colour-editor={label}>
      <HexAlphaColorPicker color={value} onChange={(hex) => set(parseColour(hex) ?? colour)} />
      <div className="design-colour-inputs">
        <label className="design-number design-hex">
          <span>Hex</span>
          <input
            value={hexText}
            spellCheck={false}
            aria-label={`${label} hex`}
            onChange={(e) => {
              setHexText(e.target.value);
              const c = parseColour(e.target.value);
              if (c && /^#/.test(e.target.value.trim()) && [4, 5, 7, 9].includes(e.target.value.trim().length)) set(c);
            }}
            onBlur={() => setHexText(value)}
          />
        </label>
        <NumberInput label="R" value={colour.r} min={0} max={255} onCommit={(r) => set({ ...colour, r })} />
        <NumberInput label="G" value={colour.g} min={0} max={255} onCommit={(g) => set({ ...colour, g })} />
        <NumberInput label="B" value={colour.b} min={0} max={255} onCommit={(b) => set({ ...colour, b })} />
        <NumberInput label="H" value={hsl.h} min={0} max={360} onCommit={(h) => set(fromHsl(h, hsl.s, hsl.l, colour.a))} />
        <NumberInput label="S" value={hsl.s} min={0} max={100} onCommit={(s) => set(fromHsl(hsl.h, s, hsl.l, colour.a))} />
        <NumberInput label="L" value={hsl.l} min={0} max={100} onCommit={(l) => set(fromHsl(hsl.h, hsl.s, l, colour.a))} />
        <NumberInput label="Alpha %" value={Math.round(colour.a * 100)} min={0} max={100} onCommit={(a) => set({ ...colour, a: a / 100 })} />
      </div>
      <ul className="design-swatches" aria-label={`${label} swatches`}>
        {SWATCHES.map((s) => (
          <li key={s}>
            <button type="button" className="design-swatch" aria-label={`Use ${s}`} aria-pressed={s === value} style={{ background: s }} onClick={() => onChange(s)} />
          </li>
        ))}
      </ul>
      <p className="design-hint" data-text-on={isDark(colour) ? 'light' : 'dark'}>
        {isDark(colour) ? 'Dark colour' : 'Light colour'} (luminance {lum.toFixed(2)}): text on it is {isDark(colour) ? 'light' : 'dark'}.
      </p>
    </div>
  );
}
