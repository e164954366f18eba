import type { BlockLoadContext } from '../../edge/services/block-loads.js';
import { formsForBlocks } from '../../edge/services/forms/definitions.js';
import { defineLoader } from '../define.js';
import { formBlock } from './index.js';

/** Every form block of a page in one round trip; a product's additional-fields form is never a page's form. */
export const formLoader = defineLoader(formBlock, async (blocks, ctx: BlockLoadContext) => {
  const ids = [...new Set(blocks.map((props) => props.form).filter(Boolean))];
  if (ids.length === 0) return blocks.map(() => undefined);
  const { byId } = await formsForBlocks(ctx.db, ctx.site.id, ids);
  return blocks.map((props) => {
    const form = byId.get(props.form);
    return form && form.kind !== 'additional-fields' ? ctx.form(form) : undefined;
  });
});
