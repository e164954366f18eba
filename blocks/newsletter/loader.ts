import type { BlockLoadContext } from '../../edge/services/block-loads.js';
import { formsForBlocks } from '../../edge/services/forms/definitions.js';
import { defineLoader } from '../define.js';
import { newsletterBlock } from './index.js';

/** Every newsletter block of a page in one round trip: the named newsletter form, else the site's first. */
export const newsletterLoader = defineLoader(newsletterBlock, async (blocks, ctx: BlockLoadContext) => {
  const ids = [...new Set(blocks.map((props) => props.form).filter(Boolean))];
  const { byId, newsletter } = await formsForBlocks(ctx.db, ctx.site.id, ids);
  return blocks.map((props) => {
    const form = props.form ? byId.get(props.form) : newsletter;
    return form?.kind === 'newsletter' ? ctx.form(form) : undefined;
  });
});
