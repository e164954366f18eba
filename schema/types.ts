/** SPEC §3 codes shared by the schema files and the seed (branded scalars: domain/branded-types.ts). */

/** SPEC §3 ProductType. */
export const PRODUCT_TYPE = { physical: 1, digital: 2, service: 3, giftCard: 4, paywall: 5 } as const;
export type ProductType = (typeof PRODUCT_TYPE)[keyof typeof PRODUCT_TYPE];

/** SPEC §3 CollectionType (the codes the demo and the edge use; 1-25 exist). */
export const COLLECTION_TYPE = { generic: 1, page: 10, products: 13 } as const;

/** SPEC §3 RecordType (subset the seed writes). */
export const RECORD_TYPE = { text: 1, image: 2, storeItem: 11, event: 12 } as const;

/** SPEC §3 FolderBehavior. */
export const FOLDER_BEHAVIOR = { index: 1, redirect: 2, none: 3 } as const;

/** SPEC §3 site settings: website colour as HSL with optional alpha. */
export interface HslColor {
  hue: number;
  saturation: number;
  lightness: number;
  alpha?: number;
}

/** SPEC §3 Image colorData: average colours per region, as hex without '#'. */
export interface ColorData {
  topLeftAverage: string;
  topRightAverage: string;
  bottomLeftAverage: string;
  bottomRightAverage: string;
  centerAverage: string;
  suggestedBgColor?: string;
}

export interface FocalPoint {
  x: number;
  y: number;
}
