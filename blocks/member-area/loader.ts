import type { BlockLoadContext } from '../../edge/services/block-loads.js';
import { areaNames } from '../../edge/services/members/areas.js';
import { defineLoader } from '../define.js';
import { memberAreaBlock } from './index.js';

/**
 * Every member-area block of a page in one query: the named area's name (none when unset or
 * gone) and the links' words in the page's language (issue 29); a block whose area is unset
 * or gone gets only the placeholder's words.
 */
export const memberAreaLoader = defineLoader(memberAreaBlock, async (blocks, ctx: BlockLoadContext) => {
  const [names, t] = await Promise.all([areaNames(ctx.db, ctx.site.id, [...new Set(blocks.map((props) => props.area).filter(Boolean))]), ctx.texts()]);
  return blocks.map((props) => {
    const name = names.get(props.area);
    return name === undefined ? { empty: t.memberAreaEmpty } : { name, join: t.memberAreaJoin, signIn: t.accountSignIn };
  });
});
