import { describe, expect, it } from 'vitest';
import { ADD_TO_CART_TEXTS, addToCartTextsOf, localizedMessage, unselectedText } from './add-to-cart-texts.js';
import { MESSAGES, unselectedOptionsMessage } from '../../domain/messages/storefront-messages.js';

const FR = addToCartTextsOf({
  added: 'Ajouté\u00a0!',
  notEnoughStock: "Désolé, nous n'avons pas assez de cet article en stock.",
  network: 'Veuillez vérifier votre connexion Internet.',
  selectOneOption: "Veuillez choisir l'option {option}.",
  selectOptions: 'Veuillez choisir les options {options} et {last}.',
  soldOut: 42,
});

describe('add-to-cart texts (issue 29)', () => {
  it('takes the strings a page gives over the English, ignoring anything else', () => {
    expect(FR.added).toBe('Ajouté\u00a0!');
    expect(FR.adding).toBe('Adding…');
    expect(FR.soldOut).toBe('Sold Out');
    expect(addToCartTextsOf(undefined)).toEqual(ADD_TO_CART_TEXTS);
  });
  it('swaps an English catalogue message for the page words, leaves other messages', () => {
    expect(localizedMessage(MESSAGES.notEnoughStock, FR)).toBe("Désolé, nous n'avons pas assez de cet article en stock.");
    expect(localizedMessage(MESSAGES.network, FR)).toBe('Veuillez vérifier votre connexion Internet.');
    expect(localizedMessage('Only 2 left of Mug.', FR)).toBe('Only 2 left of Mug.');
    expect(localizedMessage(MESSAGES.notEnoughStock, ADD_TO_CART_TEXTS)).toBe(MESSAGES.notEnoughStock);
  });
  it("words the unselected options in French, and in English exactly as SPEC §5's message", () => {
    expect(unselectedText(['Taille'], FR)).toBe("Veuillez choisir l'option Taille.");
    expect(unselectedText(['Taille', 'Émail', 'Couvercle'], FR)).toBe('Veuillez choisir les options Taille, Émail et Couvercle.');
    for (const names of [[], ['Size'], ['Size', 'Glaze'], ['Size', 'Glaze', 'Lid']]) expect(unselectedText(names, ADD_TO_CART_TEXTS)).toBe(unselectedOptionsMessage(names));
  });
});
