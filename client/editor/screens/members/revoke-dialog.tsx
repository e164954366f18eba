import { useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { nextChargeText, planBillable, planPriceText } from './plan-text.js';
import type { Member } from './types.js';

export type RevokeChoice = 'stop' | 'keep';

/**
 * Asks before revoking a member's access and says what happens. A paying member's plan is
 * stopped with the access by default (no further charges); the owner may keep it instead,
 * told plainly that the member then goes on paying. The member is mailed either way.
 */
export function RevokeDialog({
  member, areaName, timeZone, busy, error, onConfirm, onClose,
}: {
  member: Member | undefined;
  areaName: string;
  timeZone: string;
  busy: boolean;
  error: string;
  onConfirm: (choice: RevokeChoice) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [choice, setChoice] = useState<RevokeChoice>('stop');
  useEffect(() => setChoice('stop'), [member?.id]);
  const plan = member?.plan ?? null;
  const paying = planBillable(plan);
  return (
    <ConfirmDialog
      open={member !== undefined}
      title={`Revoke access of ${member?.email ?? ''}?`}
      keep="Keep access"
      confirm={paying && choice === 'stop' ? 'Revoke and stop plan' : 'Revoke access'}
      busy={busy}
      error={error}
      onConfirm={() => onConfirm(paying ? choice : 'stop')}
      onClose={onClose}
    >
      {paying ? (
        <>
          <p>
            {member?.email} pays {planPriceText(plan)} for {areaName}
            {plan.nextChargeOn === null ? '.' : `; the next charge is on ${nextChargeText(plan, timeZone)}.`}
          </p>
          <fieldset className="member-revoke-choice">
            <legend>Their plan</legend>
            <p>
              <label className="ui-check">
                <input type="radio" name="revoke-plan" aria-describedby={`${id}-stop`} checked={choice === 'stop'} onChange={() => setChoice('stop')} /> Revoke access and stop their plan
              </label>
              <br />
              <small id={`${id}-stop`}>Access ends now and the subscription is canceled: no further charges.</small>
            </p>
            <p>
              <label className="ui-check">
                <input type="radio" name="revoke-plan" aria-describedby={`${id}-keep`} checked={choice === 'keep'} onChange={() => setChoice('keep')} /> Revoke access only
              </label>
              <br />
              <small id={`${id}-keep`}>Access ends now, but they keep being charged {planPriceText(plan)} until the plan is canceled on the Subscriptions screen.</small>
            </p>
          </fieldset>
        </>
      ) : (
        <p>
          {member?.email} loses access to {areaName} now. You can grant it again later; granting never restarts a plan.
        </p>
      )}
      <p>They get a mail saying their access has ended.</p>
    </ConfirmDialog>
  );
}
