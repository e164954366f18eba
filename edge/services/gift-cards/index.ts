/** Gift cards: issued by buying a gift-card product, drawn down at checkout. */
export { newGiftCardCode, normaliseGiftCardCode, giftCardCodeHash } from './codes.js';
export { carriedGiftCardUse, giftCardJson, giftCardUse, giftCardRefusal, type GiftCardUse } from './lookup.js';
export { GIFT_CARD_MESSAGES } from './messages.js';
export { drawStatements, GIFT_CARD_GUARD_FAILURE, settleStatements, undrawStatements } from './redeem.js';
export { giftCardMailStatements, issueStatements, newGiftCards } from './issue.js';
