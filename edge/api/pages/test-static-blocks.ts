/**
 * The blocks without server data (blocks/gallery, markdown, video, map, audio, accordion,
 * marquee, social-links, search, menu, donation, member-area, link, shape, chart-bar, chart-line, chart-pie, language-switcher) for the XSS table: every
 * text prop, and every link prop a save may keep, holding a payload.
 */
type Block = { id: string; type: string; props?: Record<string, unknown> };

const doc = (p: string, href: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: p }, { type: 'text', text: 'link', marks: [{ type: 'link', attrs: { href } }] }] }],
});

/** Each text prop holding `p` (links fixed to harmless values). */
export function hostileStaticBlocks(p: string): Block[] {
  return [
    { id: 'gallery', type: 'gallery', props: { images: [{ src: '/assets/pot.jpg', alt: p }], label: p } },
    { id: 'markdown', type: 'markdown', props: { markdown: `${p}\n\n[a](${p}) ![b](${p}) <${p}> **${p}**` } },
    { id: 'video', type: 'video', props: { url: 'https://youtu.be/dQw4w9WgXcQ', title: p, caption: p } },
    { id: 'map', type: 'map', props: { address: p, image: '/assets/map.png', alt: p } },
    { id: 'audio', type: 'audio', props: { src: '/assets/a.mp3', title: p, artist: p } },
    { id: 'accordion', type: 'accordion', props: { items: [{ title: p, body: doc(p, `/search?q=${p}`) }], oneAtATime: true } },
    { id: 'marquee', type: 'marquee', props: { text: p, preset: 'mild-wave' } },
    { id: 'marquee-straight', type: 'marquee', props: { text: p } },
    { id: 'search', type: 'search', props: { label: p, placeholder: p, buttonLabel: p } },
    { id: 'menu', type: 'menu', props: { sections: [{ title: p, note: p, items: [{ name: p, description: p, price: 450 }] }] } },
    { id: 'donation', type: 'donation', props: { title: p } },
    { id: 'member-area', type: 'member-area', props: { title: p } },
    { id: 'link', type: 'link', props: { href: '/journal', title: p, description: p } },
    { id: 'shape', type: 'shape' },
    { id: 'language-switcher', type: 'language-switcher', props: { label: p } },
    ...['bar', 'line', 'pie'].map((kind) => ({
      id: `chart-${kind}`,
      type: `chart-${kind}`,
      props: { title: p, description: p, ...(kind === 'pie' ? {} : { xLabel: p, yLabel: p }), dataset: { header: [p, p], rows: [{ label: p, values: [3] }, { label: `${p}.`, values: [null] }] } },
    })),
  ];
}

/** The link props a save keeps when safe-url.ts allows them, holding `p`. */
export function hostileStaticLinks(p: string): Block[] {
  return [
    { id: 'social', type: 'social-links', props: { links: [p] } },
    { id: 'link-href', type: 'link', props: { href: p } },
    // A rich text link (the rich-text schema refuses what safe-url.ts refuses).
    { id: 'accordion-link', type: 'accordion', props: { items: [{ title: 'q', body: doc('a', p) }] } },
  ];
}

/**
 * Link props with a stricter rule (a video link; a file of the site's own for posters,
 * static maps, gallery images and audio): every payload is refused at the save.
 */
export function refusedStaticLinks(p: string): Block[] {
  return [
    { id: 'video', type: 'video', props: { url: p } },
    { id: 'audio', type: 'audio', props: { src: p } },
    { id: 'poster', type: 'video', props: { url: 'https://vimeo.com/76979871', poster: p } },
    { id: 'map', type: 'map', props: { address: 'Harbour', image: p } },
    { id: 'gallery', type: 'gallery', props: { images: [{ src: p }] } },
  ];
}
