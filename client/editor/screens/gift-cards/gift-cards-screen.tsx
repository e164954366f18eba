import { useMemo, useState, type FormEvent } from 'react';
import { createColumnHelper } from '@tanstack/table-core';
import type { GiftCardBalance, OwnerGiftCard } from '../../../../edge/services/owner-commerce/gift-cards.js';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { useOwner } from '../../context.js';
import { moneyColumn, timeColumn } from '../../data-table/columns.js';
import { DataTable, type PageRequest } from '../../data-table/data-table.js';
import { formatMoney, formatTime } from '../../format.js';
import { Link } from '../../router.js';
import { useRowAction } from '../../use-row-action.js';
import { useUnsavedChanges } from '../../use-unsaved-changes.js';
import { Button } from '../../ui/button.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { SelectField, TextField } from '../../ui/fields.js';
import { languageName } from '../../../../domain/languages/languages.js';
import { useToast } from '../../ui/toast.js';
import { AdjustDialog } from './adjust-dialog.js';

const API = '/api/commerce/owner/gift-cards';
const column = createColumnHelper<OwnerGiftCard>();

/**
 * '25', '25.5', '25.50' -> 2500, 2550, 2550 (two-decimal currencies); undefined when it is
 * no amount. The string is split, never multiplied as a float.
 */
export function amountToCents(text: string): number | undefined {
  const m = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/**
 * /config/gift-cards: the cards the store issued (never their codes: the last four only),
 * issuing one by hand (the code is mailed to the recipient), a balance check by code,
 * adjusting a balance with a reason (with the card's adjustment history), and disabling a
 * card after a confirmation.
 */
export function GiftCardsScreen() {
  const { timeZone } = useOwner();
  const toast = useToast();
  const [version, setVersion] = useState(0);
  const disabling = useRowAction<OwnerGiftCard>(() => setVersion((v) => v + 1));
  const [adjusting, setAdjusting] = useState<OwnerGiftCard | undefined>();
  // Issue form.
  const [amount, setAmount] = useState('');
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  // The site's published languages, the primary first (the list's answer); a choice only with added ones.
  const [languages, setLanguages] = useState<string[]>([]);
  const [recipientLanguage, setRecipientLanguage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [issuing, setIssuing] = useState(false);
  // Balance check.
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState('');
  const [balance, setBalance] = useState<GiftCardBalance | undefined>();
  const [checking, setChecking] = useState(false);

  const issue = async (): Promise<boolean> => {
    const cents = amountToCents(amount);
    const found: Record<string, string> = {};
    if (cents === undefined || cents < 1) found.amountCents = 'Enter an amount above zero.';
    else if (cents > 1_000_000) found.amountCents = 'A gift card holds at most 10,000.00.';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) found.email = 'Enter a valid email address.';
    setErrors(found);
    setFailure('');
    if (Object.keys(found).length > 0) return false;
    setIssuing(true);
    try {
      const language = languages.length > 1 ? recipientLanguage || languages[0] : undefined;
      const answer = await ownerFetch<{ giftCard: { last4: string } }>('POST', API, {
        amountCents: cents, email: email.trim(), ...(note.trim() ? { note: note.trim() } : {}), ...(language ? { language } : {}),
      });
      toast(`Gift card •••• ${answer.giftCard.last4} issued; the code was mailed to ${email.trim()}.`);
      setAmount('');
      setEmail('');
      setNote('');
      setVersion((v) => v + 1);
      return true;
    } catch (error) {
      if (error instanceof OwnerApiError) setErrors(error.fields);
      setFailure(error instanceof OwnerApiError ? error.message : TEXT.failed);
      return false;
    } finally {
      setIssuing(false);
    }
  };
  const unsaved = useUnsavedChanges(amount !== '' || email !== '' || note !== '', issue);
  /** A field's message goes once the owner changes the field. */
  const edit = (field: string, set: (value: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const check = async (e: FormEvent) => {
    e.preventDefault();
    setBalance(undefined);
    if (!code.trim()) return setCodeError('Enter a gift card code.');
    setCodeError('');
    setChecking(true);
    try {
      setBalance((await ownerFetch<{ giftCard: GiftCardBalance }>('POST', `${API}/balance`, { code })).giftCard);
    } catch (error) {
      setCodeError(error instanceof OwnerApiError ? (error.fields.code ?? error.message) : TEXT.failed);
    } finally {
      setChecking(false);
    }
  };

  const columns = useMemo(
    () => [
      column.accessor('last4', { header: 'Card', enableSorting: false, cell: (c) => `•••• ${c.getValue()}` }),
      timeColumn(column, 'createdOn', { header: 'Issued', timeZone }),
      moneyColumn(column, 'initialCents', { header: 'Initial', currency: (card) => card.currency }),
      moneyColumn(column, 'balanceCents', { header: 'Remaining', currency: (card) => card.currency }),
      column.accessor('orderNumber', {
        header: 'Bought with',
        enableSorting: false,
        cell: (c) => (c.getValue() === null ? 'Issued by hand' : <Link href={`/config/orders/${c.getValue()}`}>#{c.getValue()}</Link>),
      }),
      column.accessor('redemptions', {
        header: 'Redeemed on',
        enableSorting: false,
        cell: (c) =>
          c.getValue().length === 0
            ? 'None'
            : c.getValue().map((r, i) => (
                <span key={r.orderNumber}>
                  {i ? ', ' : ''}
                  <Link href={`/config/orders/${r.orderNumber}`}>#{r.orderNumber}</Link> {formatMoney(r.amountCents, c.row.original.currency)}
                </span>
              )),
      }),
      column.display({
        id: 'state',
        header: 'State',
        enableHiding: false,
        cell: (c) =>
          c.row.original.disabledOn === null ? (
            <span className="owner-row-actions">
              Active
              <Button variant="secondary" aria-label={`Adjust the balance of the gift card ending ${c.row.original.last4}`} onClick={() => setAdjusting(c.row.original)}>
                Adjust
              </Button>
              <Button
                variant="secondary"
                aria-label={`Disable the gift card ending ${c.row.original.last4}`}
                onClick={() => disabling.open(c.row.original)}
              >
                Disable
              </Button>
            </span>
          ) : (
            `Disabled ${formatTime(c.row.original.disabledOn, timeZone)}`
          ),
      }),
    ],
    [timeZone],
  );
  const fetchPage = async (request: PageRequest) => {
    const answer = await ownerFetch<{ giftCards: OwnerGiftCard[]; next: string | null; languages?: string[] }>('GET', `${API}${request.cursor ? `?after=${encodeURIComponent(request.cursor)}` : ''}`);
    setLanguages(answer.languages ?? []);
    return { rows: answer.giftCards, next: answer.next };
  };
  const disable = () =>
    disabling.run(async (card) => {
      await ownerFetch('POST', `${API}/${encodeURIComponent(card.id)}/disable`);
      return `Gift card •••• ${card.last4} disabled. Checkout no longer accepts it.`;
    });

  return (
    <>
      <h1>Gift cards</h1>
      <DataTable
        label="Gift cards"
        columns={columns}
        getRowId={(r) => r.id}
        fetchPage={fetchPage}
        filterKey={String(version)}
        searchable={false}
        pageSizes={[50]}
        emptyTitle="No gift cards yet. A card is issued for each gift card a shopper buys."
      />
      <div className="owner-columns">
        <section className="owner-panel" aria-labelledby="issue-heading">
          <h2 id="issue-heading">Issue a gift card</h2>
          <form
            className="owner-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void issue();
            }}
          >
            <TextField label="Amount" inputMode="decimal" value={amount} error={errors.amountCents} hint="For example 25.00" onChange={edit('amountCents', setAmount)} />
            <TextField label="Recipient email" type="email" value={email} maxLength={256} error={errors.email} onChange={edit('email', setEmail)} />
            <TextField label="Note in the mail (optional)" value={note} maxLength={500} error={errors.note} onChange={edit('note', setNote)} />
            {languages.length > 1 ? (
              <SelectField
                label="Recipient's language"
                value={recipientLanguage || languages[0]}
                options={languages.map((tag) => ({ value: tag, label: languageName(tag, 'en') }))}
                onChange={edit('language', setRecipientLanguage)}
              />
            ) : null}
            <div>
              <Button type="submit" busy={issuing}>
                Issue gift card
              </Button>
            </div>
            {failure ? <p role="alert">{failure}</p> : null}
          </form>
        </section>
        <section className="owner-panel" aria-labelledby="balance-heading">
          <h2 id="balance-heading">Check a balance</h2>
          <form className="owner-form" noValidate onSubmit={(e) => void check(e)}>
            <TextField label="Gift card code" autoComplete="off" value={code} maxLength={40} error={codeError}
              onChange={(e) => {
                setCode(e.target.value);
                setCodeError('');
              }}
            />
            <div>
              <Button type="submit" variant="secondary" busy={checking}>
                Check balance
              </Button>
            </div>
          </form>
          {balance ? (
            <p role="status" data-balance>
              Card •••• {balance.last4}: {formatMoney(balance.balanceCents, balance.currency)} left of {formatMoney(balance.initialCents, balance.currency)}
              {balance.disabled ? ' (disabled)' : ''}.
            </p>
          ) : null}
        </section>
      </div>
      <ConfirmDialog
        open={disabling.row !== undefined}
        title={`Disable the gift card ending ${disabling.row?.last4 ?? ''}?`}
        confirm="Disable"
        busy={disabling.busy}
        error={disabling.error}
        onConfirm={() => void disable()}
        onClose={disabling.close}
      >
        <p>Checkout no longer accepts it. This cannot be undone.</p>
      </ConfirmDialog>
      <AdjustDialog
        card={adjusting}
        onClose={() => setAdjusting(undefined)}
        onAdjusted={(message) => {
          toast(message);
          setAdjusting(undefined);
          setVersion((v) => v + 1);
        }}
      />
      {unsaved}
    </>
  );
}
