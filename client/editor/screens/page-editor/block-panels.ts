import type { ComponentType } from 'react';
import { ChartDataPanel } from '../../../../blocks/charts/panel.js';

/** What a block's own panel (blocks/<name>/panel.tsx) gets: the block's props, and how to change them. */
export interface BlockPanelProps {
  props: Record<string, unknown>;
  onChange: (next: Record<string, unknown>, key: string) => void;
}

/** Block types with a panel of their own, shown under the generic props form. */
export const BLOCK_PANELS: Readonly<Record<string, ComponentType<BlockPanelProps>>> = {
  'chart-bar': ChartDataPanel,
  'chart-line': ChartDataPanel,
  'chart-pie': ChartDataPanel,
};

/** The props a block's panel edits that the generic form leaves out (schema-fields.test.ts checks every prop is editable). */
export const PANEL_PROPS: Readonly<Record<string, readonly string[]>> = {
  'chart-bar': ['dataset'],
  'chart-line': ['dataset'],
  'chart-pie': ['dataset'],
};
