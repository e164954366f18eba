import { describe, expect, it } from 'vitest';
import { addAreaNode, addPageNode, buildTree, canIndent, indentNode, moveNode, outdentNode, removeNode, reorderNode, toItems, toNodes, type NavLink, type OwnerPage } from './tree.js';
import { epochToZoned, zonedToEpoch } from './zoned-time.js';

const page = (id: string, slug: string, extra: Partial<OwnerPage> = {}): OwnerPage => ({
  id, title: slug, slug, url: `/${slug}`, seoTitle: null, seoDescription: null, socialImage: null, status: 'draft', draftVersion: 1, publishedVersion: null,
  publishedOn: null, publishAt: null, scheduledVersion: null, trashedOn: null, createdOn: 1, updatedOn: 1, ...extra,
});
const link = (title: string, target: Partial<NavLink>, children: NavLink[] = []): NavLink => ({
  title, url: `/${title.toLowerCase()}`, collectionId: null, pageId: null, externalLink: null, newWindow: false, visible: true, children, ...target,
});

describe('the Pages tree', () => {
  const nav = toNodes([
    link('Home', { collectionId: 'c-home', url: '/' }),
    link('Workshops', { pageId: 'p1' }, [link('Kids', { pageId: 'p2' })]),
    link('Instagram', { externalLink: 'https://instagram.com/x' }),
  ]);
  const pages = [page('p1', 'workshops'), page('p2', 'kids'), page('p3', 'faq'), page('home', 'home'), page('p4', 'about')];
  const collections = [{ id: 'c-home', title: 'Home', url: '/', typeName: 'page', enabled: true }, { id: 'c-about', title: 'About', url: '/about', typeName: 'page', enabled: true }];

  it('splits pages into the navigation, not linked, and collection pages', () => {
    const tree = buildTree(nav, pages, collections);
    expect(tree.main.map((n) => n.title)).toEqual(['Home', 'Workshops', 'Instagram']);
    expect(tree.main[1]!.children.map((n) => n.pageId)).toEqual(['p2']);
    // Linked pages (also as a child) and collection content pages are not "not linked".
    expect(tree.notLinked.map((p) => p.id)).toEqual(['p3']);
    expect(tree.collections.map((c) => [c.collection.id, c.page?.id])).toEqual([['c-home', 'home'], ['c-about', 'p4']]);
  });

  it('moves, reorders, nests one level and takes out', () => {
    const titles = (nodes: typeof nav) => nodes.map((n) => `${n.title}${n.children.length ? `(${n.children.map((c) => c.title).join(',')})` : ''}`);
    expect(titles(moveNode(nav, nav[2]!.key, -1))).toEqual(['Home', 'Instagram', 'Workshops(Kids)']);
    expect(titles(moveNode(nav, nav[0]!.key, -1))).toEqual(['Home', 'Workshops(Kids)', 'Instagram']);
    expect(titles(reorderNode(nav, nav[2]!.key, nav[0]!.key))).toEqual(['Instagram', 'Home', 'Workshops(Kids)']);
    // A drop into another list is refused (children move within their parent).
    expect(titles(reorderNode(nav, nav[1]!.children[0]!.key, nav[0]!.key))).toEqual(titles(nav));
    // Instagram goes under Workshops, after Kids; Workshops (with children) cannot be nested.
    expect(titles(indentNode(nav, nav[2]!.key))).toEqual(['Home', 'Workshops(Kids,Instagram)']);
    expect(canIndent(nav, nav[1]!.key)).toBe(false);
    expect(canIndent(nav, nav[0]!.key)).toBe(false);
    expect(titles(outdentNode(nav, nav[1]!.children[0]!.key))).toEqual(['Home', 'Workshops', 'Kids', 'Instagram']);
    expect(titles(removeNode(nav, nav[1]!.children[0]!.key))).toEqual(['Home', 'Workshops', 'Instagram']);
    // The original is never changed.
    expect(titles(nav)).toEqual(['Home', 'Workshops(Kids)', 'Instagram']);
  });

  it('makes UpdateNavigation items with exactly one target each', () => {
    const next = addPageNode(nav, page('p3', 'faq', { title: 'FAQ' }));
    expect(toItems(next)).toEqual([
      { title: 'Home', collectionId: 'c-home', newWindow: false },
      { title: 'Workshops', pageId: 'p1', newWindow: false, children: [{ title: 'Kids', pageId: 'p2', newWindow: false }] },
      { title: 'Instagram', externalLink: 'https://instagram.com/x', newWindow: false },
      { title: 'FAQ', pageId: 'p3', newWindow: false },
    ]);
  });

  it('keeps a member area item as the area (never turned into a public link) and adds one at the end', () => {
    const withArea = toNodes([link('Home', { collectionId: 'c-home' }), link('Club', { memberAreaId: 'a1', url: '/club-notes' })]);
    expect(toItems(addAreaNode(withArea, { id: 'a2', name: 'Glaze Club' }))).toEqual([
      { title: 'Home', collectionId: 'c-home', newWindow: false },
      { title: 'Club', memberAreaId: 'a1', newWindow: false },
      { title: 'Glaze Club', memberAreaId: 'a2', newWindow: false },
    ]);
  });
});

describe('schedule times in the site time zone', () => {
  it('reads a wall-clock time where the shop is, across daylight saving', () => {
    expect(zonedToEpoch('2026-12-01T09:30', 'America/New_York')).toBe(Date.UTC(2026, 11, 1, 14, 30));
    expect(zonedToEpoch('2026-07-01T09:30', 'America/New_York')).toBe(Date.UTC(2026, 6, 1, 13, 30));
    expect(zonedToEpoch('2026-07-01T09:30', 'Asia/Tokyo')).toBe(Date.UTC(2026, 6, 1, 0, 30));
    expect(zonedToEpoch('nonsense', 'UTC')).toBeUndefined();
    expect(epochToZoned(Date.UTC(2026, 6, 1, 13, 30), 'America/New_York')).toBe('2026-07-01T09:30');
  });
});
