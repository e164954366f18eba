import { describe, expect, it } from 'vitest';
import { assetUrl, imageJson, systemDataVariants } from '../../services/item-json/image-json.js';
import { pageNumber, paginationJson } from './pagination.js';
import { merchandisingJson, merchandisingViews, productJson } from '../../services/item-json/product-json.js';
import type { AssetRecord, ProductRecord, VariantRecord } from '../../services/item-details.js';

const asset: AssetRecord = {
  id: 'img_1',
  websiteId: 'w',
  kind: 'image',
  r2Key: 'products/apron 1.jpg',
  filename: 'apron-1.jpg',
  contentType: 'image/jpeg',
  byteSize: 10,
  originalSize: '1200x800',
  focalPointX: 0.3,
  focalPointY: 0.7,
  colorData: null,
  altText: 'Linen apron',
  title: 'Apron',
  createdOn: 0,
};

describe('image context', () => {
  it('offers the srcset widths up to the original width', () => {
    expect(systemDataVariants('1200x800')).toBe('1200x800,100w,300w,500w,750w,1000w');
    expect(systemDataVariants('3000x2000')).toBe('3000x2000,100w,300w,500w,750w,1000w,1500w,2500w');
    expect(systemDataVariants('junk')).toBeUndefined();
  });

  it('maps an asset to the fields the image formatters read', () => {
    expect(assetUrl('products/apron 1.jpg')).toBe('/assets/products/apron%201.jpg');
    expect(imageJson(asset)).toEqual({
      id: 'img_1',
      title: 'Apron',
      altText: 'Linen apron',
      filename: 'apron-1.jpg',
      assetUrl: '/assets/products/apron%201.jpg',
      originalSize: '1200x800',
      mediaFocalPoint: { x: 0.3, y: 0.7 },
      systemDataVariants: '1200x800,100w,300w,500w,750w,1000w',
    });
  });
});

describe('pagination', () => {
  it('links neighbours and leaves ?page off the first page', () => {
    expect(paginationJson('/shop', 2, 10, 25)).toEqual({
      pageSize: 10,
      currentPage: 2,
      totalPages: 3,
      nextPage: true,
      prevPage: true,
      nextPageUrl: '/shop?page=3',
      prevPageUrl: '/shop',
    });
    expect(paginationJson('/blog', 1, 10, 0)).toMatchObject({ totalPages: 1, nextPage: false, prevPage: false });
  });

  it('reads ?page leniently', () => {
    expect(pageNumber(undefined)).toBe(1);
    expect(pageNumber('3')).toBe(3);
    expect(pageNumber('0')).toBe(1);
    expect(pageNumber('-2')).toBe(1);
    expect(pageNumber('2abc')).toBe(1);
  });
});

describe('product context', () => {
  const product: ProductRecord = {
    itemId: 'p1',
    websiteId: 'w',
    productType: 1,
    variantOptionOrdering: ['Colour', 'Size'],
    currency: 'USD',
    priceCents: null,
    salePriceCents: null,
    onSale: false,
    digitalAssetId: null,
    isSubscribable: false,
    version: 1,
    additionalFieldsFormId: null,
    useCustomAddButtonText: false,
    customAddButtonText: null,
    visible: true,
    maxDownloads: null,
    downloadLinkHours: null,
  };
  const variant: VariantRecord = {
    id: 'v1',
    websiteId: 'w',
    productId: 'p1',
    sku: 'APR-S',
    currency: 'USD',
    priceCents: 2500,
    salePriceCents: 1999,
    onSale: true,
    attributes: { Size: 'S', Colour: 'Sand' },
    qtyInStock: 3,
    unlimited: false,
    mainImageId: 'img_1',
    weightGrams: null,
    position: 0,
  };

  it('prices variants in cents and as the dialect money object', () => {
    const sc = productJson(product, [variant], new Map([['img_1', asset]]));
    expect(sc).toMatchObject({ productType: 1, isSubscribable: false, variantOptionOrdering: ['Colour', 'Size'] });
    expect(sc.priceMoney).toBeUndefined();
    expect((sc.variants as unknown[])[0]).toEqual({
      id: 'v1',
      sku: 'APR-S',
      price: 2500,
      salePrice: 1999,
      priceMoney: { currency: 'USD', value: '25.00' },
      salePriceMoney: { currency: 'USD', value: '19.99' },
      onSale: true,
      qtyInStock: 3,
      unlimited: false,
      attributes: { Size: 'S', Colour: 'Sand' },
      optionValues: [
        { optionName: 'Colour', value: 'Sand' },
        { optionName: 'Size', value: 'S' },
      ],
      mainImage: { id: 'img_1', assetUrl: '/assets/products/apron%201.jpg' },
    });
  });

  it('puts a digital product price on the product', () => {
    const sc = productJson({ ...product, productType: 2, priceCents: 1200, salePriceCents: 0 }, [], new Map());
    expect(sc).toMatchObject({ priceMoney: { currency: 'USD', value: '12.00' }, onSale: false, variants: [] });
  });
});

describe('merchandising context', () => {
  const base: VariantRecord = {
    id: 'v',
    websiteId: 'w',
    productId: 'p1',
    sku: 'S',
    currency: 'USD',
    priceCents: 100,
    salePriceCents: 0,
    onSale: false,
    attributes: { Size: 'S' },
    qtyInStock: 0,
    unlimited: false,
    mainImageId: null,
    weightGrams: null,
    position: 0,
  };
  const variants = [
    { ...base, id: 'a', qtyInStock: 3, attributes: { Size: 'S' } },
    { ...base, id: 'b', qtyInStock: 0, attributes: { Size: 'M' } },
    { ...base, id: 'c', qtyInStock: 50, attributes: { Size: 'L' } },
    { ...base, id: 'd', unlimited: true, attributes: { Size: 'XL' } },
  ];

  it('derives scarcity and restock views from stock', () => {
    expect(merchandisingViews(variants)).toEqual({
      scarcityTemplateViews: [{ qtyInStock: 3, attributes: { Size: 'S' } }],
      restockNotificationViews: [{ variantId: 'b', hiddenByDefault: true }],
    });
  });

  it('honours where the site shows each feature and the {0} placeholder', () => {
    const row = {
      productId: 'p1',
      websiteId: 'w',
      customSoldOutText: null,
      scarcityEnabled: true,
      scarcityTemplateViews: ['product-detail'],
      scarcityText: 'Only {0} left',
      scarcityShownByDefault: false,
      restockNotificationViews: ['product-detail'],
      restockNotificationMessages: { buttonText: 'Notify me' },
      mailingListSignUpEnabled: false,
      mailingListOptInByDefault: false,
    };
    const byProduct = new Map([['p1', variants]]);
    const detail = merchandisingJson([row], byProduct, 'product-detail').p1 as Record<string, any>;
    expect(detail.scarcityEnabled).toBe(true);
    expect(detail.scarcityText).toBe('Only {qtyInStock} left');
    expect(detail.restockNotificationViews).toHaveLength(1);
    expect(detail.restockNotificationMessages.buttonText).toBe('Notify me');
    expect(detail.restockNotificationMessages.CTAText).toBeTruthy();
    const list = merchandisingJson([row], byProduct, 'product-list').p1 as Record<string, any>;
    expect(list.scarcityEnabled).toBe(false);
    expect(list.restockNotificationViews).toEqual([]);
  });
});
