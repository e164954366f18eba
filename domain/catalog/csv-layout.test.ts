import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv-parse.js';
import { detectLayout, IMPORT_MESSAGES, proposeMapping, readProducts } from './csv-layout.js';
import { PRICE_MESSAGES } from './price-input.js';

const SHOPIFY_HEADER = 'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Price,Variant Compare At Price,Image Src,Image Alt Text,Status';
const site = { currency: 'USD', locale: 'en-US' };

function read(csv: string) {
  const parsed = parseCsv(csv);
  const layout = detectLayout(parsed.header);
  return { layout, ...readProducts(parsed.header, parsed.rows, proposeMapping(parsed.header, layout), site) };
}

describe('the Shopify layout', () => {
  it('groups rows of one handle into a product with its variants and images', () => {
    const csv = [
      SHOPIFY_HEADER,
      'ash-mug,Ash Mug,<p>Hand <b>thrown</b></p>,Fern,Mugs,"tableware, gifts",TRUE,Size,Small,Glaze,White,ASH-S-W,300,shopify,5,24.50,,https://cdn.test/a.jpg,Front,active',
      'ash-mug,,,,,,,,Large,,Blue,ASH-L-B,350,shopify,0,21.00,28.00,https://cdn.test/b.jpg,,',
      'ash-mug,,,,,,,,,,,,,,,,,https://cdn.test/c.jpg,Side,',
      'tote,Tote,,,Bags,,FALSE,Title,Default Title,,,,,,,9.5,,,,draft',
    ].join('\n');
    const { layout, products, errors } = read(csv);
    expect(layout).toBe('shopify');
    expect(errors).toEqual([]);
    expect(products).toHaveLength(2);
    const [mug, tote] = products;
    expect(mug!.line).toBe(2);
    expect(mug!.variantLines).toEqual([2, 3]);
    expect(mug!.body).toMatchObject({
      title: 'Ash Mug', slug: 'ash-mug', status: 'published', visible: true, categories: ['Mugs'], tags: ['tableware', 'gifts'], variantOptionOrdering: ['Size', 'Glaze'],
      variants: [
        { sku: 'ASH-S-W', price: 2450, onSale: false, attributes: { Size: 'Small', Glaze: 'White' }, qtyInStock: 5, unlimited: false, weightGrams: 300 },
        { sku: 'ASH-L-B', price: 2800, salePrice: 2100, onSale: true, attributes: { Size: 'Large', Glaze: 'Blue' }, qtyInStock: 0 },
      ],
    });
    expect(mug!.body.description.content![0]!.type).toBe('paragraph');
    expect(mug!.images.map((i) => [i.line, i.url, i.altText])).toEqual([[2, 'https://cdn.test/a.jpg', 'Front'], [3, 'https://cdn.test/b.jpg', ''], [4, 'https://cdn.test/c.jpg', 'Side']]);
    // "Title / Default Title" is Shopify's way of saying no options; a blank tracker is unlimited; a blank SKU is made.
    expect(tote!.body).toMatchObject({ status: 'draft', visible: false, variantOptionOrdering: [], variants: [{ sku: 'TOTE', price: 950, attributes: {}, unlimited: true }] });
  });

  it('reports bad prices, stock and repeated skus at their lines', () => {
    const csv = [
      SHOPIFY_HEADER,
      'a,A,,,,,TRUE,,,,,SKU-1,,shopify,1,12.505,,,,active',
      'b,B,,,,,TRUE,,,,,sku-1,,shopify,-2,-3,,,,active',
      'c,C,,,,,TRUE,,,,,SKU-3,,shopify,x,abc,,,,active',
      'd,D,,,,,TRUE,,,,,SKU-4,,shopify,1,1234567890123456,,,,active',
    ].join('\n');
    const { errors } = read(csv);
    expect(errors).toEqual([
      { line: 2, column: 'Variant Price', message: PRICE_MESSAGES.tooManyDecimals('USD', 2) },
      { line: 3, column: 'Variant Price', message: PRICE_MESSAGES.negative },
      { line: 3, column: 'Variant Inventory Qty', message: IMPORT_MESSAGES.stockNegative },
      { line: 3, column: 'Variant SKU', message: IMPORT_MESSAGES.skuRepeated('sku-1', 2) },
      { line: 4, column: 'Variant Price', message: PRICE_MESSAGES.notNumber },
      { line: 4, column: 'Variant Inventory Qty', message: IMPORT_MESSAGES.wholeNumber('stock') },
      { line: 5, column: 'Variant Price', message: PRICE_MESSAGES.tooManyIntegerPlaces },
    ]);
  });

  it('counts quoted newlines in the lines it reports', () => {
    const csv = `${SHOPIFY_HEADER}\na,A,"<p>one</p>\n<p>two</p>\n<p>three</p>",,,,TRUE,,,,,A-1,,shopify,1,1.00,,,,active\nb,B,,,,,TRUE,,,,,B-1,,shopify,1,oops,,,,active\n`;
    expect(read(csv).errors).toEqual([{ line: 5, column: 'Variant Price', message: PRICE_MESSAGES.notNumber }]);
  });

  it('reads a semicolon file with the locale decimal comma', () => {
    const parsed = parseCsv('Handle;Title;Variant SKU;Variant Price\nmug;Mug;M-1;12,50\n');
    const out = readProducts(parsed.header, parsed.rows, proposeMapping(parsed.header, detectLayout(parsed.header)), { currency: 'EUR', locale: 'de-DE' });
    expect(out.errors).toEqual([]);
    expect(out.products[0]!.body.variants[0]!.price).toBe(1250);
  });
});

describe('the mapping', () => {
  it('proposes fields for our own layout and for loose headers', () => {
    expect(proposeMapping(['Handle', 'Product type', 'SKU', 'Price', 'Colour'], 'atelier')).toEqual(['handle', 'productType', 'sku', 'price', null]);
    expect(proposeMapping(['handle', 'title', 'price', 'Price'], 'unknown')).toEqual(['handle', 'title', 'price', null]);
  });

  it('needs a handle and a price column', () => {
    const parsed = parseCsv('Name,Cost\nMug,1\n');
    expect(readProducts(parsed.header, parsed.rows, [null, null], site).errors.map((e) => e.message)).toEqual([IMPORT_MESSAGES.noHandle, IMPORT_MESSAGES.noPriceColumn]);
    expect(readProducts(parsed.header, parsed.rows, ['handle', 'price'], site).errors).toEqual([{ line: 2, message: IMPORT_MESSAGES.titleMissing }]);
  });

  it('reads 10,000 variant rows of 200 products', () => {
    const lines = ['Handle,Title,Product type,SKU,Price,Option1 Name,Option1 Value'];
    for (let p = 0; p < 200; p++) for (let v = 0; v < 50; v++) lines.push(`p${p},Product ${p},physical,S-${p}-${v},${v}.99,Size,${v}`);
    const parsed = parseCsv(lines.join('\n'));
    const out = readProducts(parsed.header, parsed.rows, proposeMapping(parsed.header, 'unknown'), site);
    expect(out.errors).toEqual([]);
    expect(out.products).toHaveLength(200);
    expect(out.products[199]!.variantLines.at(-1)).toBe(10_001);
  });
});
