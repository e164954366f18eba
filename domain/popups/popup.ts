import { z } from 'zod';

const path = z.string().trim().min(1).max(300).startsWith('/', 'Pages are paths starting with /.');
const linkUrl = z
  .string()
  .trim()
  .max(2083)
  .refine((v) => v.startsWith('/') || /^https?:\/\//i.test(v), { message: 'Add a link starting with /, http:// or https://.' });

/** What the popup offers: a newsletter sign-up to a chosen mailing list, or a button with a link. */
export const popupAction = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('newsletter'), listId: z.string().min(1, 'A List must be selected').max(100), buttonLabel: z.string().trim().min(1).max(60) }),
  z.strictObject({ kind: z.literal('link'), label: z.string().trim().min(1, 'Add a button label.').max(60), url: linkUrl }),
]);

/** When it opens: after N seconds, at a scroll depth, or on exit intent (phones: after `fallbackSeconds`). */
export const popupTrigger = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('delay'), seconds: z.number().int().min(0).max(600) }),
  z.strictObject({ kind: z.literal('scroll'), percent: z.number().int().min(1).max(100) }),
  z.strictObject({ kind: z.literal('exit'), fallbackSeconds: z.number().int().min(0).max(600) }),
]);

export const popupPages = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('all') }),
  z.strictObject({ mode: z.literal('chosen'), paths: z.array(path).min(1, 'Choose at least one page.').max(50) }),
]);

/** How often a visitor who dismissed it sees it again: once per version, or again after N days. */
export const popupFrequency = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('once') }),
  z.strictObject({ mode: z.literal('days'), days: z.number().int().min(1).max(365) }),
]);

/** The owner's popup design (docs/api/popups.md). */
export const popupDesign = z.strictObject({
  enabled: z.boolean(),
  imageUrl: z.string().trim().max(2083).refine((v) => v === '' || v.startsWith('/') || /^https:\/\//i.test(v), { message: 'Choose an image from your files.' }),
  imageAlt: z.string().trim().max(200),
  heading: z.string().trim().min(1, 'Add a heading.').max(120),
  text: z.string().trim().max(600),
  action: popupAction,
  trigger: popupTrigger,
  pages: popupPages,
  frequency: popupFrequency,
});

export type PopupDesign = z.infer<typeof popupDesign>;

/** A new site's popup: off, shown five seconds after a page opens, on every page, once per version. */
export const DEFAULT_POPUP: PopupDesign = {
  enabled: false,
  imageUrl: '',
  imageAlt: '',
  heading: 'Join our newsletter',
  text: 'News, offers and new arrivals, now and then.',
  action: { kind: 'link', label: 'Shop now', url: '/shop' },
  trigger: { kind: 'delay', seconds: 5 },
  pages: { mode: 'all' },
  frequency: { mode: 'once' },
};

/** True when the popup shows on `pathname` (trailing slashes ignored). */
export function popupShowsOn(design: Pick<PopupDesign, 'pages'>, pathname: string): boolean {
  if (design.pages.mode === 'all') return true;
  const norm = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  return design.pages.paths.some((p) => norm(p) === norm(pathname));
}

export const POPUP_MESSAGES = {
  conflict: 'Someone else saved the popup since you opened it. Reload to see their changes, then edit again.',
  notFound: 'There is no popup to show.',
  emailBlank: 'Enter your email address.',
  emailInvalid: 'Enter a valid email address.',
  failed: 'We could not sign you up. Please try again.',
} as const;
