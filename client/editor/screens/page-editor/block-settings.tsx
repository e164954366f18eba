import type { ComponentType } from 'react';
import { ChartDataPanel } from '../../../../blocks/charts/panel.js';
import { DonationPanel } from '../../../../blocks/donation/panel.js';
import { FormPanel } from '../../../../blocks/form/panel.js';
import { GalleryPanel } from '../../../../blocks/gallery/panel.js';
import { ImagePanel } from '../../../../blocks/image/panel.js';
import { MemberAreaPanel } from '../../../../blocks/member-area/panel.js';
import { ProductPanel } from '../../../../blocks/product/panel.js';
import { SummaryPanel } from '../../../../blocks/summary/panel.js';
import { type BlockPanelProps, OtherFields } from './panel-kit.js';
import { PropsForm } from './props-form.js';

/** The chart blocks: their generic fields, then the data panel (paste or import a CSV) for `dataset`. */
function ChartSettings(props: BlockPanelProps) {
  return (
    <>
      <OtherFields {...props} skip={['dataset']} />
      <ChartDataPanel props={props.value} onChange={props.onChange} />
    </>
  );
}

/** Block types with their own settings panel (`blocks/<name>/panel.tsx`); the rest get the generic form. */
const PANELS: Readonly<Record<string, ComponentType<BlockPanelProps>>> = {
  image: ImagePanel,
  gallery: GalleryPanel,
  product: ProductPanel,
  summary: SummaryPanel,
  form: FormPanel,
  'member-area': MemberAreaPanel,
  donation: DonationPanel,
  'chart-bar': ChartSettings,
  'chart-line': ChartSettings,
  'chart-pie': ChartSettings,
};

/** Whether `type` has a panel of its own (schema-fields.test.ts: props only a panel draws need one). */
export const hasOwnPanel = (type: string) => Object.hasOwn(PANELS, type);

/**
 * The settings of one block: its type's panel, else the fields generated from its props schema
 * (`errors` keyed by `prefix` + prop, the server's field messages, shown by the generic fields).
 */
export function BlockSettings({ type, errors, prefix, ...props }: BlockPanelProps & { type: string; errors?: Record<string, string>; prefix?: string }) {
  const Panel = PANELS[type];
  return Panel ? <Panel {...props} /> : <PropsForm {...props} errors={errors} prefix={prefix} />;
}
