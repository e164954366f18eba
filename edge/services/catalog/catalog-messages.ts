/**
 * Texts of the catalogue APIs. SPEC §5 gives the tag manager's ('This {tagType} already
 * exists'); the others are ours, in the catalogue's voice.
 */
export const CATALOG_MESSAGES = {
  storeNotFound: 'No such store on this site.',
  productNotFound: 'No such product in this store.',
  variantNotFound: 'No such variant of this product.',
  // SPEC §5 tag manager, with tagType 'category'.
  categoryExists: 'This category already exists',
  parentCategoryMissing: 'The parent category is not in this store.',
  rootCategoryExists: 'This store already has its root category.',
  // SPEC §9 limits.
  tooManyCategories: 'A store has at most 10,000 categories.',
  tooManyProducts: 'A store has at most 200 products.',
  navigationChanged: 'The main navigation changed while the store was being created. Nothing was created; try again.',
  navigationForbidden: 'Your role cannot change the site navigation; create the store without adding it to the main navigation.',
  slugTaken: (slug: string) => `${slug} is already used by another product in this store.`,
  skuTaken: (sku: string, product: string) => `The SKU ${sku} is already used by ${product}.`,
  skuRepeated: (sku: string) => `The SKU ${sku} is used by more than one variant here.`,
  versionConflict: 'Someone else saved this product since you opened it. Reload to see their changes, then edit again.',
  versionRequired: 'Send the version you edited in an If-Match header.',
  stockNegative: 'Stock cannot go below 0.',
  stockHeld: (held: number) => `Stock cannot go below the ${held} unit${held === 1 ? '' : 's'} held in shoppers\u2019 carts.`,
  stockChanged: 'The stock changed since you read it. Reload to see the current count, then set it again.',
  stockUnlimited: 'This variant has unlimited stock; turn that off to count its units.',
  productInCarts: (title: string) => `${title} is in shoppers\u2019 carts, so it cannot be deleted. Archive it instead: it leaves the store and stays for orders.`,
  productHasOrders: (title: string) => `${title} has orders, so it cannot be deleted. Archive it instead: it leaves the store and stays for orders.`,
  bulkChanged: 'These products changed while the action ran. Nothing was changed; reload and try again.',
  variantInCarts: (sku: string) => `The variant ${sku} is in shoppers\u2019 carts; hide the product instead of deleting the variant.`,
  // Product images (cat-editor).
  imageRepeated: 'This image is already in the product\u2019s images.',
  imageNotFound: 'Choose an image from this site\u2019s files.',
  variantImageNotListed: 'Choose one of this product\u2019s images.',
  // Tag manager (SPEC §5 texts with tagType 'tag' / 'category'; the rest ours).
  tagExists: (tagType: 'tag' | 'category') => `This ${tagType} already exists`,
  editOneAtATime: (tagType: 'tag' | 'category') => `You may only edit one ${tagType} at a time`,
  tagMissing: (tagType: 'tag' | 'category', name: string) => `No ${tagType} named ${name} here.`,
  tagCollectionNotFound: 'No such store or blog on this site.',
  categoryMissing: 'No such category in this store.',
  rootCategoryStays: 'The store\u2019s top category (all products) cannot be removed, merged away or moved.',
  categoryInsideItself: 'A category cannot go inside itself or one of its subcategories.',
  categoryMoved: 'Someone else moved this category since you loaded the list. Reload, then move it again.',
  // SPEC §9: at most 250 items in a user-orderable collection.
  tooManySiblings: 'A category holds at most 250 subcategories (a list ordered by hand holds at most 250 items).',
} as const;
