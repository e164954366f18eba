import type { ComponentType } from 'react';
import { FormPanel } from '../../../../blocks/form/panel.js';
import { GalleryPanel } from '../../../../blocks/gallery/panel.js';
import { ImagePanel } from '../../../../blocks/image/panel.js';
import { ProductPanel } from '../../../../blocks/product/panel.js';
import { SummaryPanel } from '../../../../blocks/summary/panel.js';
import type { BlockPanelProps } from './panel-kit.js';
import { PropsForm } from './props-form.js';

/** Block types with their own settings panel (`blocks/<name>/panel.tsx`); the rest get the generic form. */
const PANELS: Readonly<Record<string, ComponentType<BlockPanelProps>>> = {
  image: ImagePanel,
  gallery: GalleryPanel,
  product: ProductPanel,
  summary: SummaryPanel,
  form: FormPanel,
};

/** The settings of one block: its type's panel, else the fields generated from its props schema. */
export function BlockSettings({ type, ...props }: BlockPanelProps & { type: string }) {
  const Panel = PANELS[type];
  return Panel ? <Panel {...props} /> : <PropsForm {...props} />;
}
