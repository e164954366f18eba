// The wording is a pure rule the owner app shows too (the product editor's plan preview): it lives in domain/.
export { subscriptionPriceWording, subscriptionWording, type WordingTexts } from '../../../domain/commerce/subscription-wording.js';
