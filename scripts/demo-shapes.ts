/** SVG outlines of the demo store's wares, drawn in a unit box and scaled to the image. */
export type Shape =
  | 'mug' | 'tumbler' | 'bowl' | 'budvase' | 'vase' | 'moonjar' | 'platter' | 'pourover'
  | 'plate' | 'planter' | 'dish' | 'pitcher' | 'bag' | 'guide' | 'video' | 'wheel'
  | 'giftcard' | 'kiln';

const GLAZE = 'fill="url(#glaze)"';
const INK = '#2b2622';

// Paths use a 100x100 box; the group transform maps it onto the centre of the image.
const SHAPES: Record<Shape, (label: string) => string> = {
  mug: () =>
    `<path d="M30 35 h34 v34 q0 8 -8 8 h-18 q-8 0 -8 -8z" ${GLAZE}/>` +
    `<path d="M64 42 q14 0 14 10 q0 10 -14 10" fill="none" stroke="${INK}" stroke-opacity="0.35" stroke-width="4"/>` +
    `<ellipse cx="47" cy="35" rx="17" ry="3" fill="${INK}" opacity="0.25"/>`,
  tumbler: () => `<path d="M34 30 h32 l-3 46 q0 3 -3 3 h-20 q-3 0 -3 -3z" ${GLAZE}/><ellipse cx="50" cy="30" rx="16" ry="3" fill="${INK}" opacity="0.25"/>`,
  bowl: () =>
    `<path d="M18 45 h64 q-4 30 -32 32 q-28 -2 -32 -32z" ${GLAZE}/><ellipse cx="50" cy="45" rx="32" ry="5" fill="${INK}" opacity="0.2"/>` +
    `<rect x="40" y="76" width="20" height="4" rx="2" ${GLAZE}/>`,
  budvase: () =>
    `<path d="M46 40 h8 v6 q14 8 12 22 q-2 12 -16 12 q-14 0 -16 -12 q-2 -14 12 -22z" ${GLAZE}/>` +
    `<path d="M50 40 q-2 -18 6 -28" fill="none" stroke="#4d6b3c" stroke-width="1.5"/><circle cx="57" cy="12" r="3" fill="#d9a441"/>`,
  vase: () =>
    `<path d="M40 10 h20 v8 q16 14 14 42 q-2 20 -24 22 q-22 -2 -24 -22 q-2 -28 14 -42z" ${GLAZE}/>` +
    [30, 38, 46, 54, 62, 70].map((x) => `<path d="M${x} 26 q${(x - 50) / 4} 30 0 54" stroke="${INK}" stroke-opacity="0.18" fill="none"/>`).join(''),
  moonjar: () => `<path d="M42 16 h16 v5 q26 8 26 32 q0 26 -34 28 q-34 -2 -34 -28 q0 -24 26 -32z" ${GLAZE}/>`,
  platter: () => `<ellipse cx="50" cy="55" rx="44" ry="22" ${GLAZE}/><ellipse cx="50" cy="53" rx="34" ry="15" fill="#fff" opacity="0.12"/>`,
  pourover: () =>
    `<path d="M32 52 h30 v22 q0 6 -6 6 h-18 q-6 0 -6 -6z" ${GLAZE}/>` +
    `<path d="M26 22 h42 l-12 26 h-18z" ${GLAZE}/><rect x="30" y="48" width="34" height="4" fill="${INK}" opacity="0.3"/>`,
  plate: () =>
    [0, 1, 2, 3].map((i) => `<ellipse cx="50" cy="${72 - i * 5}" rx="40" ry="8" ${GLAZE} stroke="${INK}" stroke-opacity="0.15"/>`).join(''),
  planter: () =>
    `<path d="M28 44 h44 l-5 30 h-34z" ${GLAZE}/><ellipse cx="50" cy="76" rx="28" ry="4" ${GLAZE}/>` +
    `<path d="M50 44 q-14 -20 -26 -24 M50 44 q2 -24 14 -32 M50 44 q12 -14 28 -14" stroke="#4d6b3c" stroke-width="3" fill="none"/>`,
  dish: () => `<ellipse cx="50" cy="66" rx="28" ry="8" ${GLAZE}/><path d="M50 62 l10 -40" stroke="#6b4a2f" stroke-width="1.5"/>`,
  pitcher: () =>
    `<path d="M36 20 h26 l6 -4 -4 10 q10 18 6 42 q-2 10 -20 10 q-18 0 -20 -10 q-4 -24 6 -48z" ${GLAZE}/>` +
    `<path d="M34 30 q-12 4 -10 18 q2 8 10 8" fill="none" stroke="${INK}" stroke-opacity="0.35" stroke-width="4"/>`,
  bag: () => `<path d="M28 30 h44 l4 48 h-52z" ${GLAZE}/><path d="M40 30 q10 -14 20 0" fill="none" stroke="${INK}" stroke-width="2"/>`,
  guide: (label) =>
    `<rect x="26" y="14" width="48" height="64" rx="2" ${GLAZE}/><rect x="30" y="18" width="40" height="56" fill="none" stroke="#fff" stroke-opacity="0.6"/>` +
    `<text x="50" y="46" font-family="Georgia, serif" font-size="6" fill="#fff" text-anchor="middle">${label}</text>` +
    `<text x="50" y="56" font-family="Georgia, serif" font-size="3" fill="#fff" text-anchor="middle">FERN &amp; KILN</text>`,
  video: () => `<rect x="14" y="24" width="72" height="44" rx="3" ${GLAZE}/><path d="M44 36 l16 10 -16 10z" fill="#fff" opacity="0.9"/>`,
  wheel: () =>
    `<ellipse cx="50" cy="64" rx="36" ry="9" fill="#8c8a86"/><path d="M38 40 h24 q4 20 -2 24 h-20 q-6 -4 -2 -24z" ${GLAZE}/>` +
    `<path d="M22 44 q8 -8 16 0 M78 44 q-8 -8 -16 0" stroke="#c99b7b" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  giftcard: (label) =>
    `<rect x="12" y="24" width="76" height="48" rx="4" ${GLAZE}/>` +
    `<text x="20" y="40" font-family="Georgia, serif" font-size="6" fill="#fff">Fern &amp; Kiln</text>` +
    `<text x="20" y="62" font-family="Georgia, serif" font-size="4" fill="#fff">${label}</text>`,
  kiln: () =>
    `<rect x="20" y="22" width="60" height="54" rx="4" fill="#6e6a66"/><rect x="28" y="30" width="44" height="38" ${GLAZE}/>` +
    `<path d="M36 68 v-12 h8 v12 M50 68 v-18 h8 v18" fill="#f1e6d6"/>`,
};

/** The shape's markup, scaled to fit the middle of a width x height canvas. */
export function drawShape(shape: Shape, width: number, height: number, label = ''): string {
  const scale = (Math.min(width, height) * 0.8) / 100;
  const dx = (width - 100 * scale) / 2;
  const dy = (height - 100 * scale) / 2;
  return `<g transform="translate(${dx} ${dy}) scale(${scale})">${SHAPES[shape](label)}</g>`;
}
