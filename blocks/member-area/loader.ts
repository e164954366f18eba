import type { BlockLoadContext } from '../../edge/services/block-loads.js';
import { areaNames } from '../../edge/services/members/areas.js';
import { defineLoader } from '../define.js';
import { memberAreaBlock } from './index.js';

/** Every member-area block of a page in one query: the named area's name (none when unset or gone). */
export const memberAreaLoader = defineLoader(memberAreaBlock, async (blocks, ctx: BlockLoadContext) => {
  const names = await areaNames(ctx.db, ctx.site.id, [...new Set(blocks.map((props) => props.area).filter(Boolean))]);
  return blocks.map((props) => {
    const name = names.get(props.area);
    return name === undefined ? undefined : { name };
  });
});
