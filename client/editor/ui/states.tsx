import type { ReactNode } from 'react';
import { TEXT } from '../api.js';
import { Button } from './button.js';

/** What a screen shows when a list has nothing in it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="ui-empty" data-state="empty">
      <p>
        <strong>{title}</strong>
      </p>
      {children}
    </div>
  );
}

/** Grey bars while a screen loads; announced as busy, not read out line by line. */
export function Skeleton({ rows = 5, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div className="ui-skeleton" data-state="loading" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} />
      ))}
    </div>
  );
}

/** A failed load: SPEC §8's text (or the server's message) and a retry button. */
export function ErrorPanel({ message = TEXT.loadRetry, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <div className="ui-error" data-state="error" role="alert">
      <p>{message}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
