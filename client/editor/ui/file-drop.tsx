import { useState, type DragEvent, type InputHTMLAttributes, type ReactNode } from 'react';

export type FileDropProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'children' | 'className'> & {
  /** The label's text: what to choose, and that it may be dropped. */
  label: string;
  /** The picked or dropped file (undefined when the picker was closed without one). */
  onFile: (file: File | undefined) => void | Promise<void>;
  /** The zone's own class beside `ui-drop` (the screen's styles and tests). */
  className?: string;
  /** A new value empties the input, so that choosing the same file again reads it again. */
  resetKey?: number;
  /** Shown under the input inside the zone (the chosen file's name). */
  children?: ReactNode;
};

/**
 * A zone that takes one file: picked through a labelled native file input (Tab reaches it,
 * Enter or Space opens the picker, the focus ring shows on the zone) or dropped on the zone,
 * which is outlined while a drag is over it. Other props go to the input.
 *
 * @example <FileDrop label="Choose a CSV file, or drop it here" accept=".csv" onFile={open} data-import-file />
 */
export function FileDrop({ label, onFile, className, resetKey, children, ...input }: FileDropProps) {
  const [dragging, setDragging] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void onFile(e.dataTransfer.files[0]);
  };
  return (
    <div
      className={className ? `ui-drop ${className}` : 'ui-drop'}
      data-dragging={dragging || undefined}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <label className="ui-field">
        <span>{label}</span>
        <input key={resetKey} type="file" {...input} onChange={(e) => void onFile(e.target.files?.[0])} />
      </label>
      {children}
    </div>
  );
}
