import { describe, expect, it } from 'vitest';
import { NEXT, acceptsClick, phaseDisabled, phaseLabel } from './add-to-cart-phase.js';

describe('add-to-cart phases (SPEC §4, §9)', () => {
  it('labels each phase with the SPEC text', () => {
    expect(phaseLabel('idle', 'Add To Cart', false)).toBe('Add To Cart');
    expect(phaseLabel('adding', 'Add To Cart', false)).toBe('Adding…');
    expect(phaseLabel('added', 'Add To Cart', false)).toBe('Added!');
    expect(phaseLabel('select-option', 'Add To Cart', false)).toBe('Select Option');
    expect(phaseLabel('failed', 'Book a seat', false)).toBe('Book a seat');
    expect(phaseLabel('idle', 'Add To Cart', true)).toBe('Sold Out');
  });
  it("labels each phase with the page's words when it gives them (issue 29, French)", () => {
    const fr = { adding: 'Ajout…', added: 'Ajouté\u00a0!', soldOut: 'Épuisé', selectOption: 'Choisissez une option' };
    expect(phaseLabel('idle', 'Ajouter au panier', false, fr)).toBe('Ajouter au panier');
    expect(phaseLabel('adding', 'Ajouter au panier', false, fr)).toBe('Ajout…');
    expect(phaseLabel('added', 'Ajouter au panier', false, fr)).toBe('Ajouté\u00a0!');
    expect(phaseLabel('select-option', 'Ajouter au panier', false, fr)).toBe('Choisissez une option');
    expect(phaseLabel('failed', 'Ajouter au panier', false, fr)).toBe('Ajouter au panier');
    expect(phaseLabel('idle', 'Ajouter au panier', true, fr)).toBe('Épuisé');
  });
  it('runs on the SPEC §9 delays: Added! from the answer, idle 1 s + 2 s after success, 1 s after failure, 2000 ms Select Option', () => {
    expect(NEXT.added).toEqual({ to: 'idle', afterMs: 3000 });
    expect(NEXT.failed).toEqual({ to: 'idle', afterMs: 1000 });
    expect(NEXT['select-option']).toEqual({ to: 'idle', afterMs: 2000 });
    expect(NEXT.adding).toBeUndefined();
  });
  it('ignores clicks unless idle; sold out and Select Option disable the button', () => {
    expect(acceptsClick('idle', false)).toBe(true);
    for (const p of ['adding', 'added', 'failed', 'select-option'] as const) expect(acceptsClick(p, false)).toBe(false);
    expect(acceptsClick('idle', true)).toBe(false);
    expect(phaseDisabled('select-option', false)).toBe(true);
    expect(phaseDisabled('added', false)).toBe(false);
    expect(phaseDisabled('idle', true)).toBe(true);
  });
});
