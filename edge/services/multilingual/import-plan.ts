import type { ImportedText } from './exchange.js';
import type { TranslatableText } from './sources.js';
import { translationKey } from './sources.js';

/** A text an imported file would add or change, with what is stored now (issue 29). */
export interface ImportChange {
  kind: TranslatableText['kind'];
  entityId: string;
  fieldKey: string;
  entityTitle: string;
  source: string;
  change: 'new' | 'changed';
  before: string | null;
  beforeStatus: TranslatableText['status'];
  text: string;
  status: 'draft' | 'done';
}

/** A unit of the file that is not imported, and why (the owner sees `reason`). */
export interface ImportRefusal {
  kind: string;
  entityId: string;
  fieldKey: string;
  reason: string;
}

export interface ImportPlan {
  changes: ImportChange[];
  unchanged: number;
  refused: ImportRefusal[];
}

export const REFUSALS = {
  unknown: 'The site has no such text (it may have been removed since the file was exported).',
  twice: 'The file translates this text more than once; only its first translation is used.',
} as const;

/**
 * What importing `file` into a language would do, given the site's texts in that language now:
 * texts never translated are new, ones whose text or status differ are changed, the rest
 * unchanged. Units naming a text the site does not have, and repeats, are refused. Pure.
 */
export function planImport(current: readonly TranslatableText[], file: readonly ImportedText[]): ImportPlan {
  const byKey = new Map(current.map((t) => [translationKey(t), t]));
  const seen = new Set<string>();
  const plan: ImportPlan = { changes: [], unchanged: 0, refused: [] };
  for (const unit of file) {
    const key = translationKey(unit);
    const at = byKey.get(key);
    const refuse = (reason: string) => plan.refused.push({ kind: unit.kind, entityId: unit.entityId, fieldKey: unit.fieldKey, reason });
    if (!at) refuse(REFUSALS.unknown);
    else if (seen.has(key)) refuse(REFUSALS.twice);
    else if (at.status === unit.status && at.text === unit.text) plan.unchanged++;
    else {
      plan.changes.push({
        kind: at.kind, entityId: at.entityId, fieldKey: at.fieldKey, entityTitle: at.entityTitle, source: at.source,
        change: at.status === 'missing' ? 'new' : 'changed', before: at.text, beforeStatus: at.status, text: unit.text, status: unit.status,
      });
    }
    seen.add(key);
  }
  return plan;
}

/** The preview's counts. */
export function planCounts(plan: ImportPlan): { new: number; changed: number; unchanged: number; refused: number } {
  const added = plan.changes.filter((c) => c.change === 'new').length;
  return { new: added, changed: plan.changes.length - added, unchanged: plan.unchanged, refused: plan.refused.length };
}
