import { BLOCK_MENU_GROUPS } from '../../../../../blocks/define.js';
import { BLOCKS } from '../../../../../blocks/registry.js';
import { labelOf } from '../schema-fields.js';

export const groupLabel = (group: string) => labelOf(group.replace('_', ' '));

/**
 * The registry's block types by SPEC §2 group, for the block menu's search; groups without
 * built blocks never show. A query matching a group's name keeps all its blocks; otherwise a
 * block stays when its label or name contains the query (case-insensitive). Empty: all.
 */
export function blockGroups(query: string) {
  const q = query.trim().toLowerCase();
  return BLOCK_MENU_GROUPS.map((group) => {
    const inGroup = BLOCKS.filter((b) => b.group === group);
    const groupHit = q !== '' && groupLabel(group).toLowerCase().includes(q);
    const blocks = groupHit ? inGroup : inGroup.filter((b) => labelOf(b.name).toLowerCase().includes(q) || b.name.includes(q));
    return { group, blocks };
  }).filter((g) => g.blocks.length > 0);
}
