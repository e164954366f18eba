/**
 * The words of a product's additional-fields dialog around the owner's form (SPEC §2, §5) and the
 * cart API's own message about its answers; the owner's form itself is content (issue 29).
 */
export const ADDITIONAL_FIELDS_TEXTS = {
  required: 'Required',
  select: 'Select',
  firstName: 'First Name',
  lastName: 'Last Name',
  save: 'Save',
  saving: 'Saving…',
  // CART_MESSAGES.additionalFieldUnknown, which the English answers keep.
  unknownField: 'This item has no such field.',
} as const;

export type AdditionalFieldsTexts = Record<keyof typeof ADDITIONAL_FIELDS_TEXTS, string>;

/** The translation entity of these texts (kind `system`, issue 29). */
export const ADDITIONAL_FIELDS_ENTITY = 'additional-fields';
