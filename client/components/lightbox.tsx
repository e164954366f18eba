import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { LIGHTBOX_RESIZE_DEBOUNCE_MS, LIGHTBOX_TOP_MARGIN_PX } from '../../domain/constants/storefront.js';
import { focusableIn, trapTab } from './focus-trap.js';

export interface LightboxProps {
  /** Accessible name of the dialog. */
  label: string;
  onClose: () => void;
  children: ReactNode;
  theme?: 'dark' | 'light';
  className?: string;
}

/**
 * The modal lightbox of SPEC §2 (additional-fields form, quick view, gallery): focus
 * trapped inside, Escape and a click outside close it, focus returns to the opener.
 * Content taller than the window sits 50 px from the top; otherwise it is centred.
 * The fit is measured again on resize, debounced 100 ms.
 */
export function Lightbox({ label, onClose, children, theme = 'light', className = '' }: LightboxProps) {
  const panel = useRef<HTMLDivElement>(null);
  const [tall, setTall] = useState(false);

  useLayoutEffect(() => {
    const measure = () => {
      if (panel.current) setTall(panel.current.scrollHeight + 2 * LIGHTBOX_TOP_MARGIN_PX > window.innerHeight);
    };
    measure();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, LIGHTBOX_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [children]);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const root = panel.current!;
    (focusableIn(root)[0] ?? root).focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (panel.current) trapTab(event, panel.current);
  };

  return createPortal(
    <div
      className={`lightbox-overlay lightbox-${theme}${tall ? ' is-tall' : ''}`}
      onMouseDown={(event) => {
        // A press that starts on the backdrop (outside the panel) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={onKeyDown}
    >
      <div
        ref={panel}
        className={`lightbox-panel ${className}`}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        style={tall ? { marginTop: LIGHTBOX_TOP_MARGIN_PX } : undefined}
      >
        <button type="button" className="lightbox-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
        {children}
      </div>
    </div>,
    document.body,
  );
}
