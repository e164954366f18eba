import { useEffect, useState } from 'react';
import type { GiftCardAdjustment, OwnerGiftCard } from '../../../../edge/services/owner-commerce/gift-cards.js';
import { fractionDigits } from '../../../../domain/money/fraction-digits.js';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { useOwner } from '../../context.js';
import { formatMoney, formatTime } from '../../format.js';
import { Button } from '../../ui/button.js';
import { Dialog } from '../../ui/dialog.js';
import { SelectField, TextField } from '../../ui/fields.js';

const API = '/api/commerce/owner/gift-cards';

/**
 * An amount typed in the card's currency to minor units, by splitting the text (no float
 * arithmetic): '12.5' USD -> 1250, '1200' JPY -> 1200; undefined when it is no amount.
 * @example amountToMinor('25,05', 'EUR') === 2505
 */
export function amountToMinor(text: string, currency: string): number | undefined {
  const digits = fractionDigits(currency);
  const m = (digits === 0 ? /^\s*(\d{1,9})\s*$/ : new RegExp(`^\\s*(\\d{1,7})(?:[.,](\\d{1,${digits}}))?\\s*$`)).exec(text);
  if (!m) return undefined;
  return Number(m[1]) * 10 ** digits + Number((m[2] ?? '').padEnd(digits, '0') || '0');
}

const DIRECTIONS = [
  { value: 'add', label: 'Add to the balance' },
  { value: 'take', label: 'Take from the balance' },
] as const;

/**
 * Adjust a card's balance with a reason (POST .../adjust, one atomic server-side update) and
 * read the card's adjustment history. `onAdjusted` refreshes the list.
 */
export function AdjustDialog({ card, onClose, onAdjusted }: { card: OwnerGiftCard | undefined; onClose: () => void; onAdjusted: (message: string) => void }) {
  const { timeZone } = useOwner();
  const [direction, setDirection] = useState<'add' | 'take'>('add');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [history, setHistory] = useState<GiftCardAdjustment[] | undefined>();

  useEffect(() => {
    setDirection('add');
    setAmount('');
    setReason('');
    setErrors({});
    setFailure('');
    setHistory(undefined);
    if (!card) return;
    let live = true;
    ownerFetch<{ adjustments: GiftCardAdjustment[] }>('GET', `${API}/${encodeURIComponent(card.id)}/adjustments`)
      .then((a) => live && setHistory(a.adjustments))
      .catch(() => live && setHistory([]));
    return () => {
      live = false;
    };
  }, [card]);

  const save = async () => {
    if (!card) return;
    const minor = amountToMinor(amount, card.currency);
    const found: Record<string, string> = {};
    if (minor === undefined || minor < 1) found.deltaCents = 'Enter an amount above zero.';
    if (!reason.trim()) found.reason = 'Enter a reason.';
    setErrors(found);
    setFailure('');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await ownerFetch<{ balanceCents: number }>('POST', `${API}/${encodeURIComponent(card.id)}/adjust`, { deltaCents: direction === 'add' ? minor : -minor!, reason: reason.trim() });
      onAdjusted(`Gift card •••• ${card.last4} now holds ${formatMoney(answer.balanceCents, card.currency)}.`);
    } catch (error) {
      if (error instanceof OwnerApiError) setErrors(error.fields);
      setFailure(error instanceof OwnerApiError ? error.message : TEXT.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={card !== undefined}
      title={`Adjust the gift card ending ${card?.last4 ?? ''}`}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button busy={busy} onClick={() => void save()}>
            Save adjustment
          </Button>
        </>
      }
    >
      {card ? <p>Balance now: {formatMoney(card.balanceCents, card.currency)}</p> : null}
      <form
        className="owner-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <SelectField label="Adjustment" value={direction} options={DIRECTIONS} onChange={(e) => setDirection(e.target.value as 'add' | 'take')} />
        <TextField label={`Amount (${card?.currency ?? ''})`} inputMode="decimal" value={amount} error={errors.deltaCents} onChange={(e) => setAmount(e.target.value)} />
        <TextField label="Reason" value={reason} maxLength={500} error={errors.reason} onChange={(e) => setReason(e.target.value)} />
      </form>
      {failure ? <p role="alert">{failure}</p> : null}
      <h3>History</h3>
      {history === undefined ? (
        <p>Loading…</p>
      ) : history.length === 0 ? (
        <p>No adjustments yet.</p>
      ) : (
        <ul className="owner-history" aria-label="Adjustment history">
          {history.map((h) => (
            <li key={h.id}>
              {h.deltaCents > 0 ? '+' : '−'}
              {formatMoney(Math.abs(h.deltaCents), card!.currency)} → {formatMoney(h.balanceAfterCents, card!.currency)}: {h.reason} ({h.byEmail}, {formatTime(h.createdOn, timeZone)})
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
