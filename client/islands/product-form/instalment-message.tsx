import { useState } from 'react';
import { LazyLightbox as Lightbox } from '../../components/lazy-lightbox.js';
import { formatCents } from '../../runtime/money.js';
import { instalmentBrand, instalmentPill, type InstalmentSettings } from '../../../domain/commerce/instalments.js';

/**
 * The instalment pill under a physical product's price, and its info popup (SPEC §4:
 * Escape, the close button or a click outside close it; focus is trapped while open).
 */
export function InstalmentMessage({ priceCents, currency, settings, locale }: { priceCents: number; currency: string; settings: InstalmentSettings; locale: string }) {
  const [open, setOpen] = useState(false);
  const brand = instalmentBrand(locale);
  const pill = instalmentPill(priceCents, settings, locale, (minor) => formatCents(minor, currency, locale));
  if (!brand || !pill) return null;
  return (
    <p className="instalment-pill">
      {pill.text}
      {pill.brand && <strong> {pill.brand}</strong>}{' '}
      <button type="button" className="instalment-info" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Info
      </button>
      {open && (
        <Lightbox label={`Pay in ${settings.numInstallments} with ${brand}`} onClose={() => setOpen(false)} className="instalment-popup">
          <h2>Pay in {settings.numInstallments} with {brand}</h2>
          <p>
            Split your purchase into {settings.numInstallments} interest-free payments, every two weeks, for orders over {formatCents(settings.minCents, currency)} and up to{' '}
            {formatCents(settings.maxCents, currency)}.
          </p>
        </Lightbox>
      )}
    </p>
  );
}
